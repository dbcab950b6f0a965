import type { Scope } from '../../vocabulary/scopes.ts';
import type { Log, Page, PageRequest } from '../ports.ts';
import type { ClientLockout } from '../quotas/lockout.ts';
import type { PlanName } from '../quotas/plans.ts';
import type { UsagePlanAssigner } from '../quotas/ports.ts';
import type { StagedWrite } from '../unit-of-work.ts';
import type {
  Account,
  AccountManager,
  AccountStatus,
  ApplicationRecord,
  PartnerCertificate,
} from './model.ts';

/** Account storage (shared/db/entities/account.ts). Writes are staged: the request's transaction commits them. */
export interface AccountStore {
  /** Strongly consistent. */
  find(accountId: string): Promise<Account | undefined>;
  /** Newest first. */
  list(page: PageRequest): Promise<Page<Account>>;
  /** A new account; never overwrites one. */
  create(account: Account): StagedWrite;
  /**
   * Counts a new application against the account, on the condition that it is still active and under
   * `max`; `refusal` turns the account found (or none) into the error a failed condition answers.
   */
  countNewApplication(
    accountId: string,
    max: number,
    refusal: (found: Account | undefined) => Error,
  ): StagedWrite;
  /** Disables the account provided no application was counted since `account` was read. */
  disable(account: Account, at: string): StagedWrite;
  /** Sets the account's plan; the account must exist. */
  changePlan(accountId: string, plan: PlanName, at: string): StagedWrite;
  /** Enables the disabled account, provided it is still disabled and no application was counted since. */
  enable(account: Account, at: string): StagedWrite;
  /**
   * Replaces the fingerprints of the account's active certificates (what authentication reads), provided
   * its certificates did not change since `account` was read; raises `certificatesVersion`.
   */
  setActiveCertificates(account: Account, fingerprints: readonly string[], at: string): StagedWrite;
}

/**
 * The certificates of accounts (shared/db/entities/partner-certificate.ts): one item per certificate in
 * its account's partition; active ones are indexed by expiry for the expiry check.
 */
export interface PartnerCertificateStore {
  /** Every certificate stored for the account, newest first; strongly consistent. */
  listOfAccount(accountId: string): Promise<PartnerCertificate[]>;
  /** A new certificate; never overwrites one. */
  create(certificate: PartnerCertificate): StagedWrite;
  /** Revokes the certificate, provided it is still active (else 409 CertificateInvalidState). */
  revoke(certificate: PartnerCertificate, at: string): StagedWrite;
}

/** Active certificates that expire soon (shared/db/entities/partner-certificate.ts, the expiry index). */
export interface CertificateExpiryIndex {
  /** Active certificates whose `notAfter` lies in [from, until), soonest first. */
  expiringBetween(from: Date, until: Date): Promise<PartnerCertificate[]>;
}

/** Account managers (shared/db/entities/account-manager.ts): one item per account and employee. */
export interface AccountManagerStore {
  /** A new assignment; the same employee on the same account again fails with 409 AlreadyCompanyMember. */
  add(manager: AccountManager): StagedWrite;
  /** In the order they were assigned. */
  listOfAccount(accountId: string, page: PageRequest): Promise<Page<AccountManager>>;
}

/** Application storage (shared/db/entities/application.ts): one item per client id. */
export interface ApplicationStore {
  /** Strongly consistent: a disable or a secret rotation holds from the very next token request. */
  find(clientId: string): Promise<ApplicationRecord | undefined>;
  /** Newest first, read from an index: an application created a moment ago may be missing yet. */
  listOfAccount(accountId: string, page: PageRequest): Promise<Page<ApplicationRecord>>;
  create(application: ApplicationRecord): StagedWrite;
  /** Disables the application of the account it was read from and starts a new token generation. */
  disable(application: ApplicationRecord, at: string): StagedWrite;
  /** Enables the application, provided it is still disabled and of the account it was read from. */
  enable(application: ApplicationRecord, at: string): StagedWrite;
  /**
   * Conditional on the hash it replaces: of two concurrent rotations only one secret is ever handed out.
   * Starts a new token generation.
   */
  replaceSecret(application: ApplicationRecord, secretHash: string, at: string): StagedWrite;
  /**
   * Copies the account's status onto one of its applications, where the token endpoint and the
   * verifiers read it; copying `Disabled` starts a new token generation.
   */
  copyAccountStatus(clientId: string, status: AccountStatus): StagedWrite;
}

/** A certificate as issued (shared/pki/certificates.ts issues every one the service makes). */
export interface SignedCertificate {
  certificatePem: string;
  serialNumber: string;
  fingerprintSha256: string;
  subject: string;
  notBefore: Date;
  notAfter: Date;
}

/**
 * The partner CA (shared/pki/partner-ca.ts), which only the certificate-signing function holds; the
 * admin function reaches it through that function (shared/pki/signing-function.ts).
 */
export interface CertificateSigner {
  /**
   * Signs the partner's CSR for the account: its subject CN is the account id. A CSR that is not PEM,
   * fails its proof of possession or holds a weak key is refused with a ValidationError (422).
   */
  signPartnerCsr(input: { csrPem: string; accountId: string; now: Date }): Promise<SignedCertificate>;
}

/**
 * Makes client credentials (shared/auth/client-secrets.ts): the secret is handed out once and only its
 * keyed hash is stored.
 */
export interface ClientCredentialIssuer {
  newClientId(): string;
  newClientSecret(): string;
  /** The keyed hash; the first call of a container reads the key from the secret store. */
  hasher(): Promise<(secret: string) => string>;
}

/** Checks presented client credentials against the stored keyed hash (shared/auth/client-secrets.ts). */
export interface ClientCredentialVerifier {
  /** Anything else is no client of ours and never reaches the store as a key. */
  isClientId(value: string): boolean;
  /**
   * Constant time in the secret. Without a stored hash (unknown client) it compares against a dummy,
   * so the answer takes as long as for a wrong secret.
   */
  verifier(): Promise<(secret: string, storedHash: string | undefined) => boolean>;
}

/** What the token endpoint answers with. */
export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
  scopes: readonly Scope[];
}

/** Signs partner access tokens (shared/auth/tokens.ts). */
export interface TokenIssuer {
  issuePartnerToken(
    claims: { clientId: string; accountId: string; scopes: readonly Scope[]; tokenGeneration: number },
    now: Date,
  ): Promise<IssuedToken>;
}

/** What the operator's account and application operations need. */
export interface AccountPorts {
  accounts: AccountStore;
  applications: ApplicationStore;
  certificates: CertificateSigner;
  partnerCertificates: PartnerCertificateStore;
  credentials: ClientCredentialIssuer;
  /** Puts the account's API Gateway key in its plan's usage plan (AWS); nothing to do locally. */
  usagePlans: UsagePlanAssigner;
}

/** What the token endpoint's client credentials grant needs. */
export interface TokenGrantPorts {
  /** One strongly consistent read by client id, nothing else. */
  applications: Pick<ApplicationStore, 'find'>;
  credentials: ClientCredentialVerifier;
  tokens: TokenIssuer;
  /** Bad secrets lock a client_id from a source address for a while (shared/domain/quotas/lockout.ts). */
  lockout: Pick<ClientLockout, 'check' | 'recordFailure' | 'recordSuccess'>;
  log: Log;
}
