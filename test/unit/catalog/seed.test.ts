import { beforeAll, describe, expect, it } from 'vitest';
import { loadSeedCatalog, type SeedCatalog } from '../../../infra/local/seed-catalog.ts';
import { listCatalog } from '../../../shared/domain/catalog/service.ts';
import { CatalogSnapshot } from '../../../shared/domain/catalog/snapshot.ts';
import {
  esimTariffSchema,
  fastTrackSchema,
  locales,
  loungeSchema,
  transportHubSchema,
} from '../../../shared/schemas/catalog.ts';

let seed: SeedCatalog;
let snapshot: CatalogSnapshot;
const everything = {
  lounges: 'all',
  fast_tracks: 'all',
  tariffs: 'all',
  updatedAt: '2030-01-01T00:00:00Z',
} as const;

beforeAll(async () => {
  seed = await loadSeedCatalog();
  snapshot = new CatalogSnapshot({
    records: seed.records,
    version: 'seed',
    updatedAt: new Date(0),
    imageBaseUrl: 'https://api.test.invalid',
  });
});

describe('the catalog seed', () => {
  it('loads: every record passes its schema and every reference resolves', () => {
    expect(seed.records.lounges.length).toBeGreaterThan(0);
  });

  it.each(locales)('renders every item in %s to the response schemas of the contract', (locale) => {
    for (const kind of ['lounges', 'fast_tracks', 'tariffs'] as const) {
      const schema = { lounges: loungeSchema, fast_tracks: fastTrackSchema, tariffs: esimTariffSchema }[kind];
      for (const entry of snapshot.entries(kind, locale)) {
        const result = schema.safeParse(entry.item);
        expect(result.error?.issues ?? [], `${kind} ${entry.id} in ${locale}`).toEqual([]);
      }
    }
  });

  it('has at least 40 lounges at 15 or more airports and 3 or more railway stations', () => {
    const hubs = new Map(seed.records.hubs.map((hub) => [hub.id, hub]));
    const hubsWithLounges = new Set(seed.records.lounges.map((lounge) => lounge.hub_id));
    const kinds = [...hubsWithLounges].map((hubId) => hubs.get(hubId)?.kind);

    expect(seed.records.lounges.length).toBeGreaterThanOrEqual(40);
    expect(kinds.filter((kind) => kind === 'Airport').length).toBeGreaterThanOrEqual(15);
    expect(kinds.filter((kind) => kind === 'Railway').length).toBeGreaterThanOrEqual(3);
  });

  it('names real hubs with codes in the formats of the contract and IANA time zones', () => {
    for (const hub of seed.records.hubs) {
      for (const locale of locales) {
        const rendered = snapshot.entries('lounges', locale).find((entry) => entry.record.hub_id === hub.id)
          ?.item.hub;
        if (rendered) expect(transportHubSchema.safeParse(rendered).success, hub.name['en-US']).toBe(true);
      }
      if (hub.meta.kind === 'Railway') expect(hub.meta.uic).toMatch(/^[0-9]{7}$/);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: hub.timezone })).not.toThrow();
    }
    const iata = seed.records.hubs.flatMap((hub) => (hub.meta.kind === 'Airport' ? [hub.meta.iata] : []));
    expect(iata).toEqual(expect.arrayContaining(['SVO', 'LED', 'IST', 'DXB', 'LHR', 'JFK']));
    expect(new Set(iata).size).toBe(iata.length);
  });

  it('gives every lounge names and amenities in both locales, and some lounges SPECIAL days', () => {
    const amenityNames = new Map(seed.records.amenities.map((amenity) => [amenity.id, amenity.name]));
    for (const lounge of seed.records.lounges) {
      expect(lounge.name['ru-RU']).not.toBe(lounge.name['en-US']);
      for (const amenity of lounge.amenities) expect(amenityNames.get(amenity.id)?.['ru-RU']).toBeTruthy();
    }
    const special = seed.records.lounges.filter((lounge) =>
      lounge.business_hours.some((day) => day.times.type === 'SPECIAL'),
    );
    expect(special.length).toBeGreaterThanOrEqual(5);
  });

  it('has at least 10 fast-tracks, both directions, and at least 10 eSIM tariffs', () => {
    expect(seed.records.fast_tracks.length).toBeGreaterThanOrEqual(10);
    expect(new Set(seed.records.fast_tracks.map((fastTrack) => fastTrack.direction))).toEqual(
      new Set(['Departure', 'Arrival']),
    );
    expect(seed.records.tariffs.length).toBeGreaterThanOrEqual(10);
  });

  it('ships the bytes of every image it names, as SVG or PNG', () => {
    const images = [...seed.records.lounges, ...seed.records.fast_tracks].flatMap(
      (service) => service.images,
    );
    for (const image of images) expect(seed.blobs.get(image.blob)?.contentType).toBe(image.content_type);
    const png = [...seed.blobs.values()].find((blob) => blob.contentType === 'image/png');
    expect(Buffer.from(png?.bytes ?? []).subarray(0, 8)).toEqual(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'));
  });

  it('has inactive items and a disabled image, so hiding them is exercised', () => {
    expect(seed.records.lounges.some((lounge) => !lounge.is_active)).toBe(true);
    expect(seed.records.fast_tracks.some((fastTrack) => !fastTrack.is_active)).toBe(true);
    expect(seed.records.tariffs.some((tariff) => !tariff.is_active)).toBe(true);
    expect(seed.records.lounges.some((lounge) => lounge.images.some((image) => !image.enabled))).toBe(true);
  });

  it('gives the two seeded partners different contracts: the second sees a strict subset', () => {
    const [first, second] = seed.partnerContracts;
    const visible = (terms: typeof first) =>
      listCatalog(
        { snapshot, contract: { ...everything, ...terms } },
        'lounges',
        { limit: 1000, offset: 0 },
        {},
      ).body?.pagination.total ?? 0;

    expect(first?.lounges).toBe('all');
    expect(visible(second)).toBeGreaterThan(0);
    expect(visible(second)).toBeLessThan(visible(first));
    expect(second?.tariffs).not.toBe('all');
  });
});
