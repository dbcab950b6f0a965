import { randomUUID } from 'node:crypto';
import {
  ConcurrentChangeError,
  ConflictError,
  NotFoundError,
  ServiceUnavailableError,
  ValidationError,
} from '../errors.ts';
import type { Page, PageRequest } from '../ports.ts';
import type { PlanName } from '../quotas/plans.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import {
  type Account,
  type AccountKind,
  type AccountManager,
  type Application,
  type ApplicationRecord,
  accountCertificateOf,
  issuedCertificate,
  maxApplicationsPerAccount,
} from './model.ts';
import type { AccountManagerStore, AccountPorts } from './ports.ts';
import { allowedScopesFor } from './scopes.ts';

export type { Account, AccountManager, Application } from './model.ts';

export function accountNotFound(accountId: string): NotFoundError {
  return new NotFoundError('ResourceNotFound', `No account ${accountId}.`);
}

/** Never hand the hash out of the domain: callers get the application as partners may see it. */
function publicApplication({
  secretHash: _secretHash,
  tokenGeneration: _tokenGeneration,
  ...application
}: ApplicationRecord): Application {
  return application;
}

/**
 * Onboards a tenant: the partner CA signs the partner's CSR (PEM, proof of possession, strong key;
 * bad CSRs are 422) for a new account id, the certificate's CN, which binds every call to the
 * account's tokens; the account is staged on `plan` (the stage's default plan), and its usage key is
 * put in that plan before the commit, so its first request is metered.
 */
export async function createAccount(
  ports: Pick<AccountPorts, 'accounts' | 'certificates' | 'partnerCertificates' | 'usagePlans'>,
  input: { name: string; csrPem: string; kind?: AccountKind; plan: PlanName },
  uow: UnitOfWork,
  now: Date,
): Promise<{ account: Account; certificatePem: string }> {
  const accountId = randomUUID();
  const signed = await ports.certificates.signPartnerCsr({ csrPem: input.csrPem, accountId, now });
  const timestamp = now.toISOString();
  const certificate = issuedCertificate(accountId, signed, timestamp);
  const account: Account = {
    accountId,
    name: input.name.trim(),
    kind: input.kind ?? 'partner',
    status: 'Active',
    plan: input.plan,
    certificate: accountCertificateOf(certificate),
    activeCertificateFingerprints: [certificate.fingerprintSha256],
    certificatesVersion: 1,
    applicationCount: 0,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  await ports.usagePlans.assign(accountId, account.plan);
  uow.stage(ports.accounts.create(account), ports.partnerCertificates.create(certificate));
  return { account, certificatePem: signed.certificatePem };
}

/**
 * Moves the account to another plan (docs/quotas.md). The gateway's view changes first (AWS: the
 * account's API key moves to the plan's usage plan), then the account record commits: a failure in
 * between leaves the key ahead of the record, and repeating the request, which is what a 5xx invites,
 * brings both to the plan. Setting the plan the account already has applies it again, which repairs
 * a key that drifted.
 */
export async function changeAccountPlan(
  ports: Pick<AccountPorts, 'accounts' | 'usagePlans'>,
  accountId: string,
  plan: PlanName,
  uow: UnitOfWork,
  now: Date,
): Promise<{ account: Account; previousPlan: PlanName }> {
  const account = await getAccount(ports, accountId);
  await ports.usagePlans.assign(accountId, plan);
  if (account.plan === plan) return { account, previousPlan: plan };
  const timestamp = now.toISOString();
  uow.stage(ports.accounts.changePlan(accountId, plan, timestamp));
  return { account: { ...account, plan, updatedAt: timestamp }, previousPlan: account.plan };
}

export async function getAccount(ports: Pick<AccountPorts, 'accounts'>, accountId: string): Promise<Account> {
  const account = await ports.accounts.find(accountId);
  if (!account) throw accountNotFound(accountId);
  return account;
}

export function listAccounts(
  ports: Pick<AccountPorts, 'accounts'>,
  page: PageRequest,
): Promise<Page<Account>> {
  return ports.accounts.list(page);
}

async function everyApplicationOf(
  ports: Pick<AccountPorts, 'applications'>,
  accountId: string,
): Promise<ApplicationRecord[]> {
  const found: ApplicationRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await ports.applications.listOfAccount(accountId, { limit: 200, cursor });
    found.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return found;
}

/**
 * Disables the account and, in the same transaction, marks each of its applications, which is what the
 * token endpoint reads: from the commit on, none of them gets a token. Disabling twice is a no-op.
 */
export async function disableAccount(
  ports: Pick<AccountPorts, 'accounts' | 'applications'>,
  accountId: string,
  uow: UnitOfWork,
  now: Date,
): Promise<Account> {
  const account = await getAccount(ports, accountId);
  if (account.status === 'Disabled') return account;
  const applications = await everyApplicationOf(ports, accountId);
  if (applications.length !== account.applicationCount) {
    // The index has not caught up with an application created a moment ago; missing it would leave it usable.
    throw new ServiceUnavailableError('The account is being changed; retry the request.', { retryAfter: 1 });
  }
  const timestamp = now.toISOString();
  uow.stage(
    ports.accounts.disable(account, timestamp),
    ...applications.map((application) =>
      ports.applications.copyAccountStatus(application.clientId, 'Disabled'),
    ),
  );
  return { ...account, status: 'Disabled', updatedAt: timestamp };
}

/**
 * Enables a disabled account and, in the same transaction, copies `Active` onto each of its
 * applications, so those not disabled on their own get tokens again from the commit on. An account
 * that is already active is a 409 AccountInvalidState.
 */
export async function enableAccount(
  ports: Pick<AccountPorts, 'accounts' | 'applications'>,
  accountId: string,
  uow: UnitOfWork,
  now: Date,
): Promise<Account> {
  const account = await getAccount(ports, accountId);
  if (account.status === 'Active')
    throw new ConflictError('AccountInvalidState', 'The account is active already.', {
      details: { status: account.status },
    });
  const applications = await everyApplicationOf(ports, accountId);
  if (applications.length !== account.applicationCount) {
    throw new ServiceUnavailableError('The account is being changed; retry the request.', { retryAfter: 1 });
  }
  const timestamp = now.toISOString();
  uow.stage(
    ports.accounts.enable(account, timestamp),
    ...applications.map((application) =>
      ports.applications.copyAccountStatus(application.clientId, 'Active'),
    ),
  );
  return { ...account, status: 'Active', updatedAt: timestamp };
}

/** Assigns an employee to an existing account (the same employee twice: 409 AlreadyCompanyMember). */
export async function addAccountManager(
  ports: { accounts: AccountPorts['accounts']; managers: AccountManagerStore },
  input: { accountId: string; employeeId: string; assignedBy: string },
  uow: UnitOfWork,
  now: Date,
): Promise<AccountManager> {
  await getAccount(ports, input.accountId);
  const manager: AccountManager = {
    accountId: input.accountId,
    employeeId: input.employeeId,
    assignedAt: now.toISOString(),
    assignedBy: input.assignedBy,
  };
  uow.stage(ports.managers.add(manager));
  return manager;
}

export async function listAccountManagers(
  ports: { accounts: AccountPorts['accounts']; managers: AccountManagerStore },
  accountId: string,
  page: PageRequest,
): Promise<Page<AccountManager>> {
  await getAccount(ports, accountId);
  return ports.managers.listOfAccount(accountId, page);
}

const accountPath = 'path.accountID';

function accountRefusal(accountId: string, account: Account | undefined): Error {
  if (!account) return accountNotFound(accountId);
  if (account.status !== 'Active') {
    return new ValidationError('The account is disabled; it cannot get new applications.', [
      { path: accountPath, message: 'Account is disabled' },
    ]);
  }
  if (account.applicationCount >= maxApplicationsPerAccount) {
    return new ValidationError(`An account holds at most ${maxApplicationsPerAccount} applications.`, [
      { path: accountPath, message: 'Too many applications' },
    ]);
  }
  return new ConcurrentChangeError('The account changed while this request ran; retry the request.');
}

/**
 * Gives an active account a new application: canonical allowed scopes, a client id and a secret that
 * is returned here once and stored only as a keyed hash. The account's counter is raised in the same
 * transaction, on the condition that it is still active and under the cap.
 */
export async function createApplication(
  ports: Omit<AccountPorts, 'certificates' | 'partnerCertificates'>,
  input: { accountId: string; name: string; allowedScopes: readonly string[] },
  uow: UnitOfWork,
  now: Date,
): Promise<{ application: Application; clientSecret: string }> {
  const account = await getAccount(ports, input.accountId);
  const allowedScopes = allowedScopesFor(input.allowedScopes, account.kind);
  if (account.status !== 'Active' || account.applicationCount >= maxApplicationsPerAccount) {
    throw accountRefusal(account.accountId, account);
  }

  const clientSecret = ports.credentials.newClientSecret();
  const timestamp = now.toISOString();
  const application: ApplicationRecord = {
    clientId: ports.credentials.newClientId(),
    accountId: account.accountId,
    name: input.name.trim(),
    allowedScopes,
    status: 'Active',
    accountStatus: account.status,
    createdAt: timestamp,
    updatedAt: timestamp,
    secretRotatedAt: null,
    tokenGeneration: 0,
    secretHash: (await ports.credentials.hasher())(clientSecret),
  };
  uow.stage(
    ports.accounts.countNewApplication(account.accountId, maxApplicationsPerAccount, (found) =>
      accountRefusal(account.accountId, found),
    ),
    ports.applications.create(application),
  );
  return { application: publicApplication(application), clientSecret };
}

async function applicationOf(
  ports: Pick<AccountPorts, 'applications'>,
  accountId: string,
  clientId: string,
): Promise<ApplicationRecord> {
  const application = await ports.applications.find(clientId);
  // Another account's application is indistinguishable from a missing one.
  if (!application || application.accountId !== accountId) {
    throw new NotFoundError('ResourceNotFound', `No application ${clientId} in account ${accountId}.`);
  }
  return application;
}

export async function getApplication(
  ports: Pick<AccountPorts, 'applications'>,
  accountId: string,
  clientId: string,
): Promise<Application> {
  return publicApplication(await applicationOf(ports, accountId, clientId));
}

export async function listApplications(
  ports: Pick<AccountPorts, 'accounts' | 'applications'>,
  accountId: string,
  page: PageRequest,
): Promise<Page<Application>> {
  await getAccount(ports, accountId);
  const { items, nextCursor } = await ports.applications.listOfAccount(accountId, page);
  return { items: items.map(publicApplication), nextCursor };
}

/**
 * A disabled application gets no more tokens, and the tokens it holds are refused within the status
 * cache's bound (shared/auth/principal-status.ts): disabling starts a new token generation.
 */
export async function disableApplication(
  ports: Pick<AccountPorts, 'applications'>,
  accountId: string,
  clientId: string,
  uow: UnitOfWork,
  now: Date,
): Promise<Application> {
  const application = await applicationOf(ports, accountId, clientId);
  if (application.status === 'Disabled') return publicApplication(application);
  const timestamp = now.toISOString();
  uow.stage(ports.applications.disable(application, timestamp));
  return publicApplication({ ...application, status: 'Disabled', updatedAt: timestamp });
}

/**
 * Enables a disabled application: it gets tokens again if its account is active. Tokens issued before
 * the disable stay refused (their generation is over). An application that is active already is a
 * 409 ApplicationInvalidState.
 */
export async function enableApplication(
  ports: Pick<AccountPorts, 'applications'>,
  accountId: string,
  clientId: string,
  uow: UnitOfWork,
  now: Date,
): Promise<Application> {
  const application = await applicationOf(ports, accountId, clientId);
  if (application.status === 'Active')
    throw new ConflictError('ApplicationInvalidState', 'The application is active already.', {
      details: { status: application.status },
    });
  const timestamp = now.toISOString();
  uow.stage(ports.applications.enable(application, timestamp));
  return publicApplication({ ...application, status: 'Active', updatedAt: timestamp });
}

/**
 * Replaces the secret; the old one stops working at the commit, and the tokens it got are refused
 * within the status cache's bound (a new token generation). The new secret is returned once.
 */
export async function rotateApplicationSecret(
  ports: Pick<AccountPorts, 'applications' | 'credentials'>,
  accountId: string,
  clientId: string,
  uow: UnitOfWork,
  now: Date,
): Promise<{ application: Application; clientSecret: string }> {
  const application = await applicationOf(ports, accountId, clientId);
  const clientSecret = ports.credentials.newClientSecret();
  const timestamp = now.toISOString();
  const hash = await ports.credentials.hasher();
  uow.stage(ports.applications.replaceSecret(application, hash(clientSecret), timestamp));
  const rotated = { ...application, secretRotatedAt: timestamp, updatedAt: timestamp };
  return { application: publicApplication(rotated), clientSecret };
}
