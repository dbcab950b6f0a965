import { describe, expect, it } from 'vitest';
import type { AccountPorts } from '../../../shared/domain/accounts/ports.ts';
import {
  changeAccountPlan,
  createAccount,
  createApplication,
  disableAccount,
  disableApplication,
  enableAccount,
  enableApplication,
  getAccount,
  getApplication,
  listAccounts,
  listApplications,
  rotateApplicationSecret,
} from '../../../shared/domain/accounts/service.ts';
import {
  ConcurrentChangeError,
  NotFoundError,
  ServiceUnavailableError,
  ValidationError,
} from '../../../shared/domain/errors.ts';
import { FakeUnitOfWork, refusalOf } from '../support/unit-of-work.ts';
import {
  anAccount,
  anApplication,
  FakeCertificateSigner,
  FakeClientSecrets,
  FakeUsagePlans,
  MemoryAccounts,
  MemoryApplications,
  MemoryPartnerCertificates,
  now,
} from './fakes.ts';

function portsWith(
  accounts = new MemoryAccounts(),
  applications = new MemoryApplications(),
): AccountPorts & {
  accounts: MemoryAccounts;
  applications: MemoryApplications;
  certificates: FakeCertificateSigner;
  partnerCertificates: MemoryPartnerCertificates;
  usagePlans: FakeUsagePlans;
} {
  return {
    accounts,
    applications,
    certificates: new FakeCertificateSigner(),
    partnerCertificates: new MemoryPartnerCertificates(),
    credentials: new FakeClientSecrets(),
    usagePlans: new FakeUsagePlans(),
  };
}

const account = anAccount();
const { accountId } = account;

describe('onboarding an account', () => {
  it('has the partner CA sign the CSR for the new account id and stages the account', async () => {
    const ports = portsWith();
    const uow = new FakeUnitOfWork();

    const { account: created, certificatePem } = await createAccount(
      ports,
      { name: '  Acme Travel ', csrPem: 'the CSR', plan: 'standard' },
      uow,
      now,
    );

    expect(ports.certificates.signed).toEqual([{ csrPem: 'the CSR', accountId: created.accountId, now }]);
    expect(created).toMatchObject({
      name: 'Acme Travel',
      kind: 'partner',
      status: 'Active',
      plan: 'standard',
      applicationCount: 0,
    });
    expect(created.certificate).toMatchObject({
      subject: `CN=${created.accountId}, OU=Partners`,
      notBefore: '2030-01-01T00:00:00.000Z',
      pem: certificatePem,
    });
    expect(created.activeCertificateFingerprints).toEqual([created.certificate.fingerprintSha256]);
    expect(uow.writes).toHaveLength(2);
    expect(ports.usagePlans.assignments).toEqual([{ accountId: created.accountId, plan: 'standard' }]);
    expect(await ports.accounts.find(created.accountId)).toBeUndefined();
    uow.commit();
    expect(await ports.accounts.find(created.accountId)).toEqual(created);
    expect(await ports.partnerCertificates.listOfAccount(created.accountId)).toMatchObject([
      { serialNumber: created.certificate.serialNumber, status: 'Active', revokedAt: null },
    ]);
  });

  it('makes an operator account when asked', async () => {
    const { account: created } = await createAccount(
      portsWith(),
      { name: 'Ops', csrPem: 'csr', kind: 'operator', plan: 'premium' },
      new FakeUnitOfWork(),
      now,
    );

    expect(created.kind).toBe('operator');
    expect(created.plan).toBe('premium');
  });

  it('stages nothing when the CA refuses the CSR', async () => {
    const ports = portsWith();
    ports.certificates.refusal = new ValidationError('The CSR signature does not verify.');
    const uow = new FakeUnitOfWork();

    const error = await refusalOf(() =>
      createAccount(ports, { name: 'Acme', csrPem: 'bad', plan: 'standard' }, uow, now),
    );

    expect(error).toMatchObject({ code: 'ValidationError', message: 'The CSR signature does not verify.' });
    expect(uow.writes).toEqual([]);
    expect(ports.usagePlans.assignments).toEqual([]);
  });
});

describe('changing the plan of an account', () => {
  it('moves the usage key to the new plan, then stages the account on it', async () => {
    const ports = portsWith(new MemoryAccounts(account));
    const uow = new FakeUnitOfWork();
    const later = new Date('2030-02-01T00:00:00.000Z');

    const { account: changed, previousPlan } = await changeAccountPlan(
      ports,
      accountId,
      'premium',
      uow,
      later,
    );

    expect(previousPlan).toBe('standard');
    expect(changed).toMatchObject({ plan: 'premium', updatedAt: later.toISOString() });
    expect(ports.usagePlans.assignments).toEqual([{ accountId, plan: 'premium' }]);
    expect((await ports.accounts.find(accountId))?.plan).toBe('standard');
    uow.commit();
    expect(await ports.accounts.find(accountId)).toEqual(changed);
  });

  it('applies the current plan again without writing the account', async () => {
    const ports = portsWith(new MemoryAccounts(account));
    const uow = new FakeUnitOfWork();

    const { account: unchanged } = await changeAccountPlan(ports, accountId, 'standard', uow, now);

    expect(unchanged).toEqual(account);
    expect(uow.writes).toEqual([]);
    expect(ports.usagePlans.assignments).toEqual([{ accountId, plan: 'standard' }]);
  });

  it('answers ResourceNotFound for an unknown account and assigns nothing', async () => {
    const ports = portsWith();

    const error = await refusalOf(() =>
      changeAccountPlan(ports, accountId, 'premium', new FakeUnitOfWork(), now),
    );

    expect(error).toMatchObject({ code: 'ResourceNotFound' });
    expect(ports.usagePlans.assignments).toEqual([]);
  });

  it('stages nothing when the gateway refuses the assignment', async () => {
    const ports = portsWith(new MemoryAccounts(account));
    ports.usagePlans.refusal = new Error('API Gateway is unavailable');
    const uow = new FakeUnitOfWork();

    const error = await refusalOf(() => changeAccountPlan(ports, accountId, 'premium', uow, now));

    expect(error).toMatchObject({ message: 'API Gateway is unavailable' });
    expect(uow.writes).toEqual([]);
  });
});

describe('reading accounts', () => {
  it('answers ResourceNotFound for an unknown account', async () => {
    const error = await refusalOf(() => getAccount(portsWith(), accountId));

    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'ResourceNotFound', message: `No account ${accountId}.` });
  });

  it('lists newest first, a page at a time', async () => {
    const older = anAccount({ accountId: 'older', createdAt: '2029-01-01T00:00:00.000Z' });
    const ports = portsWith(new MemoryAccounts(older, account));

    const first = await listAccounts(ports, { limit: 1 });
    const second = await listAccounts(ports, { limit: 1, cursor: first.nextCursor ?? undefined });

    expect(first).toEqual({ items: [account], nextCursor: '1' });
    expect(second).toEqual({ items: [older], nextCursor: null });
  });
});

describe('disabling an account', () => {
  it('disables the account and every application of it in one transaction', async () => {
    const applications = new MemoryApplications(
      anApplication({ clientId: 'pts_a' }),
      anApplication({ clientId: 'pts_b' }),
      anApplication({ clientId: 'pts_c' }),
    );
    applications.pageSize = 2;
    const ports = portsWith(new MemoryAccounts(anAccount({ applicationCount: 3 })), applications);
    const uow = new FakeUnitOfWork();

    const disabled = await disableAccount(ports, accountId, uow, now);
    uow.commit();

    expect(disabled).toMatchObject({ status: 'Disabled', updatedAt: now.toISOString() });
    expect((await ports.accounts.find(accountId))?.status).toBe('Disabled');
    expect([...applications.applications.values()].map((application) => application.accountStatus)).toEqual([
      'Disabled',
      'Disabled',
      'Disabled',
    ]);
  });

  it('starts a new token generation of every application; enabling the account again keeps it', async () => {
    const applications = new MemoryApplications(
      anApplication({ clientId: 'pts_a' }),
      anApplication({ clientId: 'pts_b', tokenGeneration: 4 }),
    );
    const ports = portsWith(new MemoryAccounts(anAccount({ applicationCount: 2 })), applications);
    const disabling = new FakeUnitOfWork();
    await disableAccount(ports, accountId, disabling, now);
    disabling.commit();
    const enabling = new FakeUnitOfWork();
    await enableAccount(ports, accountId, enabling, now);
    enabling.commit();

    expect(
      [...applications.applications.values()].map(({ accountStatus, tokenGeneration }) => ({
        accountStatus,
        tokenGeneration,
      })),
    ).toEqual([
      { accountStatus: 'Active', tokenGeneration: 1 },
      { accountStatus: 'Active', tokenGeneration: 5 },
    ]);
  });

  it('changes nothing when the account is already disabled', async () => {
    const disabled = anAccount({ status: 'Disabled' });
    const uow = new FakeUnitOfWork();

    expect(await disableAccount(portsWith(new MemoryAccounts(disabled)), accountId, uow, now)).toEqual(
      disabled,
    );
    expect(uow.writes).toEqual([]);
  });

  it('answers 503 while the index lags behind a new application, which would otherwise stay usable', async () => {
    const applications = new MemoryApplications(anApplication());
    applications.notYetIndexed.add(anApplication().clientId);
    const uow = new FakeUnitOfWork();

    const error = await refusalOf(() =>
      disableAccount(
        portsWith(new MemoryAccounts(anAccount({ applicationCount: 1 })), applications),
        accountId,
        uow,
        now,
      ),
    );

    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ code: 'ServiceUnavailable', retryAfter: 1 });
    expect(uow.writes).toEqual([]);
  });

  it('answers ResourceNotFound for an unknown account', async () => {
    expect(
      await refusalOf(() => disableAccount(portsWith(), accountId, new FakeUnitOfWork(), now)),
    ).toMatchObject({
      code: 'ResourceNotFound',
    });
  });
});

describe('creating an application', () => {
  const input = { accountId, name: ' Booking backend ', allowedScopes: ['booking.lounges', 'webhooks'] };

  it('returns the secret once and stores only its keyed hash, counted on the account', async () => {
    const ports = portsWith(new MemoryAccounts(account));
    const uow = new FakeUnitOfWork();

    const { application, clientSecret } = await createApplication(ports, input, uow, now);
    uow.commit();

    expect(application).toMatchObject({
      accountId,
      name: 'Booking backend',
      allowedScopes: ['booking.lounges:write', 'webhooks'],
      status: 'Active',
      accountStatus: 'Active',
      secretRotatedAt: null,
    });
    expect(application).not.toHaveProperty('secretHash');
    expect(ports.applications.applications.get(application.clientId)?.secretHash).toBe(
      `hash(${clientSecret})`,
    );
    expect((await ports.accounts.find(accountId))?.applicationCount).toBe(1);
  });

  it('refuses a disabled account on its path with 422', async () => {
    const ports = portsWith(new MemoryAccounts(anAccount({ status: 'Disabled' })));

    const error = await refusalOf(() => createApplication(ports, input, new FakeUnitOfWork(), now));

    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual([
      { path: 'path.accountID', message: 'Account is disabled' },
    ]);
  });

  it('refuses an account at the cap with 422', async () => {
    const ports = portsWith(new MemoryAccounts(anAccount({ applicationCount: 50 })));

    const error = await refusalOf(() => createApplication(ports, input, new FakeUnitOfWork(), now));

    expect(error).toMatchObject({
      code: 'ValidationError',
      message: 'An account holds at most 50 applications.',
    });
  });

  it('refuses the identity scopes on a partner account before anything is staged', async () => {
    const uow = new FakeUnitOfWork();
    const error = await refusalOf(() =>
      createApplication(
        portsWith(new MemoryAccounts(account)),
        { ...input, allowedScopes: ['identity.account:*'] },
        uow,
        now,
      ),
    );

    expect(error).toMatchObject({ code: 'ValidationError' });
    expect(uow.writes).toEqual([]);
  });

  it('answers ResourceNotFound for an unknown account', async () => {
    expect(
      await refusalOf(() => createApplication(portsWith(), input, new FakeUnitOfWork(), now)),
    ).toMatchObject({
      code: 'ResourceNotFound',
    });
  });

  it('explains a commit that lost to a disable, a deletion or another create by what it finds', async () => {
    const accounts = new MemoryAccounts(account);
    const ports = portsWith(accounts);
    const uow = new FakeUnitOfWork();
    await createApplication(ports, input, uow, now);

    accounts.accounts.set(accountId, { ...account, status: 'Disabled' });
    const disabled = await refusalOf(() => uow.commit());
    accounts.accounts.delete(accountId);
    const gone = await refusalOf(() => uow.commit());
    accounts.accounts.set(accountId, { ...account, applicationCount: 50 });
    const full = await refusalOf(() => uow.commit());

    expect(disabled).toMatchObject({ code: 'ValidationError', message: expect.stringMatching(/disabled/) });
    expect(gone).toMatchObject({ code: 'ResourceNotFound' });
    expect(full).toMatchObject({ code: 'ValidationError', message: expect.stringMatching(/at most 50/) });
  });

  it('answers a retryable 503 when the count lost a race the account found does not explain', async () => {
    const accounts = new MemoryAccounts(account);
    accounts.countConditionFails = true;
    const uow = new FakeUnitOfWork();
    await createApplication(portsWith(accounts), input, uow, now);

    const error = await refusalOf(() => uow.commit());

    expect(error).toBeInstanceOf(ConcurrentChangeError);
    expect(error).toMatchObject({ code: 'ServiceUnavailable', retryAfter: 1 });
  });
});

describe('reading and changing applications', () => {
  const mine = anApplication();
  const theirs = anApplication({ clientId: 'pts_theirs', accountId: 'another-account' });

  it("hides another account's application behind the same 404 as a missing one", async () => {
    const ports = portsWith(new MemoryAccounts(account), new MemoryApplications(mine, theirs));

    const foreign = await refusalOf(() => getApplication(ports, accountId, theirs.clientId));
    const missing = await refusalOf(() => getApplication(ports, accountId, 'pts_missing'));

    expect(foreign).toMatchObject({ code: 'ResourceNotFound' });
    expect(missing).toMatchObject({ code: 'ResourceNotFound' });
    expect(await getApplication(ports, accountId, mine.clientId)).not.toHaveProperty('secretHash');
  });

  it("lists an account's applications without their hashes, and 404 for an unknown account", async () => {
    const ports = portsWith(new MemoryAccounts(account), new MemoryApplications(mine, theirs));

    const page = await listApplications(ports, accountId, { limit: 10 });

    expect(page.items.map((application) => application.clientId)).toEqual([mine.clientId]);
    expect(page.items[0]).not.toHaveProperty('secretHash');
    expect(await refusalOf(() => listApplications(ports, 'unknown', { limit: 10 }))).toMatchObject({
      code: 'ResourceNotFound',
    });
  });

  it('disables an application once; disabling it again stages nothing', async () => {
    const ports = portsWith(new MemoryAccounts(account), new MemoryApplications(mine));
    const uow = new FakeUnitOfWork();

    const disabled = await disableApplication(ports, accountId, mine.clientId, uow, now);
    uow.commit();
    const again = await disableApplication(ports, accountId, mine.clientId, uow, now);

    expect(disabled).toMatchObject({ status: 'Disabled', updatedAt: now.toISOString() });
    expect(again.status).toBe('Disabled');
    expect(uow.writes).toEqual([]);
  });

  it('starts a new token generation on a disable, which enabling the application again keeps', async () => {
    const ports = portsWith(new MemoryAccounts(account), new MemoryApplications(mine));
    const disabling = new FakeUnitOfWork();
    await disableApplication(ports, accountId, mine.clientId, disabling, now);
    disabling.commit();
    const enabling = new FakeUnitOfWork();

    const enabled = await enableApplication(ports, accountId, mine.clientId, enabling, now);
    enabling.commit();

    expect(enabled).toMatchObject({ status: 'Active', updatedAt: now.toISOString() });
    expect(enabled).not.toHaveProperty('tokenGeneration');
    expect(ports.applications.applications.get(mine.clientId)).toMatchObject({
      status: 'Active',
      tokenGeneration: mine.tokenGeneration + 1,
    });
  });

  it('refuses to enable an active application with 409 ApplicationInvalidState, and another account’s with 404', async () => {
    const ports = portsWith(new MemoryAccounts(account), new MemoryApplications(mine, theirs));
    const uow = new FakeUnitOfWork();

    const active = await refusalOf(() => enableApplication(ports, accountId, mine.clientId, uow, now));
    const foreign = await refusalOf(() => enableApplication(ports, accountId, theirs.clientId, uow, now));

    expect(active).toMatchObject({ code: 'ApplicationInvalidState', details: { status: 'Active' } });
    expect(foreign).toMatchObject({ code: 'ResourceNotFound' });
    expect(uow.writes).toEqual([]);
  });

  it('rotates the secret in place of the hash it read; the old secret stops matching', async () => {
    const ports = portsWith(new MemoryAccounts(account), new MemoryApplications(mine));
    const uow = new FakeUnitOfWork();

    const { application, clientSecret } = await rotateApplicationSecret(
      ports,
      accountId,
      mine.clientId,
      uow,
      now,
    );
    uow.commit();

    expect(application).toMatchObject({ secretRotatedAt: now.toISOString(), updatedAt: now.toISOString() });
    expect(ports.applications.applications.get(mine.clientId)).toMatchObject({
      secretHash: `hash(${clientSecret})`,
      tokenGeneration: mine.tokenGeneration + 1,
    });
  });

  it('hands out only one of two concurrent rotations', async () => {
    const ports = portsWith(new MemoryAccounts(account), new MemoryApplications(mine));
    const first = new FakeUnitOfWork();
    const second = new FakeUnitOfWork();
    await rotateApplicationSecret(ports, accountId, mine.clientId, first, now);
    await rotateApplicationSecret(ports, accountId, mine.clientId, second, now);

    first.commit();

    const refused = await refusalOf(() => second.commit());
    expect(refused).toBeInstanceOf(ServiceUnavailableError);
    expect(refused).not.toBeInstanceOf(ConcurrentChangeError);
    expect(refused).toMatchObject({ retryAfter: 1 });
  });

  it("refuses to rotate another account's application with 404", async () => {
    const ports = portsWith(new MemoryAccounts(account), new MemoryApplications(theirs));

    expect(
      await refusalOf(() =>
        rotateApplicationSecret(ports, accountId, theirs.clientId, new FakeUnitOfWork(), now),
      ),
    ).toMatchObject({ code: 'ResourceNotFound' });
  });
});
