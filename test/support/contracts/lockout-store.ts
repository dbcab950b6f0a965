import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LockoutStore } from '../../../shared/domain/quotas/ports.ts';

/**
 * What every `LockoutStore` does, the in-memory one of the unit tests and DynamoDB's alike: the unit
 * project runs it on the fake, the integration project on DynamoDB Local, so the fake cannot drift
 * from the conditions of the real store.
 */
export function lockoutStoreContract(name: string, store: () => LockoutStore): void {
  const at = new Date('2030-06-01T12:00:00Z');
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const later = (ms: number) => new Date(at.getTime() + ms);
  const expiresIn = (ms: number) => seconds(later(ms));
  const aClient = () => `contract-${randomUUID()}`;

  /** `failures` bad secrets at `at`, then a lockout until `lockedForMs` later. */
  async function lockedClient(lockedForMs: number): Promise<string> {
    const clientId = aClient();
    for (let failure = 0; failure < 3; failure++) await store().addFailure(clientId, at, expiresIn(60_000));
    const locked = await store().lock(clientId, {
      threshold: 3,
      now: at,
      lockedUntilMs: later(lockedForMs).getTime(),
      expiresAt: expiresIn(120_000),
    });
    expect(locked).toBe(true);
    return clientId;
  }

  describe(`the lockout store contract: ${name}`, () => {
    it('finds nothing for a client that never failed', async () => {
      expect(await store().find(aClient(), at)).toBeUndefined();
    });

    it('counts failures from one, each setting the expiry it is given', async () => {
      const clientId = aClient();

      const first = await store().addFailure(clientId, at, expiresIn(60_000));
      const second = await store().addFailure(clientId, later(1_000), expiresIn(30_000));

      expect(first).toMatchObject({ clientId, failures: 1, lockouts: 0, lockedUntilMs: null });
      expect(second).toMatchObject({ failures: 2, expiresAt: expiresIn(30_000) });
      expect(await store().find(clientId, later(2_000))).toMatchObject({ failures: 2 });
    });

    it('treats an expired record as absent, and starts a new one on the next failure', async () => {
      const clientId = aClient();
      await store().addFailure(clientId, at, expiresIn(10_000));
      await store().addFailure(clientId, at, expiresIn(10_000));

      expect(await store().find(clientId, later(10_000))).toBeUndefined();
      expect(await store().addFailure(clientId, later(11_000), expiresIn(70_000))).toMatchObject({
        failures: 1,
        lockouts: 0,
      });
    });

    it('locks a client with enough failures: failures back to 0, one more lockout', async () => {
      const clientId = await lockedClient(5_000);

      expect(await store().find(clientId, later(1_000))).toMatchObject({
        failures: 0,
        lockouts: 1,
        lockedUntilMs: later(5_000).getTime(),
        expiresAt: expiresIn(120_000),
      });
    });

    it('refuses to lock a client below the threshold', async () => {
      const clientId = aClient();
      await store().addFailure(clientId, at, expiresIn(60_000));

      const locked = await store().lock(clientId, {
        threshold: 3,
        now: at,
        lockedUntilMs: later(5_000).getTime(),
        expiresAt: expiresIn(60_000),
      });

      expect(locked).toBe(false);
      expect(await store().find(clientId, at)).toMatchObject({ failures: 1, lockouts: 0 });
    });

    it('refuses to lock a client without a live record', async () => {
      const locked = await store().lock(aClient(), {
        threshold: 1,
        now: at,
        lockedUntilMs: later(5_000).getTime(),
        expiresAt: expiresIn(60_000),
      });

      expect(locked).toBe(false);
    });

    it('counts no failure while the client is locked, and counts again once the lockout is over', async () => {
      const clientId = await lockedClient(5_000);

      const whileLocked = await store().addFailure(clientId, later(4_999), expiresIn(60_000));
      const after = await store().addFailure(clientId, later(5_000), expiresIn(60_000));

      expect(whileLocked).toMatchObject({ failures: 0, lockouts: 1 });
      expect(after).toMatchObject({ failures: 1, lockouts: 1 });
    });

    it('refuses a second lock while the first holds (a concurrent request locked it first)', async () => {
      const clientId = await lockedClient(5_000);

      const again = await store().lock(clientId, {
        threshold: 0,
        now: later(1_000),
        lockedUntilMs: later(9_000).getTime(),
        expiresAt: expiresIn(120_000),
      });

      expect(again).toBe(false);
      expect((await store().find(clientId, later(1_000)))?.lockedUntilMs).toBe(later(5_000).getTime());
    });

    it('forgets a client on clear', async () => {
      const clientId = await lockedClient(5_000);

      await store().clear(clientId);

      expect(await store().find(clientId, at)).toBeUndefined();
    });
  });
}
