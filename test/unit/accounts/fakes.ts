import type {
  Account,
  ApplicationRecord,
  PartnerCertificate,
} from '../../../shared/domain/accounts/model.ts';
import type {
  AccountStore,
  ApplicationStore,
  CertificateExpiryIndex,
  CertificateSigner,
  ClientCredentialIssuer,
  ClientCredentialVerifier,
  PartnerCertificateStore,
  SignedCertificate,
  TokenIssuer,
} from '../../../shared/domain/accounts/ports.ts';
import {
  ConcurrentChangeError,
  ConflictError,
  ServiceUnavailableError,
} from '../../../shared/domain/errors.ts';
import type { Page, PageRequest } from '../../../shared/domain/ports.ts';
import type { PlanName } from '../../../shared/domain/quotas/plans.ts';
import type { UsagePlanAssigner } from '../../../shared/domain/quotas/ports.ts';
import { type FakeWrite, fakeWrite, newKeyWrite } from '../support/unit-of-work.ts';

export const now = new Date('2030-01-01T00:00:00.000Z');

export function anAccount(overrides: Partial<Account> = {}): Account {
  return {
    accountId: '0b3c6a7e-0000-4000-8000-000000000001',
    name: 'Acme',
    kind: 'partner',
    status: 'Active',
    plan: 'standard',
    certificate: {
      serialNumber: '0a1b',
      fingerprintSha256: 'ff00',
      subject: 'CN=0b3c6a7e-0000-4000-8000-000000000001',
      notBefore: '2030-01-01T00:00:00.000Z',
      notAfter: '2031-01-01T00:00:00.000Z',
      pem: '-----BEGIN CERTIFICATE-----\n...\n-----END CERTIFICATE-----\n',
    },
    activeCertificateFingerprints: ['ff00'],
    certificatesVersion: 1,
    applicationCount: 0,
    createdAt: '2029-12-01T00:00:00.000Z',
    updatedAt: '2029-12-01T00:00:00.000Z',
    ...overrides,
  };
}

export function anApplication(overrides: Partial<ApplicationRecord> = {}): ApplicationRecord {
  return {
    clientId: 'pts_existing-application-001',
    accountId: anAccount().accountId,
    name: 'Booking backend',
    allowedScopes: ['catalog.lounges:read', 'booking.lounges:write', 'webhooks'],
    status: 'Active',
    accountStatus: 'Active',
    createdAt: '2029-12-02T00:00:00.000Z',
    updatedAt: '2029-12-02T00:00:00.000Z',
    secretRotatedAt: null,
    secretHash: 'hash(ptss_current)',
    tokenGeneration: 0,
    ...overrides,
  };
}

/** Newest first, as a `gsi1` key `<created_at>#<id>` read backwards. */
const newestFirst = <T extends { createdAt: string }>(items: Iterable<T>, id: (item: T) => string) =>
  [...items].sort((a, b) => `${b.createdAt}#${id(b)}`.localeCompare(`${a.createdAt}#${id(a)}`));

/** Pages by position: the cursor is the index of the next item. */
function pageOf<T>(items: T[], page: PageRequest, pageSize: number): Page<T> {
  const start = page.cursor === undefined ? 0 : Number(page.cursor);
  const end = start + Math.min(page.limit, pageSize);
  return { items: items.slice(start, end), nextCursor: end < items.length ? String(end) : null };
}

export class MemoryAccounts implements AccountStore {
  readonly accounts = new Map<string, Account>();
  /** Fails the count's condition whatever the account looks like: a race with a write since undone. */
  countConditionFails = false;

  constructor(...accounts: Account[]) {
    for (const account of accounts) this.accounts.set(account.accountId, account);
  }

  async find(accountId: string) {
    return this.accounts.get(accountId);
  }

  async list(page: PageRequest) {
    const listed = newestFirst(this.accounts.values(), (account) => account.accountId);
    return pageOf(listed, page, Number.POSITIVE_INFINITY);
  }

  create(account: Account): FakeWrite {
    return newKeyWrite(`create account ${account.accountId}`, this.accounts, account.accountId, account);
  }

  countNewApplication(accountId: string, max: number, refusal: (found: Account | undefined) => Error) {
    return fakeWrite(
      `count an application on account ${accountId}`,
      () => {
        const found = this.accounts.get(accountId);
        if (found) this.accounts.set(accountId, { ...found, applicationCount: found.applicationCount + 1 });
      },
      () => {
        const found = this.accounts.get(accountId);
        const holds = found?.status === 'Active' && found.applicationCount < max && !this.countConditionFails;
        return holds ? undefined : refusal(found);
      },
    );
  }

  disable(account: Account, at: string) {
    return fakeWrite(
      `disable account ${account.accountId}`,
      () => this.accounts.set(account.accountId, { ...account, status: 'Disabled', updatedAt: at }),
      () =>
        this.accounts.get(account.accountId)?.applicationCount === account.applicationCount
          ? undefined
          : new ConcurrentChangeError('The account changed while it was being disabled; retry the request.'),
    );
  }

  enable(account: Account, at: string) {
    return fakeWrite(
      `enable account ${account.accountId}`,
      () => this.accounts.set(account.accountId, { ...account, status: 'Active', updatedAt: at }),
      () => {
        const found = this.accounts.get(account.accountId);
        if (found?.status === 'Disabled' && found.applicationCount === account.applicationCount)
          return undefined;
        return found?.status === 'Active'
          ? new ConflictError('AccountInvalidState', 'The account is active already.', {
              details: { status: 'Active' },
            })
          : new ConcurrentChangeError('The account changed while it was being enabled; retry the request.');
      },
    );
  }

  setActiveCertificates(account: Account, fingerprints: readonly string[], at: string) {
    return fakeWrite(
      `set the active certificates of account ${account.accountId}`,
      () => {
        const found = this.accounts.get(account.accountId);
        if (!found) return;
        this.accounts.set(account.accountId, {
          ...found,
          activeCertificateFingerprints: [...fingerprints],
          certificatesVersion: account.certificatesVersion + 1,
          updatedAt: at,
        });
      },
      () =>
        this.accounts.get(account.accountId)?.certificatesVersion === account.certificatesVersion
          ? undefined
          : new ConcurrentChangeError(
              "The account's certificates changed while this request ran; retry the request.",
            ),
    );
  }

  changePlan(accountId: string, plan: PlanName, at: string) {
    return fakeWrite(
      `change the plan of account ${accountId}`,
      () => {
        const found = this.accounts.get(accountId);
        if (found) this.accounts.set(accountId, { ...found, plan, updatedAt: at });
      },
      () =>
        this.accounts.has(accountId)
          ? undefined
          : new ConcurrentChangeError('The account changed while its plan was being set; retry the request.'),
    );
  }
}

/** Certificates by account and serial, newest first as the store lists them. */
export class MemoryPartnerCertificates implements PartnerCertificateStore, CertificateExpiryIndex {
  readonly certificates = new Map<string, PartnerCertificate>();

  constructor(...certificates: PartnerCertificate[]) {
    for (const certificate of certificates) this.certificates.set(this.key(certificate), certificate);
  }

  private key(certificate: Pick<PartnerCertificate, 'accountId' | 'serialNumber'>) {
    return `${certificate.accountId}#${certificate.serialNumber}`;
  }

  async listOfAccount(accountId: string) {
    return [...this.certificates.values()]
      .filter((certificate) => certificate.accountId === accountId)
      .sort((a, b) => `${b.createdAt}#${b.serialNumber}`.localeCompare(`${a.createdAt}#${a.serialNumber}`));
  }

  async expiringBetween(from: Date, until: Date) {
    return [...this.certificates.values()]
      .filter(
        (certificate) =>
          certificate.status === 'Active' &&
          certificate.notAfter >= from.toISOString() &&
          certificate.notAfter < until.toISOString(),
      )
      .sort((a, b) => a.notAfter.localeCompare(b.notAfter));
  }

  create(certificate: PartnerCertificate) {
    return newKeyWrite(
      `create certificate ${certificate.serialNumber} of account ${certificate.accountId}`,
      this.certificates,
      this.key(certificate),
      certificate,
    );
  }

  revoke(certificate: PartnerCertificate, at: string) {
    const key = this.key(certificate);
    return fakeWrite(
      `revoke certificate ${certificate.serialNumber} of account ${certificate.accountId}`,
      () => {
        const found = this.certificates.get(key);
        if (found) this.certificates.set(key, { ...found, status: 'Revoked', revokedAt: at });
      },
      () =>
        this.certificates.get(key)?.status === 'Active'
          ? undefined
          : new ConflictError('CertificateInvalidState', 'The certificate is revoked already.', {
              details: { status: 'Revoked' },
            }),
    );
  }
}

/** Records every assignment, as API Gateway would hold them: one plan per account's key. */
export class FakeUsagePlans implements UsagePlanAssigner {
  readonly assignments: { accountId: string; plan: PlanName }[] = [];
  refusal: Error | undefined;

  async assign(accountId: string, plan: PlanName) {
    if (this.refusal) throw this.refusal;
    this.assignments.push({ accountId, plan });
  }
}

export class MemoryApplications implements ApplicationStore {
  readonly applications = new Map<string, ApplicationRecord>();
  /** Applications the account listing does not show yet, as a lagging index would not. */
  readonly notYetIndexed = new Set<string>();
  readonly foundIds: string[] = [];
  /** The most one listing call returns, whatever the limit, so tests see every page read. */
  pageSize = Number.POSITIVE_INFINITY;

  constructor(...applications: ApplicationRecord[]) {
    for (const application of applications) this.applications.set(application.clientId, application);
  }

  async find(clientId: string) {
    this.foundIds.push(clientId);
    return this.applications.get(clientId);
  }

  async listOfAccount(accountId: string, page: PageRequest) {
    const listed = [...this.applications.values()].filter(
      (application) => application.accountId === accountId && !this.notYetIndexed.has(application.clientId),
    );
    return pageOf(
      newestFirst(listed, (application) => application.clientId),
      page,
      this.pageSize,
    );
  }

  /** A change of an existing application; anything else answers the store's 503. */
  private change(
    description: string,
    clientId: string,
    change: (found: ApplicationRecord) => Partial<ApplicationRecord>,
    holds: (found: ApplicationRecord) => boolean = () => true,
  ) {
    return fakeWrite(
      description,
      () => {
        const found = this.applications.get(clientId);
        if (found) this.applications.set(clientId, { ...found, ...change(found) });
      },
      () => {
        const found = this.applications.get(clientId);
        return found && holds(found)
          ? undefined
          : new ServiceUnavailableError(
              'The application changed while this request ran; retry the request.',
              {
                retryAfter: 1,
              },
            );
      },
    );
  }

  create(application: ApplicationRecord) {
    return newKeyWrite(
      `create application ${application.clientId}`,
      this.applications,
      application.clientId,
      application,
    );
  }

  disable(application: ApplicationRecord, at: string) {
    return this.change(
      `disable application ${application.clientId}`,
      application.clientId,
      (found) => ({ status: 'Disabled', updatedAt: at, tokenGeneration: found.tokenGeneration + 1 }),
      (found) => found.accountId === application.accountId,
    );
  }

  enable(application: ApplicationRecord, at: string) {
    return this.change(
      `enable application ${application.clientId}`,
      application.clientId,
      () => ({ status: 'Active', updatedAt: at }),
      (found) => found.accountId === application.accountId && found.status === 'Disabled',
    );
  }

  replaceSecret(application: ApplicationRecord, secretHash: string, at: string) {
    return this.change(
      `rotate the secret of application ${application.clientId}`,
      application.clientId,
      (found) => ({
        secretHash,
        secretRotatedAt: at,
        updatedAt: at,
        tokenGeneration: found.tokenGeneration + 1,
      }),
      (found) => found.secretHash === application.secretHash,
    );
  }

  copyAccountStatus(clientId: string, status: ApplicationRecord['accountStatus']) {
    return this.change(`copy account status to application ${clientId}`, clientId, (found) => ({
      accountStatus: status,
      tokenGeneration: found.tokenGeneration + (status === 'Disabled' ? 1 : 0),
    }));
  }
}

/** Ids and secrets numbered in order; the "keyed hash" is readable, and every comparison is recorded. */
export class FakeClientSecrets implements ClientCredentialIssuer, ClientCredentialVerifier {
  private issued = 0;
  readonly comparedWith: (string | undefined)[] = [];

  newClientId() {
    return `pts_${String(++this.issued).padStart(24, '0')}`;
  }
  isClientId(value: string) {
    return value.startsWith('pts_');
  }
  newClientSecret() {
    return `ptss_secret-${++this.issued}`;
  }
  async hasher() {
    return (secret: string) => `hash(${secret})`;
  }
  async verifier() {
    return (secret: string, storedHash: string | undefined) => {
      this.comparedWith.push(storedHash);
      return storedHash === `hash(${secret})`;
    };
  }
}

/** Signs whatever it is given, or refuses with the error set. */
export class FakeCertificateSigner implements CertificateSigner {
  readonly signed: { csrPem: string; accountId: string; now: Date }[] = [];
  refusal: Error | undefined;

  async signPartnerCsr(input: { csrPem: string; accountId: string; now: Date }): Promise<SignedCertificate> {
    if (this.refusal) throw this.refusal;
    this.signed.push(input);
    const issued = this.signed.length;
    return {
      certificatePem: `-----BEGIN CERTIFICATE-----\n${input.accountId}\n-----END CERTIFICATE-----\n`,
      serialNumber: `7f0${issued}`,
      fingerprintSha256: `abcd${issued}`,
      subject: `CN=${input.accountId}, OU=Partners`,
      notBefore: input.now,
      notAfter: new Date(input.now.getTime() + 365 * 86_400_000),
    };
  }
}

type TokenClaims = Parameters<TokenIssuer['issuePartnerToken']>[0];

export class FakeTokens implements TokenIssuer {
  readonly issued: TokenClaims[] = [];

  async issuePartnerToken(claims: TokenClaims) {
    this.issued.push(claims);
    return { accessToken: `token-of-${claims.clientId}`, expiresIn: 3600, scopes: claims.scopes };
  }
}
