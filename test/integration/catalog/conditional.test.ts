import { beforeAll, describe, expect, it } from 'vitest';
import { partner1 } from './support.ts';

let token: string;
beforeAll(async () => {
  token = await partner1.token();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  partner1.request('GET', path, { token, headers });
const httpDate = (time: number) => new Date(time).toUTCString();

describe.each([
  ['the lounge list', '/v2/catalog/lounges?limit=10'],
  ['the fast-track list', '/v2/catalog/fast-tracks'],
  ['the eSIM tariff list', '/v2/catalog/esim/tariffs?offset=1'],
])('conditional requests on %s', (_name, path) => {
  let etag: string;
  let lastModified: string;
  beforeAll(async () => {
    const first = await get(path);
    etag = first.headers.etag ?? '';
    lastModified = first.headers['last-modified'] ?? '';
  });

  const expectNotModified = async (headers: Record<string, string>) => {
    const response = await get(path, headers);
    expect(response.status).toBe(304);
    expect(response.body).toBe('');
    expect(response.headers.etag).toBe(etag);
    expect(response.headers['last-modified']).toBe(lastModified);
  };

  it('repeats the same ETag and Last-Modified while nothing changed', async () => {
    const again = await get(path);

    expect(again.headers.etag).toBe(etag);
    expect(again.headers['last-modified']).toBe(lastModified);
  });

  it('answers 304 with no body to If-None-Match with the current ETag', async () => {
    await expectNotModified({ 'If-None-Match': etag });
  });

  it('compares weakly: W/ on the ETag still matches', async () => {
    await expectNotModified({ 'If-None-Match': `W/${etag}` });
  });

  it('matches an ETag anywhere in a list', async () => {
    await expectNotModified({ 'If-None-Match': `"stale-1", W/"stale-2", ${etag}` });
  });

  it('matches * while the resource exists', async () => {
    await expectNotModified({ 'If-None-Match': '*' });
  });

  it('answers 200 with the page to an If-None-Match that does not match', async () => {
    const response = await get(path, { 'If-None-Match': '"stale"' });

    expect(response.status).toBe(200);
    expect(response.headers.etag).toBe(etag);
  });

  it('answers 304 to If-Modified-Since equal to Last-Modified', async () => {
    await expectNotModified({ 'If-Modified-Since': lastModified });
  });

  it('answers 304 to If-Modified-Since later than Last-Modified', async () => {
    await expectNotModified({ 'If-Modified-Since': httpDate(Date.parse(lastModified) + 60_000) });
  });

  it('answers 200 to If-Modified-Since earlier than Last-Modified', async () => {
    const response = await get(path, { 'If-Modified-Since': httpDate(Date.parse(lastModified) - 1000) });

    expect(response.status).toBe(200);
  });

  it('ignores an If-Modified-Since that is not an HTTP-date', async () => {
    expect((await get(path, { 'If-Modified-Since': 'tomorrow' })).status).toBe(200);
  });

  it('lets If-None-Match win over If-Modified-Since: no match is 200 even with a later date', async () => {
    const response = await get(path, {
      'If-None-Match': '"stale"',
      'If-Modified-Since': httpDate(Date.parse(lastModified) + 60_000),
    });

    expect(response.status).toBe(200);
  });

  it('lets If-None-Match win over If-Modified-Since: a match is 304 even with an earlier date', async () => {
    await expectNotModified({ 'If-None-Match': etag, 'If-Modified-Since': httpDate(0) });
  });
});

describe('the ETag of a catalog page', () => {
  const etagOf = async (path: string, headers: Record<string, string> = {}) =>
    (await get(path, headers)).headers.etag;

  it('differs per locale, so a Russian page never revalidates an English one', async () => {
    const english = await etagOf('/v2/catalog/lounges');
    const russian = await etagOf('/v2/catalog/lounges', { 'Accept-Language': 'ru-RU' });

    expect(russian).not.toBe(english);
    expect(
      (await get('/v2/catalog/lounges', { 'Accept-Language': 'ru-RU', 'If-None-Match': english ?? '' }))
        .status,
    ).toBe(200);
  });

  it('differs per filter, limit and offset', async () => {
    const tags = await Promise.all(
      ['', '?name=lounge', '?limit=5', '?offset=5', '?limit=5&offset=5'].map((query) =>
        etagOf(`/v2/catalog/lounges${query}`),
      ),
    );

    expect(new Set(tags).size).toBe(tags.length);
  });

  it('is the same for the defaults written out and left out', async () => {
    expect(await etagOf('/v2/catalog/lounges?limit=100&offset=0&name=')).toBe(
      await etagOf('/v2/catalog/lounges'),
    );
  });
});

describe('conditional requests on single items', () => {
  it('answer 304 to a lounge, fast-track or tariff whose ETag the client holds', async () => {
    for (const list of ['/v2/catalog/lounges', '/v2/catalog/fast-tracks', '/v2/catalog/esim/tariffs']) {
      const first = (await get(`${list}?limit=1`)).body as { data: { id: string }[] };
      const path = `${list}/${first.data[0]?.id}`;
      const item = await get(path);

      const again = await get(path, { 'If-None-Match': item.headers.etag ?? '' });

      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(item.headers.etag);
      expect(again.headers['last-modified']).toBe(item.headers['last-modified']);
    }
  });
});
