import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { IssuedCode } from '../../../shared/domain/employees/model.ts';
import type { OneTimeCodeStore } from '../../../shared/domain/employees/ports.ts';
import { refusalOf, type StagingStore } from './staging.ts';

/**
 * What every `OneTimeCodeStore` does, in memory and on DynamoDB (the pattern of ./lockout-store.ts): a
 * code is stored by a staged write, exists from its commit, and is spent once, never after it expired.
 */
export function oneTimeCodeStoreContract(name: string, subject: () => StagingStore<OneTimeCodeStore>): void {
  const now = new Date('2030-06-01T12:00:00.000Z');
  const codes = () => subject().store;
  const aCode = (): IssuedCode => ({
    codeHash: randomBytes(32).toString('base64url'),
    employeeId: 'ada',
    roles: ['admin'],
    codeChallenge: randomBytes(32).toString('base64url'),
    redirectUri: 'https://console.test/callback',
    expiresAt: new Date(now.getTime() + 60_000).toISOString(),
  });

  describe(`the one-time code store contract: ${name}`, () => {
    it('holds a code from the commit of its write, and spends it on the first exchange', async () => {
      const code = aCode();

      const write = codes().save(code);
      expect(await codes().consume(code.codeHash, now)).toBeUndefined();
      await subject().commit([write]);

      expect(await codes().consume(code.codeHash, now)).toEqual(code);
      expect(await codes().consume(code.codeHash, now)).toBeUndefined();
    });

    it('never gives back a code at or past its expiry', async () => {
      const code = aCode();
      await subject().commit([codes().save(code)]);

      expect(await codes().consume(code.codeHash, new Date(code.expiresAt))).toBeUndefined();
    });

    it('refuses to store a code over an existing one, and keeps the first', async () => {
      const code = aCode();
      await subject().commit([codes().save(code)]);

      const again = codes().save({ ...code, employeeId: 'mallory' });
      const refused = await refusalOf(subject().commit([again]));

      expect(refused.message).toBe(`Condition failed on ${again.description}`);
      expect((await codes().consume(code.codeHash, now))?.employeeId).toBe('ada');
    });

    it('spends a code for exactly one of several concurrent exchanges', async () => {
      const code = aCode();
      await subject().commit([codes().save(code)]);

      const spent = await Promise.all(Array.from({ length: 5 }, () => codes().consume(code.codeHash, now)));

      expect(spent.filter((found) => found !== undefined)).toEqual([code]);
    });
  });
}
