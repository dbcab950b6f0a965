import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ContractTerms } from '../../../shared/domain/catalog/catalog-stored.ts';
import type { ContractStore } from '../../../shared/domain/catalog-admin/ports.ts';
import type { WriteCommitter } from '../../../shared/domain/employees/ports.ts';
import { ConcurrentChangeError } from '../../../shared/domain/errors.ts';
import { refusalOf } from '../../unit/support/unit-of-work.ts';

export interface ContractStoreSetup {
  contracts: ContractStore;
  committer: WriteCommitter;
}

/**
 * What every `ContractStore` does, in memory and on DynamoDB (the pattern of lockout-store.ts): one
 * contract per account, created once, replaced only from the version read.
 */
export function contractStoreContract(name: string, setup: () => ContractStoreSetup): void {
  const at = new Date('2030-06-01T12:00:00.000Z');
  const later = new Date('2030-06-01T12:05:00.000Z');
  const everything: ContractTerms = { lounges: 'all', fast_tracks: 'all', tariffs: 'all' };
  const someLounges: ContractTerms = {
    lounges: [randomUUID(), randomUUID()],
    fast_tracks: [],
    tariffs: 'all',
  };

  describe(`the contract store contract: ${name}`, () => {
    it('stores a first contract when it commits; another account still has none', async () => {
      const { contracts, committer } = setup();
      const accountId = randomUUID();

      const staged = contracts.create(accountId, someLounges, at);
      expect(await contracts.find(accountId)).toBeUndefined();
      await committer.commit([staged]);

      expect(await contracts.find(accountId)).toEqual({ ...someLounges, updatedAt: at.toISOString() });
      expect(await contracts.find(randomUUID())).toBeUndefined();
    });

    it('refuses a second first contract with ContractAlreadyExists, also staged before the first committed', async () => {
      const { contracts, committer } = setup();
      const accountId = randomUUID();
      const racing = contracts.create(accountId, everything, later);
      await committer.commit([contracts.create(accountId, someLounges, at)]);

      const refused = await refusalOf(() => committer.commit([racing]));

      expect(refused).toMatchObject({ code: 'ContractAlreadyExists' });
      expect(await contracts.find(accountId)).toEqual({ ...someLounges, updatedAt: at.toISOString() });
    });

    it('keeps the billing terms given, and a replace without them leaves them out (their defaults apply)', async () => {
      const { contracts, committer } = setup();
      const accountId = randomUUID();
      const withTerms: ContractTerms = { ...everything, discount_percent: 12.5, billing_basis: 'per_pass' };
      await committer.commit([contracts.create(accountId, withTerms, at)]);
      const created = await contracts.find(accountId);
      if (!created) throw new Error('no contract');

      await committer.commit([contracts.replace(accountId, created, everything, later)]);

      expect(created).toEqual({ ...withTerms, updatedAt: at.toISOString() });
      expect(await contracts.find(accountId)).toEqual({ ...everything, updatedAt: later.toISOString() });
    });

    it('replaces the contract read', async () => {
      const { contracts, committer } = setup();
      const accountId = randomUUID();
      await committer.commit([contracts.create(accountId, someLounges, at)]);
      const current = await contracts.find(accountId);
      if (!current) throw new Error('no contract');

      await committer.commit([contracts.replace(accountId, current, everything, later)]);

      expect(await contracts.find(accountId)).toEqual({ ...everything, updatedAt: later.toISOString() });
    });

    it('refuses to replace a contract replaced since it was read (ConcurrentChangeError)', async () => {
      const { contracts, committer } = setup();
      const accountId = randomUUID();
      await committer.commit([contracts.create(accountId, someLounges, at)]);
      const read = await contracts.find(accountId);
      if (!read) throw new Error('no contract');
      await committer.commit([contracts.replace(accountId, read, everything, later)]);

      const refused = await refusalOf(() =>
        committer.commit([
          contracts.replace(accountId, read, someLounges, new Date('2030-06-01T12:09:00.000Z')),
        ]),
      );

      expect(refused).toBeInstanceOf(ConcurrentChangeError);
      expect(await contracts.find(accountId)).toEqual({ ...everything, updatedAt: later.toISOString() });
    });

    it('refuses to replace a contract the account does not have', async () => {
      const { contracts, committer } = setup();
      const accountId = randomUUID();
      const imagined = { ...everything, updatedAt: at.toISOString() };

      const refused = await refusalOf(() =>
        committer.commit([contracts.replace(accountId, imagined, someLounges, later)]),
      );

      expect(refused).toBeInstanceOf(ConcurrentChangeError);
      expect(await contracts.find(accountId)).toBeUndefined();
    });
  });
}
