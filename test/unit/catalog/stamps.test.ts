import { describe, expect, it } from 'vitest';
import type { CatalogRecords } from '../../../shared/domain/catalog/catalog-stored.ts';
import type { CatalogView } from '../../../shared/domain/catalog/ports.ts';
import { getCatalogItem, listCatalog } from '../../../shared/domain/catalog/service.ts';
import { CatalogSnapshot } from '../../../shared/domain/catalog/snapshot.ts';
import {
  type CatalogStamps,
  catalogVersion,
  changeTimeAfter,
  stampCatalog,
  stampKey,
} from '../../../shared/domain/catalog/stamps.ts';
import { everything, hubId, id, lounge, records } from './fixture.ts';

const t0 = new Date('2030-01-01T00:00:00.000Z');
const t1 = new Date('2030-02-01T00:00:00.000Z');

function published(next: CatalogRecords, previous?: { records: CatalogRecords; stamps: CatalogStamps }) {
  const at = previous ? t1 : t0;
  return stampCatalog(previous && { ...previous, publishedAt: t0 }, next, at);
}

function viewOf(catalog: CatalogRecords, stamps: CatalogStamps, updatedAt = t1): CatalogView {
  return {
    snapshot: new CatalogSnapshot({
      records: catalog,
      stamps,
      version: catalogVersion(catalog, stamps),
      updatedAt,
      imageBaseUrl: 'https://api.test.invalid',
    }),
    contract: { ...everything, updatedAt: '2029-01-01T00:00:00.000Z' },
  };
}

describe('record stamps', () => {
  it('keep the time of a record whose content and listing are what they were', () => {
    const first = published(records());
    const again = published(records(), { records: records(), stamps: first });

    expect(again).toEqual(first);
    expect(catalogVersion(records(), again)).toBe(catalogVersion(records(), first));
  });

  it('move changedAt of an edited lounge only, and listedAt only when it is renamed or deactivated', () => {
    const first = published(records());
    const edited = records();
    edited.lounges[0] = { ...lounge(1, 'Business Lounge B', 'Бизнес-зал B'), is_arrival_available: true };
    edited.lounges[1] = lounge(2, 'Renamed Lounge', 'Бизнес-зал C');
    edited.lounges[2] = { ...lounge(3, 'Arrivals Lounge', 'Зал прилёта'), is_active: false };

    const next = published(edited, { records: records(), stamps: first });
    const stamp = (n: number) => next[stampKey('lounges', id(n))];

    expect(stamp(1)).toEqual({ changedAt: t1.toISOString(), listedAt: t0.toISOString() });
    expect(stamp(2)).toEqual({ changedAt: t1.toISOString(), listedAt: t1.toISOString() });
    expect(stamp(3)).toEqual({ changedAt: t1.toISOString(), listedAt: t1.toISOString() });
    expect(stamp(4)).toEqual({ changedAt: t0.toISOString(), listedAt: t0.toISOString() });
  });

  it('move the services of a changed hub, and the lounges of a changed amenity, and nothing else', () => {
    const first = published(records());
    const hubRenamed = records();
    hubRenamed.hubs[0] = {
      ...(hubRenamed.hubs[0] as CatalogRecords['hubs'][number]),
      timezone: 'Europe/Berlin',
    };
    const amenityRenamed = records();
    amenityRenamed.amenities[0] = { id: 'wifi', name: { 'en-US': 'Fast Wi-Fi', 'ru-RU': 'Быстрый Wi-Fi' } };

    const afterHub = published(hubRenamed, { records: records(), stamps: first });
    const afterAmenity = published(amenityRenamed, { records: records(), stamps: first });

    expect(afterHub[stampKey('lounges', id(1))]?.changedAt).toBe(t1.toISOString());
    expect(afterHub[stampKey('fast_tracks', id(11))]?.changedAt).toBe(t1.toISOString());
    expect(afterHub[stampKey('tariffs', id(21))]?.changedAt).toBe(t0.toISOString());
    expect(afterAmenity[stampKey('lounges', id(1))]?.changedAt).toBe(t1.toISOString());
    expect(afterAmenity[stampKey('fast_tracks', id(11))]?.changedAt).toBe(t0.toISOString());
  });

  it('hide the services of a deactivated hub from the lists, which moves their listing time', () => {
    const first = published(records());
    const closed = records();
    closed.hubs[0] = { ...(closed.hubs[0] as CatalogRecords['hubs'][number]), is_active: false };

    const next = published(closed, { records: records(), stamps: first });
    const view = viewOf(closed, next);

    expect(next[stampKey('lounges', id(1))]?.listedAt).toBe(t1.toISOString());
    expect(listCatalog(view, 'lounges', { limit: 100, offset: 0 }, {}).body?.data).toEqual([]);
    expect(() => getCatalogItem(view, 'lounges', id(1), {})).toThrow('No lounge');
    expect(hubId).toBe(closed.hubs[0]?.id);
  });

  it('fall back to the previous publication time for records published before stamps existed', () => {
    const next = stampCatalog({ records: records(), stamps: {}, publishedAt: t0 }, records(), t1);

    expect(next[stampKey('lounges', id(1))]).toEqual({
      changedAt: t0.toISOString(),
      listedAt: t0.toISOString(),
    });
  });

  it('step a change time to the next second when the previous change was less than a second ago', () => {
    expect(
      changeTimeAfter(new Date('2030-01-01T00:00:00.400Z'), new Date('2030-01-01T00:00:00.200Z')),
    ).toEqual(new Date('2030-01-01T00:00:01.000Z'));
    expect(changeTimeAfter(t1, t0)).toEqual(t1);
  });
});

describe('Last-Modified of a page', () => {
  it('moves for the page that shows a changed item and stays for the pages that do not', () => {
    const first = published(records());
    const edited = records();
    // Sorted by name in en-US, "Arrivals Lounge" (3) is first and "Ёлка Lounge" (4) last.
    edited.lounges[2] = {
      ...lounge(3, 'Arrivals Lounge', 'Зал прилёта'),
      direction_info: { 'en-US': 'Hall A', 'ru-RU': 'Зал A' },
    };
    const next = published(edited, { records: records(), stamps: first });
    const before = viewOf(records(), first, t0);
    const after = viewOf(edited, next);
    const page = (view: CatalogView, offset: number) =>
      listCatalog(view, 'lounges', { limit: 1, offset }, { acceptLanguage: 'en-US' });

    expect(page(after, 0).body?.data[0]?.id).toBe(id(3));
    expect(page(after, 0).lastModified).toEqual(t1);
    expect(page(after, 0).etag).not.toBe(page(before, 0).etag);
    expect(page(after, 1).lastModified).toEqual(t0);
    expect(page(after, 1).etag).toBe(page(before, 1).etag);
    expect(page(after, 1).lastModified).toEqual(page(before, 1).lastModified);
    expect(getCatalogItem(after, 'lounges', id(1), {}).lastModified).toEqual(t0);
    expect(getCatalogItem(after, 'lounges', id(3), {}).lastModified).toEqual(t1);
  });

  it('moves for every page when an item leaves the lists, since the total and the order change', () => {
    const first = published(records());
    const edited = records();
    edited.lounges[4] = { ...lounge(5, 'Comfort Lounge', 'Комфорт-зал'), is_active: false };
    const after = viewOf(edited, published(edited, { records: records(), stamps: first }));

    for (const offset of [0, 1, 2]) {
      expect(listCatalog(after, 'lounges', { limit: 1, offset }, {}).lastModified).toEqual(t1);
    }
  });

  it('ignores items outside the account contract', () => {
    const first = published(records());
    const edited = records();
    edited.lounges[4] = { ...lounge(5, 'Comfort Lounge', 'Комфорт-зал'), is_active: false };
    const view = viewOf(edited, published(edited, { records: records(), stamps: first }));
    const narrow: CatalogView = { ...view, contract: { ...view.contract, lounges: [id(1), id(2)] } };

    expect(listCatalog(narrow, 'lounges', { limit: 10, offset: 0 }, {}).lastModified).toEqual(t0);
  });
});
