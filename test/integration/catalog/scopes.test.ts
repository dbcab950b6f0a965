import { beforeAll, describe, expect, it } from 'vitest';
import { type Lounge, type Page, partner1, pathOf } from './support.ts';

let imagePath: string;
let loungeId: string;
beforeAll(async () => {
  const page = await partner1.request<Page<Lounge>>('GET', '/v2/catalog/lounges?limit=1', {
    token: await partner1.token(),
  });
  loungeId = page.body.data[0]?.id ?? '';
  imagePath = pathOf(page.body.data[0]?.images[0]?.url ?? '');
});

const operations = () => [
  ['/v2/catalog/lounges', 'catalog.lounges:read'],
  [`/v2/catalog/lounges/${loungeId}`, 'catalog.lounges:read'],
  [imagePath, 'catalog.lounges:read catalog.fast_tracks:read'],
  ['/v2/catalog/fast-tracks', 'catalog.fast_tracks:read'],
  ['/v2/catalog/esim/tariffs', 'catalog.esim:read'],
];

describe('catalog scopes', () => {
  it('refuses every catalog operation with 403 and the required scope to a token without it', async () => {
    const token = await partner1.token('webhooks');

    for (const [path, scope] of operations()) {
      const response = await partner1.request('GET', path ?? '', { token });
      expect(response.status, path).toBe(403);
      expect(response.body).toMatchObject({
        code: 'Forbidden',
        details: { required_scope: scope, provided_scopes: ['webhooks'] },
      });
    }
  });

  it('lets each scope open its own catalog only', async () => {
    const token = await partner1.token('catalog.esim:read');

    expect((await partner1.request('GET', '/v2/catalog/esim/tariffs', { token })).status).toBe(200);
    expect((await partner1.request('GET', '/v2/catalog/lounges', { token })).status).toBe(403);
    expect((await partner1.request('GET', '/v2/catalog/fast-tracks', { token })).status).toBe(403);
  });

  it('accepts the aliases catalog.lounges and catalog.fast_tracks', async () => {
    const token = await partner1.token('catalog.lounges catalog.fast_tracks');

    expect((await partner1.request('GET', '/v2/catalog/lounges', { token })).status).toBe(200);
    expect((await partner1.request('GET', '/v2/catalog/fast-tracks', { token })).status).toBe(200);
    expect((await partner1.request('GET', imagePath, { token })).status).toBe(200);
  });

  it('serves a fast-track image to a token holding only the fast-track catalog scope', async () => {
    // Prepare
    const token = await partner1.token('catalog.fast_tracks:read');
    const page = await partner1.request<Page<{ images: { url: string }[] }>>(
      'GET',
      '/v2/catalog/fast-tracks',
      {
        token,
      },
    );
    const image = page.body.data.flatMap((item) => item.images)[0];

    // Act
    const response = await partner1.request('GET', pathOf(image?.url ?? ''), { token });

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\//);
  });

  it('answers 401 without a token', async () => {
    for (const [path] of operations()) {
      const response = await partner1.request('GET', path ?? '');
      expect(response.status, path).toBe(401);
      expect(response.body).toMatchObject({ code: 'Unauthorized' });
    }
  });
});
