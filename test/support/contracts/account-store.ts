import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../shared/domain/accounts/model.ts';
import type { AccountStore } from '../../../shared/domain/accounts/ports.ts';
import { ConcurrentChangeError, ConflictError } from '../../../shared/domain/errors.ts';
import type { StagedWrite } from '../../../shared/domain/unit-of-work.ts';
import { everyPage, refusalOf, type StagingStore } from './staging.ts';

/**
 * What every `AccountStore` does, the in-memory one of the unit tests and DynamoDB's alike (the pattern
 * of ./lockout-store.ts): creates refuse an existing id, the application counter and the status
 * changes hold only under their conditions, and nothing staged is visible before its commit.
 */
export function accountStoreContract(name: string, subject: () => StagingStore<AccountStore>): void {
  const at = '2030-06-01T12:00:00.000Z';
  const anAccount = (overrides: Partial<Account> = {}): Account => {
    const accountId = randomUUID();
    return {
      accountId,
      name: `Contract ${accountId}`,
      kind: 'partner',
      status: 'Active',
      plan: 'standard',
      certificate: {
        serialNumber: '0a1b',
        fingerprintSha256: 'ff00',
        subject: `CN=${accountId}`,
        notBefore: '2030-01-01T00:00:00.000Z',
        notAfter: '2031-01-01T00:00:00.000Z',
        pem: '-----BEGIN CERTIFICATE-----\n...\n-----END CERTIFICATE-----\n',
      },
      activeCertificateFingerprints: ['ff00'],
      certificatesVersion: 1,
      applicationCount: 0,
      // Long ago: the accounts listing of a shared stage shows these last, after every other test's.
      createdAt: '2001-01-01T00:00:00.000Z',
      updatedAt: '2001-01-01T00:00:00.000Z',
      ...overrides,
    };
  };
  const accounts = () => subject().store;
  const commit = (...writes: StagedWrite[]) => subject().commit(writes);
  async function stored(overrides: Partial<Account> = {}): Promise<Account> {
    const account = anAccount(overrides);
    await commit(accounts().create(account));
    return account;
  }
  const refusedWith = (found: Account | undefined) =>
    Object.assign(new Error('refused'), { status: found?.status, count: found?.applicationCount });

  describe(`the account store contract: ${name}`, () => {
    it('shows a created account only once its write is committed', async () => {
      const account = anAccount();

      const write = accounts().create(account);
      expect(await accounts().find(account.accountId)).toBeUndefined();
      await commit(write);

      expect(await accounts().find(account.accountId)).toEqual(account);
    });

    it('refuses to create an account over an existing one, and keeps the one stored', async () => {
      const account = await stored();

      const again = accounts().create({ ...account, name: 'Impostor' });
      const refused = await refusalOf(commit(again));

      expect(refused.message).toBe(`Condition failed on ${again.description}`);
      expect((await accounts().find(account.accountId))?.name).toBe(account.name);
    });

    it('commits all writes of a transaction or none', async () => {
      const existing = await stored();
      const fresh = anAccount();

      await refusalOf(commit(accounts().create(fresh), accounts().create(existing)));

      expect(await accounts().find(fresh.accountId)).toBeUndefined();
    });

    it('lists accounts newest first, page by page', async () => {
      const created = ['2001-01-01T00:00:01.000Z', '2001-01-01T00:00:03.000Z', '2001-01-01T00:00:02.000Z'];
      const mine = [];
      for (const createdAt of created) mine.push(await stored({ createdAt, updatedAt: createdAt }));
      const ids = new Set(mine.map((account) => account.accountId));

      const listed = await everyPage((cursor) => accounts().list({ limit: 2, cursor }));

      expect(
        listed.filter((account) => ids.has(account.accountId)).map((account) => account.createdAt),
      ).toEqual([...created].sort().reverse());
      expect(new Set(listed.map((account) => account.accountId)).size).toBe(listed.length);
    });

    it('counts applications while the account is active and under the maximum', async () => {
      const account = await stored();

      await commit(accounts().countNewApplication(account.accountId, 2, refusedWith));
      await commit(accounts().countNewApplication(account.accountId, 2, refusedWith));
      const third = await refusalOf(
        commit(accounts().countNewApplication(account.accountId, 2, refusedWith)),
      );

      expect(third).toMatchObject({ message: 'refused', status: 'Active', count: 2 });
      expect((await accounts().find(account.accountId))?.applicationCount).toBe(2);
    });

    it('counts no application on a disabled account, nor on one that does not exist', async () => {
      const disabled = await stored({ status: 'Disabled' });

      const onDisabled = await refusalOf(
        commit(accounts().countNewApplication(disabled.accountId, 9, refusedWith)),
      );
      const onMissing = await refusalOf(commit(accounts().countNewApplication(randomUUID(), 9, refusedWith)));

      expect(onDisabled).toMatchObject({ message: 'refused', status: 'Disabled', count: 0 });
      expect(onMissing).toMatchObject({ message: 'refused', status: undefined, count: undefined });
    });

    it('disables an account unless an application was counted since it was read', async () => {
      const read = await stored();
      const other = await stored();
      await commit(accounts().countNewApplication(other.accountId, 9, refusedWith));

      await commit(accounts().disable(read, at));
      const raced = await refusalOf(commit(accounts().disable(other, at)));

      expect(await accounts().find(read.accountId)).toMatchObject({ status: 'Disabled', updatedAt: at });
      expect(raced).toBeInstanceOf(ConcurrentChangeError);
      expect(await accounts().find(other.accountId)).toMatchObject({ status: 'Active', applicationCount: 1 });
    });

    it('sets the active certificates once per version read: a second change from the same read is refused', async () => {
      const account = await stored();

      await commit(accounts().setActiveCertificates(account, ['ff00', 'ee11'], at));
      const raced = await refusalOf(commit(accounts().setActiveCertificates(account, ['ff00', 'dd22'], at)));

      expect(raced).toBeInstanceOf(ConcurrentChangeError);
      expect(await accounts().find(account.accountId)).toMatchObject({
        activeCertificateFingerprints: ['ff00', 'ee11'],
        certificatesVersion: account.certificatesVersion + 1,
        updatedAt: at,
      });
    });

    it('enables a disabled account once: an active one answers AccountInvalidState', async () => {
      const disabled = await stored({ status: 'Disabled' });

      await commit(accounts().enable(disabled, at));
      const twice = await refusalOf(commit(accounts().enable(disabled, at)));

      expect(await accounts().find(disabled.accountId)).toMatchObject({ status: 'Active', updatedAt: at });
      expect(twice).toBeInstanceOf(ConflictError);
      expect(twice).toMatchObject({ code: 'AccountInvalidState', details: { status: 'Active' } });
    });

    it('enables no account that changed since it was read', async () => {
      const disabled = await stored({ status: 'Disabled', applicationCount: 1 });

      const refused = await refusalOf(commit(accounts().enable({ ...disabled, applicationCount: 0 }, at)));
      const missing = await refusalOf(commit(accounts().enable(anAccount({ status: 'Disabled' }), at)));

      expect(refused).toBeInstanceOf(ConcurrentChangeError);
      expect(missing).toBeInstanceOf(ConcurrentChangeError);
      expect((await accounts().find(disabled.accountId))?.status).toBe('Disabled');
    });

    it("changes an existing account's plan, and refuses one that does not exist", async () => {
      const account = await stored();

      await commit(accounts().changePlan(account.accountId, 'premium', at));
      const missing = anAccount();
      const refused = await refusalOf(commit(accounts().changePlan(missing.accountId, 'premium', at)));

      expect(await accounts().find(account.accountId)).toMatchObject({ plan: 'premium', updatedAt: at });
      expect(refused).toBeInstanceOf(ConcurrentChangeError);
      expect(await accounts().find(missing.accountId)).toBeUndefined();
    });
  });
}
