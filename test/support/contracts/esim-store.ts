import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConcurrentChangeError } from '../../../shared/domain/errors.ts';
import type { Esim } from '../../../shared/domain/esim/model.ts';
import type { EsimChange, EsimStore } from '../../../shared/domain/esim/ports.ts';
import { anEsim, aPackage, freshIccids } from './esim-records.ts';
import { everyPage, refusalOf } from './staging.ts';

/**
 * What every `EsimStore` does, in memory and on DynamoDB (the pattern of ./lockout-store.ts): a change
 * commits only on the version it was decided on, reads are keyed by the account, the listing pages by
 * ICCID and the sweep's index finds what is due, soonest first.
 */
export function esimStoreContract(name: string, store: () => EsimStore): void {
  const now = new Date('2030-05-02T10:00:00.000Z');
  const change = (before: Esim | null, after: Esim): EsimChange => ({ before, after, notices: [], now });
  const issue = (esim: Esim) => store().commit(store().writes(change(null, esim)));
  async function issued(overrides: Partial<Esim> = {}): Promise<Esim> {
    const esim = anEsim(overrides);
    await issue(esim);
    return esim;
  }
  const usedUp = (esim: Esim, usedMb: number): Esim => ({
    ...esim,
    packages: esim.packages.map((pkg) => ({ ...pkg, usedMb })),
    version: esim.version + 1,
  });

  describe(`the eSIM store contract: ${name}`, () => {
    it('shows an issued eSIM only once its writes are committed, and only to its account', async () => {
      const esim = anEsim();

      const writes = store().writes(change(null, esim));
      expect(await store().find(esim.accountId, esim.iccid)).toBeUndefined();
      await store().commit(writes);

      expect(await store().find(esim.accountId, esim.iccid)).toEqual(esim);
      expect(await store().find(randomUUID(), esim.iccid)).toBeUndefined();
    });

    it('keeps a suspension and the history of suspensions as written, and drops them on a resume', async () => {
      const esim = await issued();
      const entry = {
        at: now.toISOString(),
        from: 'NotActive',
        to: 'Suspended',
        actor: { type: 'employee', id: 'ada.admin' },
        reason: 'Lost phone',
      } as const;
      const suspended: Esim = {
        ...esim,
        suspendedAt: now.toISOString(),
        history: [entry],
        version: esim.version + 1,
      };
      await store().commit(store().writes(change(esim, suspended)));
      const { suspendedAt: _, ...resumed } = { ...suspended, version: suspended.version + 1 };

      expect(await store().find(esim.accountId, esim.iccid)).toEqual(suspended);
      await store().commit(store().writes(change(suspended, resumed)));
      expect(await store().find(esim.accountId, esim.iccid)).toEqual(resumed);
    });

    it('keeps a refund and the profile as written, and no longer finds the refunded eSIM due', async () => {
      const expiresAt = '2090-01-03T00:00:00.000Z';
      const esim = await issued({ packages: [aPackage({ expiresAt })] });
      const refunded: Esim = {
        ...esim,
        refundedAt: now.toISOString(),
        profile: { state: 'Released', eid: null, updatedAt: now.toISOString(), calls: [] },
        version: esim.version + 1,
      };

      await store().commit(store().writes(change(esim, refunded)));

      expect(await store().find(esim.accountId, esim.iccid)).toEqual(refunded);
      const due = await store().expiring(new Date(expiresAt), 1000);
      expect(due.map((key) => key.iccid)).not.toContain(esim.iccid);
    });

    it('refuses to issue an eSIM twice', async () => {
      const esim = await issued();

      const refused = await refusalOf(issue({ ...esim, matchingId: 'MATCH-again' }));

      expect(refused).toBeInstanceOf(ConcurrentChangeError);
      expect((await store().find(esim.accountId, esim.iccid))?.matchingId).toBe(esim.matchingId);
    });

    it('commits a change at the version read, and refuses a racing change from the same read', async () => {
      const esim = await issued();

      await store().commit(store().writes(change(esim, usedUp(esim, 100))));
      const racing = await refusalOf(store().commit(store().writes(change(esim, usedUp(esim, 200)))));

      expect(racing).toBeInstanceOf(ConcurrentChangeError);
      expect(await store().find(esim.accountId, esim.iccid)).toMatchObject({
        version: esim.version + 1,
        packages: [{ usedMb: 100 }],
      });
    });

    it("lists an account's eSIMs by ICCID, page by page, and no other account's", async () => {
      const accountId = randomUUID();
      const iccids = freshIccids(5);
      for (const iccid of [...iccids].reverse()) await issued({ accountId, iccid });
      await issued();

      const pages: string[][] = [];
      const listed = await everyPage(async (cursor) => {
        const page = await store().list(accountId, { limit: 2, cursor });
        pages.push(page.items.map((esim) => esim.iccid));
        return page;
      });

      expect(listed.map((esim) => esim.iccid)).toEqual(iccids);
      expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    });

    it('lists nothing, and no cursor, for an account without eSIMs', async () => {
      expect(await store().list(randomUUID(), { limit: 10 })).toEqual({ items: [], nextCursor: null });
    });

    it('finds the eSIMs with a package due and not yet expired, soonest due first', async () => {
      // Notices sent already: only expiries are due here.
      const noticesSent = { expiryNotices: [3, 1] };
      // Decades ahead: no eSIM of another test is due then, and the stage's minute sweep leaves these alone.
      const at = (second: number) => `2090-01-01T00:00:0${second}.000Z`;
      const accountId = randomUUID();
      const dueLater = await issued({
        accountId,
        packages: [aPackage({ expiresAt: at(2), ...noticesSent })],
      });
      const dueFirst = await issued({
        accountId,
        packages: [
          aPackage({ expiresAt: at(1), ...noticesSent }),
          aPackage({ expiresAt: at(5), ...noticesSent }),
        ],
      });
      const expiredAlready = await issued({
        accountId,
        packages: [aPackage({ status: 'Expired', expiresAt: at(0) })],
      });
      const notDueYet = await issued({
        accountId,
        packages: [aPackage({ expiresAt: at(4), ...noticesSent })],
      });

      const due = await store().expiring(new Date(at(3)), 1000);

      const mine = due.filter((key) => key.accountId === accountId).map((key) => key.iccid);
      expect(mine).toEqual([dueFirst.iccid, dueLater.iccid]);
      expect(mine).not.toContain(expiredAlready.iccid);
      expect(mine).not.toContain(notDueYet.iccid);
    });

    it('finds an eSIM whose package owes an expiry notice, from 3 days before its expires_at', async () => {
      const expiresAt = '2091-01-04T00:00:00.000Z';
      const esim = await issued({ packages: [aPackage({ expiresAt })] });
      const found = async (at: string) =>
        (await store().expiring(new Date(at), 1000)).some((key) => key.iccid === esim.iccid);

      expect(await found('2090-12-31T23:59:59.999Z')).toBe(false);
      expect(await found('2091-01-01T00:00:00.000Z')).toBe(true);
    });

    it('finds at most as many due eSIMs as asked', async () => {
      const expiresAt = '2090-01-02T00:00:00.000Z';
      for (let count = 0; count < 3; count++)
        await issued({ packages: [aPackage({ expiresAt, expiryNotices: [3, 1] })] });

      expect(await store().expiring(new Date(expiresAt), 2)).toHaveLength(2);
    });
  });
}
