import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ResellerLink } from '../../../shared/domain/esim/model.ts';
import type { Resellers } from '../../../shared/domain/esim/ports.ts';
import { refusalOf, type StagingStore } from './staging.ts';

/**
 * What every `Resellers` store does, in memory and on DynamoDB (the pattern of ./lockout-store.ts): an
 * account is linked once; a second link fails its commit with the error made of the existing link.
 */
export function resellersContract(name: string, subject: () => StagingStore<Resellers>): void {
  const resellers = () => subject().store;
  const aLink = (accountId: string = randomUUID()): ResellerLink => ({
    accountId,
    resellerId: `reseller-${randomUUID()}`,
    linkedAt: '2030-05-01T10:00:00.000Z',
  });
  const alreadyLinked = (existing: ResellerLink | undefined) =>
    Object.assign(new Error('already linked'), { existing });

  describe(`the reseller links contract: ${name}`, () => {
    it('shows a link only once its write is committed', async () => {
      const link = aLink();

      const write = resellers().link(link, alreadyLinked);
      expect(await resellers().find(link.accountId)).toBeUndefined();
      await subject().commit([write]);

      expect(await resellers().find(link.accountId)).toEqual(link);
    });

    it('refuses a second link of an account with the existing link, and keeps the first', async () => {
      const first = aLink();
      await subject().commit([resellers().link(first, alreadyLinked)]);

      const second = { ...aLink(first.accountId), resellerId: 'reseller-second' };
      const refused = await refusalOf(subject().commit([resellers().link(second, alreadyLinked)]));

      expect(refused).toMatchObject({ message: 'already linked', existing: first });
      expect(await resellers().find(first.accountId)).toEqual(first);
    });

    it("finds no link for an account that has none, whatever other accounts' links", async () => {
      await subject().commit([resellers().link(aLink(), alreadyLinked)]);

      expect(await resellers().find(randomUUID())).toBeUndefined();
    });
  });
}
