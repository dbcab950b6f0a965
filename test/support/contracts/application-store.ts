import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApplicationRecord } from '../../../shared/domain/accounts/model.ts';
import type { ApplicationStore } from '../../../shared/domain/accounts/ports.ts';
import { ConcurrentChangeError, ServiceUnavailableError } from '../../../shared/domain/errors.ts';
import type { StagedWrite } from '../../../shared/domain/unit-of-work.ts';
import { everyPage, refusalOf, type StagingStore } from './staging.ts';

/**
 * What every `ApplicationStore` does, in memory and on DynamoDB (the pattern of ./lockout-store.ts):
 * one record per client id, listed per account newest first, and changes that hold only on an
 * application as read; a refused change is a 503 the caller retries, never a rerun of the request.
 */
export function applicationStoreContract(name: string, subject: () => StagingStore<ApplicationStore>): void {
  const at = '2030-06-01T12:00:00.000Z';
  const anApplication = (overrides: Partial<ApplicationRecord> = {}): ApplicationRecord => ({
    clientId: `pts_contract-${randomUUID()}`,
    accountId: randomUUID(),
    name: 'Booking backend',
    allowedScopes: ['catalog.lounges:read', 'booking.lounges:write'],
    status: 'Active',
    accountStatus: 'Active',
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    secretRotatedAt: null,
    secretHash: 'hash(ptss_current)',
    tokenGeneration: 0,
    ...overrides,
  });
  const applications = () => subject().store;
  const commit = (...writes: StagedWrite[]) => subject().commit(writes);
  async function stored(overrides: Partial<ApplicationRecord> = {}): Promise<ApplicationRecord> {
    const application = anApplication(overrides);
    await commit(applications().create(application));
    return application;
  }
  function expectRetryLater(refused: Error) {
    expect(refused).toBeInstanceOf(ServiceUnavailableError);
    expect(refused).not.toBeInstanceOf(ConcurrentChangeError);
    expect(refused).toMatchObject({ retryAfter: 1 });
  }

  describe(`the application store contract: ${name}`, () => {
    it('shows a created application only once its write is committed', async () => {
      const application = anApplication();

      const write = applications().create(application);
      expect(await applications().find(application.clientId)).toBeUndefined();
      await commit(write);

      expect(await applications().find(application.clientId)).toEqual(application);
    });

    it('refuses to create an application over an existing client id', async () => {
      const application = await stored();

      const again = applications().create({ ...application, secretHash: 'hash(ptss_other)' });
      const refused = await refusalOf(commit(again));

      expect(refused.message).toBe(`Condition failed on ${again.description}`);
      expect((await applications().find(application.clientId))?.secretHash).toBe(application.secretHash);
    });

    it("lists an account's applications newest first, page by page, and no other account's", async () => {
      const accountId = randomUUID();
      const created = ['2030-01-01T00:00:01.000Z', '2030-01-01T00:00:03.000Z', '2030-01-01T00:00:02.000Z'];
      for (const createdAt of created) await stored({ accountId, createdAt, updatedAt: createdAt });
      await stored();

      const listed = await everyPage((cursor) =>
        applications().listOfAccount(accountId, { limit: 2, cursor }),
      );

      expect(listed.map((application) => application.createdAt)).toEqual([...created].sort().reverse());
      expect(listed.every((application) => application.accountId === accountId)).toBe(true);
    });

    it('disables an application of the account it was read from', async () => {
      const application = await stored();

      await commit(applications().disable(application, at));

      expect(await applications().find(application.clientId)).toMatchObject({
        status: 'Disabled',
        updatedAt: at,
        tokenGeneration: 1,
      });
    });

    it('enables a disabled application of the account it was read from, keeping its token generation', async () => {
      const application = await stored({ status: 'Disabled', tokenGeneration: 2 });

      await commit(applications().enable(application, at));

      expect(await applications().find(application.clientId)).toMatchObject({
        status: 'Active',
        updatedAt: at,
        tokenGeneration: 2,
      });
    });

    it('enables no active application, none of another account, nor one that does not exist', async () => {
      const active = await stored();
      const disabled = await stored({ status: 'Disabled' });

      const refusals = await Promise.all([
        refusalOf(commit(applications().enable({ ...active, status: 'Disabled' }, at))),
        refusalOf(commit(applications().enable({ ...disabled, accountId: randomUUID() }, at))),
        refusalOf(commit(applications().enable(anApplication({ status: 'Disabled' }), at))),
      ]);

      for (const refused of refusals) expectRetryLater(refused);
      expect((await applications().find(active.clientId))?.updatedAt).toBe(active.updatedAt);
      expect((await applications().find(disabled.clientId))?.status).toBe('Disabled');
    });

    it('disables no application of another account, nor one that does not exist', async () => {
      const application = await stored();

      const theirs = await refusalOf(
        commit(applications().disable({ ...application, accountId: randomUUID() }, at)),
      );
      const missing = await refusalOf(commit(applications().disable(anApplication(), at)));

      expectRetryLater(theirs);
      expectRetryLater(missing);
      expect((await applications().find(application.clientId))?.status).toBe('Active');
    });

    it('replaces a secret once: a second rotation of the same read is refused', async () => {
      const application = await stored();

      await commit(applications().replaceSecret(application, 'hash(ptss_first)', at));
      const second = await refusalOf(
        commit(applications().replaceSecret(application, 'hash(ptss_second)', at)),
      );

      expectRetryLater(second);
      expect(await applications().find(application.clientId)).toMatchObject({
        secretHash: 'hash(ptss_first)',
        secretRotatedAt: at,
        updatedAt: at,
        tokenGeneration: 1,
      });
    });

    it("copies the account's status onto an existing application only", async () => {
      const application = await stored();

      await commit(applications().copyAccountStatus(application.clientId, 'Disabled'));
      const missing = anApplication();
      const refused = await refusalOf(commit(applications().copyAccountStatus(missing.clientId, 'Disabled')));

      expect(await applications().find(application.clientId)).toMatchObject({
        accountStatus: 'Disabled',
        status: 'Active',
        updatedAt: application.updatedAt,
      });
      expectRetryLater(refused);
      expect(await applications().find(missing.clientId)).toBeUndefined();
    });

    it('starts a new token generation when it copies a disabled account, and keeps it on an enabled one', async () => {
      const application = await stored({ tokenGeneration: 3 });

      await commit(applications().copyAccountStatus(application.clientId, 'Disabled'));
      await commit(applications().copyAccountStatus(application.clientId, 'Active'));

      expect(await applications().find(application.clientId)).toMatchObject({
        accountStatus: 'Active',
        tokenGeneration: 4,
      });
    });
  });
}
