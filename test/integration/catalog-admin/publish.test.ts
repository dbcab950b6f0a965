import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { catalogMaxStalenessMs } from '../../../shared/domain/catalog/freshness.ts';
import { TestClock, useClock } from '../../../shared/util/clock.ts';
import {
  type Answer,
  auditOf,
  call,
  createAccount,
  type Handler,
  idempotencyKey,
  partnerToken,
  seededCatalog,
} from './support.ts';

interface Page {
  data: { id: string; name: string; direction_info?: string }[];
  pagination: { total: number };
}
interface AdminLounge extends Record<string, unknown> {
  id: string;
  name: { 'en-US': string; 'ru-RU': string };
  direction_info: { 'en-US': string; 'ru-RU': string };
}

let admin: Handler;
let catalog: Handler;
let employee: string;
let partner: string;
const accountId = '6b1d1d2a-3f0e-4b8e-9a51-0c4b6f1e2d3c';

/** The functions run in this process: their requests and their catalog cache read this clock. */
const clock = TestClock.running();
let restoreClock: () => void;

beforeAll(async () => {
  restoreClock = useClock(clock);
  ({ admin, catalog, employee } = await seededCatalog());
  await createAccount('Publish test', accountId);
  partner = await partnerToken(accountId, ['catalog.lounges:read', 'catalog.fast_tracks:read']);
}, 60_000);
afterAll(() => restoreClock());

const partnerCall = { certificateOf: accountId };
const listLounges = (query = 'limit=1000', headers: Record<string, string> = {}) =>
  call<Page>(catalog, 'listLounges', { ...partnerCall, token: partner, query, headers });
const adminLounges = async () => {
  const lounges: AdminLounge[] = [];
  let cursor: string | null = null;
  do {
    const page: Answer<{ data: AdminLounge[]; next_cursor: string | null }> = await call(
      admin,
      'listCatalogLounges',
      { token: employee, query: `limit=200${cursor ? `&cursor=${cursor}` : ''}` },
    );
    lounges.push(...page.body.data);
    cursor = page.body.next_cursor;
  } while (cursor);
  return lounges;
};
const replace = (lounge: AdminLounge, changes: Partial<AdminLounge>) => {
  const { id, ...form } = lounge;
  return call<AdminLounge>(admin, 'replaceCatalogLounge', {
    token: employee,
    params: { loungeID: id },
    body: { ...form, ...changes },
  });
};
const publish = () =>
  call<{ version: string; changed: boolean; items: Record<string, number> }>(admin, 'publishCatalog', {
    token: employee,
  });

describe('publishing the draft', () => {
  it('never shows a partner half a publication: every list read holds the old names or the new ones', async () => {
    const lounges = (await adminLounges()).filter((lounge) => lounge.is_active);
    for (const lounge of lounges) {
      const renamed = await replace(lounge, {
        name: {
          'en-US': `${lounge.name['en-US']} (renovated)`,
          'ru-RU': `${lounge.name['ru-RU']} (обновлён)`,
        },
      });
      expect(renamed.status).toBe(200);
    }
    const before = await listLounges();
    expect(before.body.data.some((item) => item.name.endsWith('(renovated)'))).toBe(false);

    let publishing = true;
    const reads: Page[] = [];
    const reader = (async () => {
      while (publishing) reads.push((await listLounges()).body);
    })();
    const published = await publish();
    publishing = false;
    await reader;
    reads.push((await listLounges()).body);

    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ changed: true, items: { changed: lounges.length } });
    expect(reads.length).toBeGreaterThan(1);
    for (const page of reads) {
      const renamed = page.data.filter((item) => item.name.endsWith('(renovated)')).length;
      expect([0, page.data.length]).toContain(renamed);
    }
    expect(reads.at(-1)?.data.every((item) => item.name.endsWith('(renovated)'))).toBe(true);
  });

  it('shows a publication to a partner once the stated 5 s bound of the catalog served from memory has passed', async () => {
    // This test alone runs the partner side as deployed: each container answers from its own copy.
    delete process.env.CATALOG_MAX_STALENESS_MS;
    resetModuleCaches();
    try {
      const [lounge] = (await adminLounges()).filter((candidate) => candidate.is_active);
      if (!lounge) throw new Error('The seed has no active lounge');
      const renamedTo = `${lounge.name['en-US']} (bound)`;
      const named = async () =>
        (await listLounges()).body.data.find((item) => item.id === lounge.id)?.name ?? '';
      expect(await named()).not.toBe(renamedTo);
      await replace(lounge, { name: { ...lounge.name, 'en-US': renamedTo } });

      expect((await publish()).body.changed).toBe(true);
      clock.advance(catalogMaxStalenessMs);

      expect(await named()).toBe(renamedTo);
    } finally {
      process.env.CATALOG_MAX_STALENESS_MS = '0';
      resetModuleCaches();
    }
  });

  it('moves ETag and Last-Modified of the changed page and item only; the others answer 304 as before', async () => {
    const changedPage = await listLounges('limit=1&offset=0');
    const otherPage = await listLounges('limit=1&offset=1');
    const [first] = changedPage.body.data;
    if (!first) throw new Error('The seed has no lounge');
    const item = await call(catalog, 'getLounge', {
      ...partnerCall,
      token: partner,
      params: { loungeID: first.id },
    });
    const revalidate = (answer: Answer<unknown>) => ({
      'If-None-Match': answer.headers.etag ?? '',
    });
    expect(
      (
        await call(catalog, 'getLounge', {
          ...partnerCall,
          token: partner,
          params: { loungeID: first.id },
          headers: revalidate(item),
        })
      ).status,
    ).toBe(304);
    expect((await listLounges('limit=1&offset=0', revalidate(changedPage))).status).toBe(304);

    const lounge = (await adminLounges()).find((candidate) => candidate.id === first.id);
    if (!lounge) throw new Error('The first lounge is not in the draft');
    await replace(lounge, {
      direction_info: { 'en-US': 'Follow the new signs', 'ru-RU': 'Следуйте новым указателям' },
    });
    // A second later, so a moved Last-Modified shows in its second-precision HTTP date.
    clock.advance(1_000);
    expect((await publish()).body.changed).toBe(true);

    const changedAfter = await listLounges('limit=1&offset=0', revalidate(changedPage));
    const otherAfter = await listLounges('limit=1&offset=1', revalidate(otherPage));
    const itemAfter = await call<{ direction_info: string }>(catalog, 'getLounge', {
      ...partnerCall,
      token: partner,
      params: { loungeID: first.id },
      headers: revalidate(item),
    });

    expect(changedAfter.status).toBe(200);
    expect(changedAfter.headers.etag).not.toBe(changedPage.headers.etag);
    expect(Date.parse(changedAfter.headers['last-modified'] ?? '')).toBeGreaterThan(
      Date.parse(changedPage.headers['last-modified'] ?? ''),
    );
    expect(itemAfter.status).toBe(200);
    expect(itemAfter.body.direction_info).toBe('Follow the new signs');
    expect(otherAfter.status).toBe(304);
    expect(otherAfter.headers.etag).toBe(otherPage.headers.etag);
    expect(otherAfter.headers['last-modified']).toBe(otherPage.headers['last-modified']);
    const bySince = await listLounges('limit=1&offset=1', {
      'If-Modified-Since': otherPage.headers['last-modified'] ?? '',
    });
    expect(bySince.status).toBe(304);
  });

  it('gives partners 404 for a deactivated lounge from the publication on, not before', async () => {
    const [target] = (await listLounges('limit=1&offset=5')).body.data;
    if (!target) throw new Error('The seed has too few lounges');
    const read = () =>
      call(catalog, 'getLounge', { ...partnerCall, token: partner, params: { loungeID: target.id } });

    const deactivated = await call<AdminLounge>(admin, 'deactivateCatalogLounge', {
      token: employee,
      params: { loungeID: target.id },
    });
    const beforePublish = await read();
    await publish();
    const afterPublish = await read();
    const listed = await listLounges();

    expect(deactivated.status).toBe(200);
    expect(deactivated.body.is_active).toBe(false);
    expect(beforePublish.status).toBe(200);
    expect(afterPublish.status).toBe(404);
    expect(afterPublish.body).toMatchObject({ code: 'CatalogResourceNotFound', status: 404 });
    expect(listed.body.data.map((item) => item.id)).not.toContain(target.id);
    const [record] = await auditOf(target.id);
    expect(record).toMatchObject({
      action: 'deactivateCatalogLounge',
      actor: { type: 'employee', id: 'ada.admin', roles: ['admin'] },
      target: { type: 'lounge', id: target.id },
      details: { changes: [{ path: 'is_active', before: true, after: false }] },
    });
  });

  it('answers 200 with the same version and changed false when the draft is published already, and records no second publication', async () => {
    await call(admin, 'createCatalogAmenity', {
      token: employee,
      headers: idempotencyKey(),
      body: { name: { 'en-US': 'Quiet room', 'ru-RU': 'Тихая комната' } },
    });
    const first = await publish();
    const again = await publish();
    const draft = await call<{ has_changes: boolean; published_version: string }>(admin, 'getCatalogDraft', {
      token: employee,
    });
    const records = await auditOf(first.body.version);

    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      version: first.body.version,
      changed: false,
      items: { added: 0, changed: 0, deactivated: 0, removed: 0 },
    });
    expect(draft.body).toMatchObject({ has_changes: false, published_version: first.body.version });
    expect(first.body.changed).toBe(true);
    expect(records.map((record) => [record.action, record.target])).toEqual([
      ['publishCatalog', { type: 'catalog', id: first.body.version }],
    ]);
  });

  it('shows in the diff what publishing would change, field by field, and in the draft that it would', async () => {
    const [lounge] = await adminLounges();
    if (!lounge) throw new Error('No lounge');
    await replace(lounge, { name: { ...lounge.name, 'ru-RU': 'Новое имя' } });
    const created = await call<AdminLounge>(admin, 'createCatalogTariff', {
      token: employee,
      headers: idempotencyKey(),
      body: {
        name: { 'en-US': 'Diff test 1 GB', 'ru-RU': 'Тест диффа 1 ГБ' },
        coverage: ['DE'],
        data_mb: 1024,
        validity_days: 7,
        topup_allowed: false,
        price: { amount: '1.00', currency: 'EUR' },
      },
    });

    const diff = await call<{
      has_changes: boolean;
      added: { type: string; id: string }[];
      changed: { id: string; fields: { path: string; before?: unknown; after?: unknown }[] }[];
    }>(admin, 'getCatalogDiff', { token: employee });
    const draft = await call<{ has_changes: boolean; revision: number }>(admin, 'getCatalogDraft', {
      token: employee,
    });

    expect(diff.status).toBe(200);
    expect(diff.body.has_changes).toBe(true);
    expect(diff.body.added).toContainEqual(expect.objectContaining({ type: 'tariff', id: created.body.id }));
    expect(diff.body.changed).toContainEqual({
      type: 'lounge',
      id: lounge.id,
      name: { ...lounge.name, 'ru-RU': 'Новое имя' },
      fields: [{ path: 'name.ru-RU', before: lounge.name['ru-RU'], after: 'Новое имя' }],
    });
    expect(draft.body.has_changes).toBe(true);
    expect(draft.body.revision).toBeGreaterThan(0);
  });
});
