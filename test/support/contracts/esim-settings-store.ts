import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EsimSettingsStore } from '../../../shared/domain/esim/ports.ts';
import type { StagingStore } from './staging.ts';

/**
 * What every `EsimSettingsStore` does, in memory and on DynamoDB (the pattern of ./resellers.ts): an
 * account's settings show once committed, a second write replaces the first, and they are the
 * account's alone.
 */
export function esimSettingsStoreContract(
  name: string,
  subject: () => StagingStore<EsimSettingsStore>,
): void {
  const settings = () => subject().store;
  const set = (usageThresholds: number[], updatedAt = '2030-05-01T10:00:00.000Z') => ({
    usageThresholds,
    updatedAt,
  });

  describe(`the eSIM settings store contract: ${name}`, () => {
    it('has nothing for an account that never set them', async () => {
      expect(await settings().find(randomUUID())).toBeUndefined();
    });

    it('shows settings only once their write is committed, and only to their account', async () => {
      const accountId = randomUUID();

      const write = settings().putWrite(accountId, set([50, 90]));
      expect(await settings().find(accountId)).toBeUndefined();
      await subject().commit([write]);

      expect(await settings().find(accountId)).toEqual(set([50, 90]));
      expect(await settings().find(randomUUID())).toBeUndefined();
    });

    it('replaces the settings as a whole, an empty list included', async () => {
      const accountId = randomUUID();
      await subject().commit([settings().putWrite(accountId, set([50, 90]))]);

      await subject().commit([settings().putWrite(accountId, set([], '2030-05-02T10:00:00.000Z'))]);

      expect(await settings().find(accountId)).toEqual(set([], '2030-05-02T10:00:00.000Z'));
    });
  });
}
