import { describe, expect, it } from 'vitest';
import type { AccountManager } from '../../../shared/domain/accounts/model.ts';
import type { AccountManagerStore } from '../../../shared/domain/accounts/ports.ts';
import {
  addAccountManager,
  enableAccount,
  listAccountManagers,
} from '../../../shared/domain/accounts/service.ts';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../../shared/domain/errors.ts';
import type { PageRequest } from '../../../shared/domain/ports.ts';
import { FakeUnitOfWork, fakeWrite, refusalOf } from '../support/unit-of-work.ts';
import { anAccount, anApplication, MemoryAccounts, MemoryApplications, now } from './fakes.ts';

class MemoryManagers implements AccountManagerStore {
  readonly managers: AccountManager[] = [];

  add(manager: AccountManager) {
    return fakeWrite(
      `assign ${manager.employeeId}`,
      () => this.managers.push(manager),
      () =>
        this.managers.some(
          (found) => found.accountId === manager.accountId && found.employeeId === manager.employeeId,
        )
          ? new ConflictError('AlreadyCompanyMember', 'twice')
          : undefined,
    );
  }

  async listOfAccount(accountId: string, page: PageRequest) {
    const items = this.managers.filter((manager) => manager.accountId === accountId).slice(0, page.limit);
    return { items, nextCursor: null };
  }
}

const disabledAccount = anAccount({ status: 'Disabled', applicationCount: 2 });
const { accountId } = disabledAccount;

describe('enabling an account', () => {
  it('enables it and copies Active onto every application, in one transaction', async () => {
    const applications = new MemoryApplications(
      anApplication({ clientId: 'pts_a', accountStatus: 'Disabled' }),
      anApplication({ clientId: 'pts_b', accountStatus: 'Disabled', status: 'Disabled' }),
    );
    const ports = { accounts: new MemoryAccounts(disabledAccount), applications };
    const uow = new FakeUnitOfWork();

    const enabled = await enableAccount(ports, accountId, uow, now);
    uow.commit();

    expect(enabled).toMatchObject({ status: 'Active', updatedAt: now.toISOString() });
    expect((await ports.accounts.find(accountId))?.status).toBe('Active');
    expect([...applications.applications.values()].map((app) => [app.accountStatus, app.status])).toEqual([
      ['Active', 'Active'],
      // Disabled on its own: enabling the account does not enable it.
      ['Active', 'Disabled'],
    ]);
  });

  it('refuses an active account with 409 AccountInvalidState and stages nothing', async () => {
    const uow = new FakeUnitOfWork();
    const ports = { accounts: new MemoryAccounts(anAccount()), applications: new MemoryApplications() };

    const refusal = await refusalOf(() => enableAccount(ports, accountId, uow, now));

    expect(refusal).toBeInstanceOf(ConflictError);
    expect(refusal).toMatchObject({ code: 'AccountInvalidState', details: { status: 'Active' } });
    expect(uow.writes).toEqual([]);
  });

  it('answers 404 for an unknown account', async () => {
    const ports = { accounts: new MemoryAccounts(), applications: new MemoryApplications() };

    expect(await refusalOf(() => enableAccount(ports, accountId, new FakeUnitOfWork(), now))).toBeInstanceOf(
      NotFoundError,
    );
  });

  it('asks for a retry while the application index lags behind the account', async () => {
    const applications = new MemoryApplications(anApplication({ clientId: 'pts_a' }));
    const ports = { accounts: new MemoryAccounts(disabledAccount), applications };

    expect(await refusalOf(() => enableAccount(ports, accountId, new FakeUnitOfWork(), now))).toBeInstanceOf(
      ServiceUnavailableError,
    );
  });
});

describe('account managers', () => {
  it('are assigned by the calling employee, once each', async () => {
    const ports = { accounts: new MemoryAccounts(anAccount()), managers: new MemoryManagers() };
    const uow = new FakeUnitOfWork();

    const manager = await addAccountManager(
      ports,
      { accountId, employeeId: 'sam.support', assignedBy: 'ada.admin' },
      uow,
      now,
    );
    uow.commit();
    const twice = new FakeUnitOfWork();
    await addAccountManager(
      ports,
      { accountId, employeeId: 'sam.support', assignedBy: 'ada.admin' },
      twice,
      now,
    );

    expect(manager).toEqual({
      accountId,
      employeeId: 'sam.support',
      assignedAt: now.toISOString(),
      assignedBy: 'ada.admin',
    });
    expect(() => twice.commit()).toThrow(ConflictError);
    expect((await listAccountManagers(ports, accountId, { limit: 10 })).items).toEqual([manager]);
  });

  it('belong to an existing account: 404 otherwise, for assigning and listing', async () => {
    const ports = { accounts: new MemoryAccounts(), managers: new MemoryManagers() };
    const input = { accountId, employeeId: 'sam.support', assignedBy: 'ada.admin' };

    expect(await refusalOf(() => addAccountManager(ports, input, new FakeUnitOfWork(), now))).toBeInstanceOf(
      NotFoundError,
    );
    expect(await refusalOf(() => listAccountManagers(ports, accountId, { limit: 10 }))).toBeInstanceOf(
      NotFoundError,
    );
  });
});
