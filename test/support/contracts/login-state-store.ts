import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PendingLogin } from '../../../shared/domain/employees/model.ts';
import type { LoginStateStore } from '../../../shared/domain/employees/ports.ts';
import { refusalOf } from './staging.ts';

/**
 * What every `LoginStateStore` does, in memory and on DynamoDB (the pattern of ./lockout-store.ts): a
 * pending login is saved once and taken once, never after it expired.
 */
export function loginStateStoreContract(name: string, store: () => LoginStateStore): void {
  const now = new Date('2030-06-01T12:00:00.000Z');
  const aLogin = (expiresInMs = 600_000): PendingLogin => ({
    stateId: randomBytes(16).toString('hex'),
    codeVerifier: randomBytes(32).toString('base64url'),
    nonce: randomBytes(16).toString('hex'),
    expiresAt: new Date(now.getTime() + expiresInMs).toISOString(),
  });

  describe(`the login state store contract: ${name}`, () => {
    it('gives a saved login back once, then never again', async () => {
      const login = aLogin();
      await store().save(login);

      expect(await store().consume(login.stateId, now)).toEqual(login);
      expect(await store().consume(login.stateId, now)).toBeUndefined();
    });

    it('gives a login to exactly one of several concurrent callbacks', async () => {
      const login = aLogin();
      await store().save(login);

      const taken = await Promise.all(Array.from({ length: 5 }, () => store().consume(login.stateId, now)));

      expect(taken.filter((found) => found !== undefined)).toEqual([login]);
    });

    it('never gives back a login at or past its expiry, even one still stored', async () => {
      const login = aLogin(1_000);
      await store().save(login);

      expect(await store().consume(login.stateId, new Date(login.expiresAt))).toBeUndefined();
      expect(await store().consume(login.stateId, new Date(now.getTime() + 2_000))).toBeUndefined();
    });

    it('never overwrites a login with the same id', async () => {
      const login = aLogin();
      await store().save(login);

      await refusalOf(store().save({ ...login, codeVerifier: 'attacker' }));

      expect((await store().consume(login.stateId, now))?.codeVerifier).toBe(login.codeVerifier);
    });

    it('knows no login it was never given', async () => {
      expect(await store().consume(aLogin().stateId, now)).toBeUndefined();
    });
  });
}
