import type { Scope } from '../../vocabulary/scopes.ts';
import type { PlanName } from '../quotas/plans.ts';

export type AccountKind = 'partner' | 'operator';
export type AccountStatus = 'Active' | 'Disabled';
export type ApplicationStatus = 'Active' | 'Disabled';

/** The mTLS client certificate issued from the account's CSR; its subject CN is the account id. */
export interface AccountCertificate {
  serialNumber: string;
  fingerprintSha256: string;
  subject: string;
  notBefore: string;
  notAfter: string;
  pem: string;
}

export type CertificateStatus = 'Active' | 'Revoked';

/** One of an account's mTLS client certificates (docs/accounts.md, Certificates). */
export interface PartnerCertificate extends AccountCertificate {
  accountId: string;
  status: CertificateStatus;
  /** When it was issued by this service (its notBefore may be backdated). */
  createdAt: string;
  revokedAt: string | null;
}

/** Active certificates per account: enough to roll one over while another is being replaced. */
export const maxActiveCertificatesPerAccount = 3;

/** A certificate just signed for the account, as it is stored. */
export function issuedCertificate(
  accountId: string,
  signed: {
    certificatePem: string;
    serialNumber: string;
    fingerprintSha256: string;
    subject: string;
    notBefore: Date;
    notAfter: Date;
  },
  createdAt: string,
): PartnerCertificate {
  return {
    accountId,
    serialNumber: signed.serialNumber,
    fingerprintSha256: signed.fingerprintSha256,
    subject: signed.subject,
    notBefore: signed.notBefore.toISOString(),
    notAfter: signed.notAfter.toISOString(),
    pem: signed.certificatePem,
    status: 'Active',
    createdAt,
    revokedAt: null,
  };
}

export function accountCertificateOf({
  serialNumber,
  fingerprintSha256,
  subject,
  notBefore,
  notAfter,
  pem,
}: PartnerCertificate): AccountCertificate {
  return { serialNumber, fingerprintSha256, subject, notBefore, notAfter, pem };
}

/** A tenant. Operator accounts hold the applications that may be granted the identity (admin) scopes. */
export interface Account {
  accountId: string;
  name: string;
  kind: AccountKind;
  status: AccountStatus;
  /** The rate limit plan metering the account's requests (docs/quotas.md). */
  plan: PlanName;
  /** The certificate issued when the account was created (the account views show it). */
  certificate: AccountCertificate;
  /**
   * SHA-256 fingerprints (hex) of the account's active certificates: a call's client certificate must
   * be one of them. An account stored before certificates per account lists its first one.
   */
  activeCertificateFingerprints: string[];
  /**
   * Raised by every certificate change, which is conditional on it; 0 on an account stored before
   * certificates per account, whose first certificate exists only inside the account.
   */
  certificatesVersion: number;
  /** Applications ever created; caps them and detects a create racing a disable. */
  applicationCount: number;
  createdAt: string;
  updatedAt: string;
}

/** Holds client credentials and the scopes its tokens may carry. */
export interface Application {
  clientId: string;
  accountId: string;
  name: string;
  allowedScopes: Scope[];
  status: ApplicationStatus;
  /** Copied from the account, so issuing a token reads one item. */
  accountStatus: AccountStatus;
  createdAt: string;
  updatedAt: string;
  secretRotatedAt: string | null;
}

/** What the store keeps beside the application: the keyed hash of its client secret, never the secret. */
export interface ApplicationRecord extends Application {
  secretHash: string;
  /**
   * The generation of the application's tokens: each token carries the generation it was issued in,
   * and verifiers refuse one of an older generation. Rotating the secret and disabling the application
   * or its account start a new one, so enabling again revives no token (docs/accounts.md, Token generations).
   */
  tokenGeneration: number;
}

/** Applications per account, disabled ones included: disabling an account updates them in one transaction. */
export const maxApplicationsPerAccount = 50;

/** An employee assigned to look after a partner account (docs/employees.md). */
export interface AccountManager {
  accountId: string;
  /** The employee's id at the identity provider. */
  employeeId: string;
  assignedAt: string;
  /** The employee who made the assignment. */
  assignedBy: string;
}
