import { beforeAll, describe, expect, it } from 'vitest';
import type { SeedCatalog } from '../../../infra/local/seed-catalog.ts';
import { loungeSchema, loungesPageSchema } from '../../../shared/schemas/catalog.ts';
import { type Lounge, type Page, partner1, seedCatalog } from './support.ts';

let token: string;
let seed: SeedCatalog;
const activeLounges = () => seed.records.lounges.filter((lounge) => lounge.is_active);

beforeAll(async () => {
  token = await partner1.token();
  seed = await seedCatalog();
});

const list = (query = '', headers: Record<string, string> = {}) =>
  partner1.request<Page<Lounge>>('GET', `/v2/catalog/lounges${query ? `?${query}` : ''}`, { token, headers });

describe('GET /v2/catalog/lounges', () => {
  it('lists the first 100 active lounges in en-US with pagination and the caching headers', async () => {
    const response = await list();

    expect(response.status).toBe(200);
    expect(loungesPageSchema.safeParse(response.body).error).toBeUndefined();
    expect(response.body.pagination).toEqual({
      count: activeLounges().length,
      offset: 0,
      total: activeLounges().length,
    });
    expect(response.headers['content-language']).toBe('en-US');
    expect(response.headers.vary).toBe('Accept-Language');
    expect(response.headers['cache-control']).toBe('private, max-age=5');
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(new Date(response.headers['last-modified'] ?? '').toUTCString()).toBe(
      response.headers['last-modified'],
    );
    expect(response.body.data.map((lounge) => lounge.name)).toContain('Business Lounge, Terminal C');
  });

  it('hides inactive lounges', async () => {
    const inactive = seed.records.lounges.filter((lounge) => !lounge.is_active).map((lounge) => lounge.id);
    const response = await list();

    expect(inactive.length).toBeGreaterThan(0);
    expect(response.body.data.map((lounge) => lounge.id)).not.toEqual(expect.arrayContaining([inactive[0]]));
  });

  it('answers in Russian for Accept-Language ru-RU', async () => {
    const response = await list('', { 'Accept-Language': 'ru-RU' });
    const svoC = response.body.data.find((lounge) => lounge.name === 'Бизнес-зал, терминал C');

    expect(response.headers['content-language']).toBe('ru-RU');
    expect(svoC).toMatchObject({
      location: { city: 'Москва', country: 'RU', continent: 'Europe' },
      hub: {
        kind: 'Airport',
        name: 'Международный аэропорт Шереметьево',
        meta: { iata: 'SVO', icao: 'UUEE' },
      },
    });
  });

  it.each([
    ['q-values preferring Russian', 'en-US;q=0.5, ru-RU;q=0.9', 'ru-RU'],
    ['a bare language tag', 'ru', 'ru-RU'],
    ['only unsupported languages', 'de-DE, fr-FR;q=0.8', 'en-US'],
    ['English refused but nothing else supported', 'en-US;q=0, de', 'en-US'],
  ])('negotiates %s', async (_case, header, locale) => {
    const response = await list('limit=1', { 'Accept-Language': header });

    expect(response.status).toBe(200);
    expect(response.headers['content-language']).toBe(locale);
  });

  it('filters by a case-insensitive substring of the English name before paging', async () => {
    const expected = activeLounges()
      .filter((lounge) => lounge.name['en-US'].toLowerCase().includes('business lounge'))
      .map((lounge) => lounge.id)
      .sort();
    const response = await list('name=BUSINESS%20lounge&limit=1000');

    expect(expected.length).toBeGreaterThan(10);
    expect(response.body.data.map((lounge) => lounge.id).sort()).toEqual(expected);
    expect(response.body.pagination.total).toBe(expected.length);
  });

  it('filters by the Russian name in ru-RU, whatever the case of the Cyrillic letters', async () => {
    const expected = activeLounges().filter((lounge) =>
      lounge.name['ru-RU'].toLowerCase().includes('бизнес-зал'),
    );
    const response = await list(`name=${encodeURIComponent('БИЗНЕС-ЗАЛ')}&limit=3&offset=2`, {
      'Accept-Language': 'ru-RU',
    });

    expect(response.body.pagination).toEqual({ count: 3, offset: 2, total: expected.length });
    for (const lounge of response.body.data) expect(lounge.name.toLowerCase()).toContain('бизнес-зал');
  });

  it('filters in the response locale only: a Russian word matches nothing in English', async () => {
    const response = await list(`name=${encodeURIComponent('зал')}`);

    expect(response.body).toEqual({ data: [], pagination: { count: 0, offset: 0, total: 0 } });
  });

  it('treats an empty name as no filter', async () => {
    const response = await list('name=');

    expect(response.body.pagination.total).toBe(activeLounges().length);
  });

  it('pages through every lounge exactly once, in a stable order, with the same total on each page', async () => {
    const all = (await list('limit=1000')).body.data.map((lounge) => lounge.id);
    const seen: string[] = [];
    for (let offset = 0; offset < all.length; offset += 7) {
      const page = await list(`limit=7&offset=${offset}`);
      expect(page.body.pagination).toEqual({
        count: Math.min(7, all.length - offset),
        offset,
        total: all.length,
      });
      seen.push(...page.body.data.map((lounge) => lounge.id));
    }

    expect(seen).toEqual(all);
  });

  it('answers an empty page past the end with the total', async () => {
    const response = await list('offset=5000');

    expect(response.body).toEqual({
      data: [],
      pagination: { count: 0, offset: 5000, total: activeLounges().length },
    });
  });

  it.each([
    ['limit=0', 'query.limit'],
    ['limit=1001', 'query.limit'],
    ['limit=ten', 'query.limit'],
    ['limit=2.5', 'query.limit'],
    ['offset=-1', 'query.offset'],
    [`name=${'x'.repeat(65)}`, 'query.name'],
    ['sort=name', 'query'],
  ])('refuses %s with 422 ValidationError naming %s', async (query, path) => {
    const response = await list(query);

    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'ValidationError', status: 422 });
    expect((response.body as unknown as { details: { errors: { path: string }[] } }).details.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path })]),
    );
  });

  it('accepts the limits at the edges: 1 and 1000, and a name of 64 characters', async () => {
    expect((await list('limit=1')).body.pagination.count).toBe(1);
    expect((await list('limit=1000')).status).toBe(200);
    expect((await list(`name=${'x'.repeat(64)}`)).status).toBe(200);
  });
});

describe('GET /v2/catalog/lounges/{loungeID}', () => {
  const get = (id: string, headers: Record<string, string> = {}) =>
    partner1.request<Lounge>('GET', `/v2/catalog/lounges/${id}`, { token, headers });

  it('reads one lounge in the negotiated locale with its ETag and Last-Modified', async () => {
    const lounge = activeLounges()[0];
    const response = await get(lounge?.id ?? '', { 'Accept-Language': 'ru-RU' });

    expect(response.status).toBe(200);
    expect(loungeSchema.safeParse(response.body).error).toBeUndefined();
    expect(response.body.name).toBe(lounge?.name['ru-RU']);
    expect(response.headers).toMatchObject({ 'content-language': 'ru-RU', vary: 'Accept-Language' });
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers['last-modified']).toBeTruthy();
  });

  it('is the same lounge the list shows', async () => {
    const listed = (await list('limit=1')).body.data[0];

    expect((await get(listed?.id ?? '')).body).toEqual(listed);
  });

  it('is 404 CatalogResourceNotFound for an unknown or inactive lounge', async () => {
    const inactive = seed.records.lounges.find((lounge) => !lounge.is_active);

    for (const id of ['9b2f4c1e-0000-4000-8000-000000000000', inactive?.id ?? '']) {
      const response = await get(id);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'CatalogResourceNotFound', status: 404 });
    }
  });

  it('is 422 for an id that is not a UUID', async () => {
    const response = await get('lounge-1');

    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'ValidationError' });
  });
});
