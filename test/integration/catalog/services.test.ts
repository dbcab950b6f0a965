import { readFile } from 'node:fs/promises';
import { Agent, request } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SeedCatalog } from '../../../infra/local/seed-catalog.ts';
import {
  esimTariffSchema,
  esimTariffsPageSchema,
  fastTrackSchema,
  fastTracksPageSchema,
} from '../../../shared/schemas/catalog.ts';
import { stage } from '../../support/api.ts';
import { type Lounge, type Page, partner1, pathOf, seedCatalog } from './support.ts';

let token: string;
let seed: SeedCatalog;
beforeAll(async () => {
  token = await partner1.token();
  seed = await seedCatalog();
});

const get = <T = Record<string, unknown>>(path: string, headers: Record<string, string> = {}) =>
  partner1.request<T>('GET', path, { token, headers });

describe('GET /v2/catalog/fast-tracks', () => {
  it('pages the active fast-tracks like the lounges, with everything a partner needs to sell one', async () => {
    const active = seed.records.fast_tracks.filter((fastTrack) => fastTrack.is_active);
    const response = await get<Page>('/v2/catalog/fast-tracks?limit=4&offset=2');

    expect(response.status).toBe(200);
    expect(fastTracksPageSchema.safeParse(response.body).error).toBeUndefined();
    expect(response.body.pagination).toEqual({ count: 4, offset: 2, total: active.length });
    expect(response.body.data[0]).toEqual(
      expect.objectContaining({
        hub: expect.objectContaining({ kind: 'Airport' }),
        direction: expect.stringMatching(/^(Departure|Arrival)$/),
        business_hours: expect.any(Array),
        required_booking_info: expect.any(Array),
        policy: expect.any(Object),
        images: expect.any(Array),
        description: expect.any(String),
      }),
    );
  });

  it('filters by the Russian name and reads one fast-track in Russian', async () => {
    const arrivals = await get<Page<{ id: string; name: string; direction: string }>>(
      `/v2/catalog/fast-tracks?name=${encodeURIComponent('ПРИЛЁТ')}`,
      { 'Accept-Language': 'ru-RU' },
    );
    const first = arrivals.body.data[0];
    const one = await get<{ name: string }>(`/v2/catalog/fast-tracks/${first?.id}`, {
      'Accept-Language': 'ru-RU',
    });

    expect(arrivals.body.pagination.total).toBeGreaterThan(0);
    for (const fastTrack of arrivals.body.data) expect(fastTrack.direction).toBe('Arrival');
    expect(fastTrackSchema.safeParse(one.body).error).toBeUndefined();
    expect(one.body.name).toBe(first?.name);
    expect(one.headers['content-language']).toBe('ru-RU');
  });

  it('is 404 for an inactive fast-track', async () => {
    const inactive = seed.records.fast_tracks.find((fastTrack) => !fastTrack.is_active);
    const response = await get(`/v2/catalog/fast-tracks/${inactive?.id}`);

    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'CatalogResourceNotFound' });
  });
});

describe('GET /v2/catalog/esim/tariffs', () => {
  it('pages the active tariffs with the fields of the contract', async () => {
    const active = seed.records.tariffs.filter((tariff) => tariff.is_active);
    const response = await get<Page>('/v2/catalog/esim/tariffs');

    expect(esimTariffsPageSchema.safeParse(response.body).error).toBeUndefined();
    expect(response.body.pagination).toEqual({ count: active.length, offset: 0, total: active.length });
    expect(Object.keys(response.body.data[0] ?? {}).sort()).toEqual(
      ['coverage', 'data_mb', 'id', 'name', 'price', 'topup_allowed', 'validity_days'].sort(),
    );
  });

  it('reads one tariff in Russian and filters by its Russian name', async () => {
    const europe = await get<Page<{ id: string; name: string }>>(
      `/v2/catalog/esim/tariffs?name=${encodeURIComponent('европа')}`,
      { 'Accept-Language': 'ru-RU' },
    );
    const one = await get(`/v2/catalog/esim/tariffs/${europe.body.data[0]?.id}`, {
      'Accept-Language': 'ru-RU',
    });

    expect(europe.body.data.map((tariff) => tariff.name)).toEqual([
      'Европа 10 ГБ, 30 дней',
      'Европа 3 ГБ, 15 дней',
    ]);
    expect(esimTariffSchema.parse(one.body)).toMatchObject({
      name: 'Европа 10 ГБ, 30 дней',
      price: { currency: 'EUR' },
    });
  });

  it('is 404 for an inactive tariff and 422 for bad paging', async () => {
    const inactive = seed.records.tariffs.find((tariff) => !tariff.is_active);

    expect((await get(`/v2/catalog/esim/tariffs/${inactive?.id}`)).status).toBe(404);
    expect((await get('/v2/catalog/esim/tariffs?limit=0')).status).toBe(422);
  });
});

describe('GET /v2/images/{id}', () => {
  /** One listed image of each media type, with its seeded record. */
  async function listedImages() {
    const lounges = await get<Page<Lounge>>('/v2/catalog/lounges?limit=1000');
    const seeded = new Map(
      seed.records.lounges.flatMap((lounge) => lounge.images.map((image) => [image.id, image])),
    );
    const byType = new Map<string, { path: string; blob: string }>();
    for (const image of lounges.body.data.flatMap((lounge) => lounge.images)) {
      const record = seeded.get(image.url.split('/').at(-1) ?? '');
      if (record && !byType.has(record.content_type)) {
        byType.set(record.content_type, { path: pathOf(image.url), blob: record.blob });
      }
    }
    return byType;
  }

  it('serves the bytes of each image with its content type and caching headers, SVG and PNG alike', async () => {
    const images = await listedImages();

    expect([...images.keys()].sort()).toEqual(['image/png', 'image/svg+xml']);
    for (const [contentType, { path, blob }] of images) {
      const response = await fetchBytes(path);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe(contentType);
      expect(response.headers['cache-control']).toBe('private, max-age=86400');
      expect(response.headers.etag).toBeTruthy();
      expect(response.headers['last-modified']).toBeTruthy();
      expect(Buffer.compare(response.bytes, Buffer.from(seed.blobs.get(blob)?.bytes ?? []))).toBe(0);
    }
  });

  it('answers 304 to If-None-Match with its ETag', async () => {
    const lounge = (await get<Page<Lounge>>('/v2/catalog/lounges?limit=1')).body.data[0];
    const path = pathOf(lounge?.images[0]?.url ?? '');
    const first = await get(path);

    const again = await get(path, { 'If-None-Match': first.headers.etag ?? '' });

    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('is 404 for a disabled image and for an unknown one', async () => {
    const disabled = seed.records.lounges.flatMap((lounge) => lounge.images).find((image) => !image.enabled);

    for (const id of [disabled?.id, '7e0d4a52-0000-4000-8000-000000000000']) {
      const response = await get(`/v2/images/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'CatalogResourceNotFound' });
    }
  });
});

/** The shared client reads bodies as text; images are compared byte for byte. */
async function fetchBytes(path: string) {
  const agent = new Agent({
    connect: {
      ca: await readFile(stage().ca_cert, 'utf8'),
      cert: partner1.identity.cert,
      key: partner1.identity.key,
    },
  });
  try {
    const response = await request(`${stage().base_url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
      dispatcher: agent,
    });
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
    );
    return { status: response.statusCode, headers, bytes: Buffer.from(await response.body.arrayBuffer()) };
  } finally {
    await agent.close();
  }
}
