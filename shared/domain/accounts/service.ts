import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import {
  clientSecretPepper,
  generateClientId,
  generateClientSecret,
  hashClientSecret,
} from '../../auth/client-secrets.ts';
import { config } from '../../config/env.ts';
import {
  accountNotFound,
  countNewApplication,
  disableAccountWrite,
  findAccount,
  putNewAccount,
  listAccounts as queryAccounts,
} from '../../db/entities/account.ts';
import {
  copyAccountStatusWrite,
  disableApplicationWrite,
  findApplication,
  listApplicationsOfAccount,
  putNewApplication,
  replaceSecretWrite,
} from '../../db/entities/application.ts';
import type { CertificateAuthority } from '../../pki/certificates.ts';
import { secretStore } from '../../secrets/store.ts';
import { ConcurrentChangeError, NotFoundError, ServiceUnavailableError, ValidationError } from '../errors.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import {
  type Account,
  type AccountKind,
  type Application,
  type ApplicationRecord,
  maxApplicationsPerAccount,
  type Page,
  type PageRequest,
} from './model.ts';
import { allowedScopesFor } from './scopes.ts';

export type { Account, Application } from './model.ts';

const storedCaSchema = z.object({ certificate_pem: z.string().min(1), private_key_pem: z.string().min(1) });

async function partnerCa(): Promise<CertificateAuthority> {
  const id = config().secretIds.partnerCa;
  const raw = await secretStore().get(id);
  if (raw === undefined) throw new Error(`The partner CA secret ${id} is missing`);
  const stored = storedCaSchema.parse(JSON.parse(raw));
  return { certificatePem: stored.certificate_pem, privateKeyPem: stored.private_key_pem };
}

/** Never hand the hash out of the domain: callers get the application as partners may see it. */
function publicApplication({ secretHash: _secretHash, ...application }: ApplicationRecord): Application {
  return application;
}

/**
 * Onboards a tenant: checks the partner's CSR (PEM, proof of possession, strong key), signs it with the
 * partner CA for a new account id (the certificate's CN, which binds every call to the account's
 * tokens) and stages the account. Bad CSRs are 422.
 */
export async function createAccount(
  input: { name: string; csrPem: string; kind?: AccountKind },
  uow: UnitOfWork,
  now: Date,
): Promise<{ account: Account; certificatePem: string }> {
  const accountId = randomUUID();
  // X.509 and ASN.1 load on the first account creation, not at every cold start of the admin function.
  const { signPartnerCsr } = await import('../../pki/certificates.ts');
  const certificate = await signPartnerCsr({ ca: await partnerCa(), csrPem: input.csrPem, accountId, now });
  const timestamp = now.toISOString();
  const account: Account = {
    accountId,
    name: input.name.trim(),
    kind: input.kind ?? 'partner',
    status: 'Active',
    certificate: {
      serialNumber: certificate.serialNumber,
      fingerprintSha256: certificate.fingerprintSha256,
      subject: certificate.subject,
      notBefore: certificate.notBefore.toISOString(),
      notAfter: certificate.notAfter.toISOString(),
      pem: certificate.certificatePem,
    },
    applicationCount: 0,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  uow.stage(putNewAccount(account));
  return { account, certificatePem: certificate.certificatePem };
}

export async function getAccount(accountId: string): Promise<Account> {
  const account = await findAccount(accountId);
  if (!account) throw accountNotFound(accountId);
  return account;
}

export function listAccounts(page: PageRequest): Promise<Page<Account>> {
  return queryAccounts(page);
}

async function everyApplicationOf(accountId: string): Promise<ApplicationRecord[]> {
  const applications: ApplicationRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await listApplicationsOfAccount(accountId, { limit: 200, cursor });
    applications.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return applications;
}

/**
 * Disables the account and, in the same transaction, marks each of its applications, which is what the
 * token endpoint reads: from the commit on, none of them gets a token. Disabling twice is a no-op.
 */
export async function disableAccount(accountId: string, uow: UnitOfWork, now: Date): Promise<Account> {
  const account = await getAccount(accountId);
  if (account.status === 'Disabled') return account;
  const applications = await everyApplicationOf(accountId);
  if (applications.length !== account.applicationCount) {
    // The index has not caught up with an application created a moment ago; missing it would leave it usable.
    throw new ServiceUnavailableError('The account is being changed; retry the request.', { retryAfter: 1 });
  }
  const timestamp = now.toISOString();
  uow.stage(
    disableAccountWrite(account, timestamp),
    ...applications.map((application) => copyAccountStatusWrite(application.clientId, 'Disabled')),
  );
  return { ...account, status: 'Disabled', updatedAt: timestamp };
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
  input: { accountId: string; name: string; allowedScopes: readonly string[] },
  uow: UnitOfWork,
  now: Date,
): Promise<{ application: Application; clientSecret: string }> {
  const account = await getAccount(input.accountId);
  const allowedScopes = allowedScopesFor(input.allowedScopes, account.kind);
  if (account.status !== 'Active' || account.applicationCount >= maxApplicationsPerAccount) {
    throw accountRefusal(account.accountId, account);
  }

  const clientSecret = generateClientSecret();
  const timestamp = now.toISOString();
  const application: ApplicationRecord = {
    clientId: generateClientId(),
    accountId: account.accountId,
    name: input.name.trim(),
    allowedScopes,
    status: 'Active',
    accountStatus: account.status,
    createdAt: timestamp,
    updatedAt: timestamp,
    secretRotatedAt: null,
    secretHash: hashClientSecret(clientSecret, await clientSecretPepper()),
  };
  uow.stage(
    countNewApplication(account.accountId, maxApplicationsPerAccount, (found) =>
      accountRefusal(account.accountId, found),
    ),
    putNewApplication(application),
  );
  return { application: publicApplication(application), clientSecret };
}

async function applicationOf(accountId: string, clientId: string): Promise<ApplicationRecord> {
  const application = await findApplication(clientId);
  // Another account's application is indistinguishable from a missing one.
  if (!application || application.accountId !== accountId) {
    throw new NotFoundError('ResourceNotFound', `No application ${clientId} in account ${accountId}.`);
  }
  return application;
}

export async function getApplication(accountId: string, clientId: string): Promise<Application> {
  return publicApplication(await applicationOf(accountId, clientId));
}

export async function listApplications(accountId: string, page: PageRequest): Promise<Page<Application>> {
  await getAccount(accountId);
  const { items, nextCursor } = await listApplicationsOfAccount(accountId, page);
  return { items: items.map(publicApplication), nextCursor };
}

/** A disabled application gets no more tokens; tokens already issued run out within the hour. */
export async function disableApplication(
  accountId: string,
  clientId: string,
  uow: UnitOfWork,
  now: Date,
): Promise<Application> {
  const application = await applicationOf(accountId, clientId);
  if (application.status === 'Disabled') return publicApplication(application);
  const timestamp = now.toISOString();
  uow.stage(disableApplicationWrite(application, timestamp));
  return publicApplication({ ...application, status: 'Disabled', updatedAt: timestamp });
}

/** Replaces the secret; the old one stops working at the commit. The new one is returned once. */
export async function rotateApplicationSecret(
  accountId: string,
  clientId: string,
  uow: UnitOfWork,
  now: Date,
): Promise<{ application: Application; clientSecret: string }> {
  const application = await applicationOf(accountId, clientId);
  const clientSecret = generateClientSecret();
  const timestamp = now.toISOString();
  uow.stage(
    replaceSecretWrite(application, hashClientSecret(clientSecret, await clientSecretPepper()), timestamp),
  );
  const rotated = { ...application, secretRotatedAt: timestamp, updatedAt: timestamp };
  return { application: publicApplication(rotated), clientSecret };
}
