import { beforeAll, describe, expect, it } from 'vitest';
import type { SeedCatalog } from '../../../infra/local/seed-catalog.ts';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import type { ContractScope } from '../../../shared/domain/catalog/catalog-stored.ts';
import { catalogMaxStalenessMs } from '../../../shared/domain/catalog/freshness.ts';
import { TestClock, useClock } from '../../../shared/util/clock.ts';
import { onboardPartner as onboardWithIdentity } from '../../support/onboard.ts';
import { ownGateway } from '../quotas/own-gateway.ts';
import {
  everything,
  type Lounge,
  onboardPartner,
  onStageTable,
  type Page,
  partner1,
  partner2,
  pathOf,
  seedCatalog,
} from './support.ts';

let seed: SeedCatalog;
const tokens: string[] = [];
beforeAll(async () => {
  seed = await seedCatalog();
  tokens.push(await partner1.token(), await partner2.token());
});

const asPartner =
  (index: 0 | 1) =>
  (path: string, headers: Record<string, string> = {}) =>
    [partner1, partner2][index]?.request<Page<Lounge>>('GET', path, { token: tokens[index], headers }) ??
    Promise.reject(new Error('no partner'));
const idsOf = (list: string) => (index: 0 | 1) =>
  everything((query) => asPartner(index)(`${list}?${query}`)).then((items) =>
    items.map((item) => item.id).sort(),
  );
const activeIds = (items: { id: string; is_active: boolean }[], scope: ContractScope | undefined) =>
  items
    .filter((item) => item.is_active && (scope === 'all' || scope?.includes(item.id)))
    .map((item) => item.id)
    .sort();

describe('per-account catalogs of the two seeded partners', () => {
  it.each([
    ['lounges', '/v2/catalog/lounges'],
    ['fast_tracks', '/v2/catalog/fast-tracks'],
    ['tariffs', '/v2/catalog/esim/tariffs'],
  ] as const)('show each partner the active %s of its own contract', async (kind, list) => {
    const [first, second] = seed.partnerContracts;
    const [one, two] = await Promise.all([idsOf(list)(0), idsOf(list)(1)]);

    expect(one).toEqual(activeIds(seed.records[kind], first?.[kind]));
    expect(two).toEqual(activeIds(seed.records[kind], second?.[kind]));
    expect(two.length).toBeLessThan(one.length);
  });

  it('gives the two partners different ETags for the same URL', async () => {
    const [one, two] = await Promise.all([
      asPartner(0)('/v2/catalog/lounges'),
      asPartner(1)('/v2/catalog/lounges'),
    ]);

    expect(one.headers.etag).not.toBe(two.headers.etag);
    expect(
      (await asPartner(1)('/v2/catalog/lounges', { 'If-None-Match': one.headers.etag ?? '' })).status,
    ).toBe(200);
  });

  it('answers 404 CatalogResourceNotFound for a lounge, fast-track or tariff outside the contract', async () => {
    const [, second] = seed.partnerContracts;
    const outside = (kind: 'lounges' | 'fast_tracks' | 'tariffs') =>
      seed.records[kind].find(
        (item) => item.is_active && second?.[kind] !== 'all' && !second?.[kind].includes(item.id),
      )?.id;
    const paths = [
      `/v2/catalog/lounges/${outside('lounges')}`,
      `/v2/catalog/fast-tracks/${outside('fast_tracks')}`,
      `/v2/catalog/esim/tariffs/${outside('tariffs')}`,
    ];

    for (const path of paths) {
      expect((await asPartner(0)(path)).status, path).toBe(200);
      const response = await asPartner(1)(path);
      expect(response.status, path).toBe(404);
      expect(response.body).toMatchObject({ code: 'CatalogResourceNotFound' });
    }
  });

  it('answers 404 for an image of a lounge outside the contract', async () => {
    const ownIds = new Set(await idsOf('/v2/catalog/lounges')(1));
    const foreign = (await asPartner(0)('/v2/catalog/lounges?limit=1000')).body.data.find(
      (lounge) => !ownIds.has(lounge.id),
    );
    const imagePath = pathOf(foreign?.images[0]?.url ?? '');

    expect((await asPartner(0)(imagePath)).status).toBe(200);
    expect((await asPartner(1)(imagePath)).status).toBe(404);
  });
});

describe('a contract change', () => {
  it('moves the ETag and Last-Modified of the account it belongs to once the staleness bound has passed, and only of that account', async () => {
    // The catalog function runs in this process behind a gateway of the test's own, so the test moves
    // its clock past the bound of the catalog served from memory without moving anyone else's.
    const clock = TestClock.running();
    const restoreClock = useClock(clock);
    const own = await ownGateway({ host: 'api', clock });
    // As deployed: each container answers from its own copy of the catalog.
    const staleness = process.env.CATALOG_MAX_STALENESS_MS;
    delete process.env.CATALOG_MAX_STALENESS_MS;
    resetModuleCaches();
    try {
      const partner = await onboardWithIdentity(['catalog.lounges:read'], 'Catalog test');
      const list = (headers: Record<string, string> = {}) =>
        own.client.request<Page<Lounge>>('GET', '/v2/catalog/lounges', {
          cert: partner.identity,
          token: partner.token,
          headers,
        });
      const before = await list();
      const seededBefore = await asPartner(0)('/v2/catalog/lounges');
      expect(before.body.pagination.total).toBeGreaterThan(3);
      const kept = before.body.data.slice(0, 3).map((lounge) => lounge.id);

      await onStageTable();
      const { putContract } = await import('../../../shared/db/entities/catalog.ts');
      await putContract(partner.accountId, { lounges: kept, fast_tracks: [], tariffs: [] }, clock.now());
      clock.advance(catalogMaxStalenessMs + 1_000);
      const after = await list();

      expect(after.body.data.map((lounge) => lounge.id).sort()).toEqual([...kept].sort());
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(Date.parse(after.headers['last-modified'] ?? '')).toBeGreaterThan(
        Date.parse(before.headers['last-modified'] ?? ''),
      );
      expect((await list({ 'If-None-Match': before.headers.etag ?? '' })).status).toBe(200);
      expect((await list({ 'If-Modified-Since': before.headers['last-modified'] ?? '' })).status).toBe(200);
      expect((await asPartner(0)('/v2/catalog/lounges')).headers.etag).toBe(seededBefore.headers.etag);
    } finally {
      if (staleness !== undefined) process.env.CATALOG_MAX_STALENESS_MS = staleness;
      resetModuleCaches();
      await own.close();
      restoreClock();
    }
  });

  it('shows an account without a contract of its own the default contract', async () => {
    const partner = await onboardPartner(['catalog.lounges:read']);
    const expected = activeIds(seed.records.lounges, seed.defaultContract.lounges);

    const lounges = await everything((query) =>
      partner.request<Page<Lounge>>(`/v2/catalog/lounges?${query}`),
    );

    expect(lounges.map((lounge) => lounge.id).sort()).toEqual(expected);
  });
});

describe('seeding again with the same data', () => {
  it('changes no ETag and no Last-Modified', async () => {
    const before = await asPartner(1)('/v2/catalog/lounges');

    await onStageTable();
    const { seedCatalog: seedAgain } = await import('../../../infra/local/seed-catalog.ts');
    await seedAgain([partner1.accountId ?? '', partner2.accountId ?? '']);
    const after = await asPartner(1)('/v2/catalog/lounges');

    expect(after.headers.etag).toBe(before.headers.etag);
    expect(after.headers['last-modified']).toBe(before.headers['last-modified']);
  });
});
