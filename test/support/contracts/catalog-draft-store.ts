import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TariffRecord } from '../../../shared/domain/catalog/catalog-stored.ts';
import type { CatalogDraftStore, DraftEdit } from '../../../shared/domain/catalog-admin/ports.ts';
import type { WriteCommitter } from '../../../shared/domain/employees/ports.ts';
import { ConcurrentChangeError } from '../../../shared/domain/errors.ts';
import { tariff } from '../../unit/catalog/fixture.ts';
import { refusalOf } from '../../unit/support/unit-of-work.ts';

export interface CatalogDraftStoreSetup {
  /** A draft that started from no published catalog: the suite adds records of its own. */
  drafts: CatalogDraftStore;
  committer: WriteCommitter;
}

/**
 * What every `CatalogDraftStore` does, in memory and on DynamoDB (the pattern of lockout-store.ts):
 * one revision guards every change, edits put and remove records, kinds read in id order.
 */
export function catalogDraftStoreContract(name: string, setup: () => CatalogDraftStoreSetup): void {
  const at = new Date('2030-06-01T12:00:00.000Z');
  const aTariff = (n = 1): TariffRecord => tariff(n, { id: randomUUID() });
  const put = (record: TariffRecord): DraftEdit => ({ kind: 'tariffs', put: record });

  /** One change on the draft as it is now. */
  async function change(...edits: DraftEdit[]): Promise<void> {
    const { drafts, committer } = setup();
    const { revision } = await drafts.load();
    await committer.commit(drafts.change(revision, edits, at));
  }

  const tariffIds = async (): Promise<string[]> =>
    (await setup().drafts.load()).records.tariffs.map((record) => record.id);

  describe(`the catalog draft store contract: ${name}`, () => {
    it('makes a change visible when it commits: the records, the next revision, the time', async () => {
      const { drafts, committer } = setup();
      const record = aTariff();
      const before = await drafts.load();

      const staged = drafts.change(before.revision, [put(record)], at);
      expect(await drafts.find('tariffs', record.id)).toBeUndefined();
      await committer.commit(staged);

      const after = await drafts.load();
      expect(after).toMatchObject({ revision: before.revision + 1, updatedAt: at.toISOString() });
      expect(after.records.tariffs).toContainEqual(record);
      expect(await drafts.find('tariffs', record.id)).toEqual(record);
    });

    it('refuses a change checked against an older revision with ConcurrentChangeError, writing none of it', async () => {
      const { drafts, committer } = setup();
      const { revision } = await drafts.load();
      const first = drafts.change(revision, [put(aTariff())], at);
      const late = aTariff();
      const second = drafts.change(revision, [put(late)], at);
      await committer.commit(first);

      const refused = await refusalOf(() => committer.commit(second));

      expect(refused).toBeInstanceOf(ConcurrentChangeError);
      expect(await drafts.find('tariffs', late.id)).toBeUndefined();
      expect((await drafts.load()).revision).toBe(revision + 1);
    });

    it('replaces a record put again under its id', async () => {
      const record = aTariff(1);
      await change(put(record));

      const renamed = { ...record, name: { 'en-US': 'Renamed', 'ru-RU': 'Переименован' } };
      await change(put(renamed));

      expect(await setup().drafts.find('tariffs', record.id)).toEqual(renamed);
      expect((await tariffIds()).filter((id) => id === record.id)).toHaveLength(1);
    });

    it('removes the record named, and nothing when it is not there', async () => {
      const kept = aTariff();
      const removed = aTariff();
      await change(put(kept), put(removed));
      const before = await tariffIds();

      await change({ kind: 'tariffs', remove: removed.id });
      await change({ kind: 'tariffs', remove: randomUUID() });

      expect(await tariffIds()).toEqual(before.filter((id) => id !== removed.id));
      expect(await setup().drafts.find('tariffs', kept.id)).toEqual(kept);
    });

    it('finds a record under its own kind only', async () => {
      const record = aTariff();
      await change(put(record));

      expect(await setup().drafts.find('lounges', record.id)).toBeUndefined();
      expect(await setup().drafts.find('tariffs', randomUUID())).toBeUndefined();
    });

    it('loads and lists a kind in id order, a page at a time', async () => {
      const { drafts } = setup();
      await change(put(aTariff(3)), put(aTariff(1)), put(aTariff(2)));
      const all = await tariffIds();

      const listed: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await drafts.list('tariffs', { limit: 2, cursor });
        expect(page.items.length).toBeLessThanOrEqual(2);
        listed.push(...page.items.map((record) => record.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);

      expect(all).toEqual([...all].sort());
      expect(listed).toEqual(all);
    });
  });
}
