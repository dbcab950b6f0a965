import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LockoutKey, LockoutStore } from '../../../shared/domain/quotas/ports.ts';

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
  const aKey = () => ({ clientId: `contract-${randomUUID()}`, source: '192.0.2.10' });

  /** `failures` bad secrets at `at`, then a lockout until `lockedForMs` later. */
  async function lockedPair(lockedForMs: number): Promise<LockoutKey> {
    const key = aKey();
    for (let failure = 0; failure < 3; failure++) await store().addFailure(key, at, expiresIn(60_000));
    const locked = await store().lock(key, {
      threshold: 3,
      now: at,
      lockedUntilMs: later(lockedForMs).getTime(),
      expiresAt: expiresIn(120_000),
    });
    expect(locked).toBe(true);
    return key;
  }

  describe(`the lockout store contract: ${name}`, () => {
    it('finds nothing for a client that never failed', async () => {
      expect(await store().find(aKey(), at)).toEqual({ pair: undefined, client: undefined });
    });

    it('counts failures from one, each setting the expiry it is given', async () => {
      const key = aKey();

      const first = await store().addFailure(key, at, expiresIn(60_000));
      const second = await store().addFailure(key, later(1_000), expiresIn(30_000));

      expect(first).toMatchObject({ ...key, failures: 1, lockouts: 0, lockedUntilMs: null });
      expect(second).toMatchObject({ failures: 2, expiresAt: expiresIn(30_000) });
      expect((await store().find(key, later(2_000))).pair).toMatchObject({ failures: 2 });
    });

    it('treats an expired record as absent, and starts a new one on the next failure', async () => {
      const key = aKey();
      await store().addFailure(key, at, expiresIn(10_000));
      await store().addFailure(key, at, expiresIn(10_000));

      expect((await store().find(key, later(10_000))).pair).toBeUndefined();
      expect(await store().addFailure(key, later(11_000), expiresIn(70_000))).toMatchObject({
        failures: 1,
        lockouts: 0,
      });
    });

    it('locks a client with enough failures: failures back to 0, one more lockout', async () => {
      const key = await lockedPair(5_000);

      expect((await store().find(key, later(1_000))).pair).toMatchObject({
        failures: 0,
        lockouts: 1,
        lockedUntilMs: later(5_000).getTime(),
        expiresAt: expiresIn(120_000),
      });
    });

    it('refuses to lock a client below the threshold', async () => {
      const key = aKey();
      await store().addFailure(key, at, expiresIn(60_000));

      const locked = await store().lock(key, {
        threshold: 3,
        now: at,
        lockedUntilMs: later(5_000).getTime(),
        expiresAt: expiresIn(60_000),
      });

      expect(locked).toBe(false);
      expect((await store().find(key, at)).pair).toMatchObject({ failures: 1, lockouts: 0 });
    });

    it('refuses to lock a client without a live record', async () => {
      const locked = await store().lock(aKey(), {
        threshold: 1,
        now: at,
        lockedUntilMs: later(5_000).getTime(),
        expiresAt: expiresIn(60_000),
      });

      expect(locked).toBe(false);
    });

    it('counts no failure while the client is locked, and counts again once the lockout is over', async () => {
      const key = await lockedPair(5_000);

      const whileLocked = await store().addFailure(key, later(4_999), expiresIn(60_000));
      const after = await store().addFailure(key, later(5_000), expiresIn(60_000));

      expect(whileLocked).toMatchObject({ failures: 0, lockouts: 1 });
      expect(after).toMatchObject({ failures: 1, lockouts: 1 });
    });

    it('refuses a second lock while the first holds (a concurrent request locked it first)', async () => {
      const key = await lockedPair(5_000);

      const again = await store().lock(key, {
        threshold: 0,
        now: later(1_000),
        lockedUntilMs: later(9_000).getTime(),
        expiresAt: expiresIn(120_000),
      });

      expect(again).toBe(false);
      expect((await store().find(key, later(1_000))).pair?.lockedUntilMs).toBe(later(5_000).getTime());
    });

    it('keeps the records of one client from two sources apart', async () => {
      const fromHere = await lockedPair(5_000);
      const fromThere = { ...fromHere, source: '2001:db8::7' };

      const there = await store().addFailure(fromThere, later(1_000), expiresIn(60_000));

      expect(there).toMatchObject({ ...fromThere, failures: 1, lockouts: 0, lockedUntilMs: null });
      expect((await store().find(fromHere, later(1_000))).pair).toMatchObject({ lockouts: 1 });
    });

    it("counts a client's failures from every source in one window whose end never moves", async () => {
      const key = aKey();

      const first = await store().addClientFailure(key.clientId, at, expiresIn(60_000));
      const second = await store().addClientFailure(key.clientId, later(30_000), expiresIn(90_000));

      expect(first).toEqual({ clientId: key.clientId, failures: 1, endsAt: expiresIn(60_000) });
      expect(second).toEqual({ clientId: key.clientId, failures: 2, endsAt: expiresIn(60_000) });
      expect((await store().find({ ...key, source: '198.51.100.1' }, later(59_000))).client).toEqual(second);
    });

    it('starts the next window once one is over', async () => {
      const key = aKey();
      await store().addClientFailure(key.clientId, at, expiresIn(60_000));

      expect((await store().find(key, later(60_000))).client).toBeUndefined();
      expect(await store().addClientFailure(key.clientId, later(61_000), expiresIn(121_000))).toEqual({
        clientId: key.clientId,
        failures: 1,
        endsAt: expiresIn(121_000),
      });
    });

    it('forgets a pair on clear, and leaves the client window running', async () => {
      const key = await lockedPair(5_000);
      await store().addClientFailure(key.clientId, at, expiresIn(60_000));

      await store().clear(key);

      expect(await store().find(key, at)).toEqual({
        pair: undefined,
        client: { clientId: key.clientId, failures: 1, endsAt: expiresIn(60_000) },
      });
    });
  });
}
