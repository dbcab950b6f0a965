import { describe, expect, it } from 'vitest';
import {
  createPartnerClient,
  type RequestInitLike,
  requestFetch,
  requestToken,
  TokenError,
} from '../src/index.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the partner API client', () => {
  it('gets a token with HTTP Basic client credentials and the requested scopes', async () => {
    let seen: { url: string; init: RequestInit } | undefined;
    const token = await requestToken({
      authUrl: 'https://auth.example',
      clientId: 'pts_client',
      clientSecret: 'ptss_secret',
      scope: 'catalog.lounges:read',
      fetch: async (url, init) => {
        seen = { url, init };
        return json(200, {
          access_token: 'at',
          token_type: 'Bearer',
          expires_in: 3600,
          scope: 'catalog.lounges:read',
        });
      },
    });

    expect(token.access_token).toBe('at');
    expect(seen?.url).toBe('https://auth.example/oauth/v2/token');
    expect(new Headers(seen?.init.headers).get('Authorization')).toBe(
      `Basic ${btoa('pts_client:ptss_secret')}`,
    );
    expect(String(seen?.init.body)).toBe('grant_type=client_credentials&scope=catalog.lounges%3Aread');
  });

  it('throws the OAuth error of a refused token request', async () => {
    const refused = requestToken({
      authUrl: 'https://auth.example',
      clientId: 'pts_client',
      clientSecret: 'wrong',
      fetch: async () =>
        json(401, { error: 'invalid_client', error_description: 'Client authentication failed' }),
    });

    await expect(refused).rejects.toBeInstanceOf(TokenError);
    await expect(refused).rejects.toMatchObject({ status: 401, error: 'invalid_client' });
  });

  it('sends the bearer token, the Idempotency-Key and the JSON body through a (url, init) fetch', async () => {
    const calls: { url: string; init: RequestInitLike }[] = [];
    const api = createPartnerClient({
      baseUrl: 'https://api.example',
      accessToken: () => 'at-1',
      fetch: requestFetch(async (url, init) => {
        calls.push({ url, init });
        return json(202, { booking_id: 'b1', status: 'Processing', created_at: '2026-01-01T00:00:00Z' });
      }),
    });

    const booking = await api.POST('/v2/b2b/booking/lounges', {
      params: { header: { 'Idempotency-Key': 'key-1' } },
      body: {
        lounge_id: 'l1',
        guests: [{ first_name: 'Ada', last_name: 'Lovelace', type: 'Adult', lead: true }],
      },
    });

    expect(booking.data?.booking_id).toBe('b1');
    const headers = new Headers(calls[0]?.init.headers);
    expect(calls[0]?.url).toBe('https://api.example/v2/b2b/booking/lounges');
    expect(calls[0]?.init.method).toBe('POST');
    expect(headers.get('Authorization')).toBe('Bearer at-1');
    expect(headers.get('Idempotency-Key')).toBe('key-1');
    expect(JSON.parse(new TextDecoder().decode(calls[0]?.init.body))).toMatchObject({ lounge_id: 'l1' });
  });

  it('gives the problem body of an error answer as `error`', async () => {
    const api = createPartnerClient({
      baseUrl: 'https://api.example',
      accessToken: () => 'at-1',
      fetch: requestFetch(async () =>
        json(404, {
          code: 'CatalogResourceNotFound',
          title: 'Not found',
          status: 404,
          instance: '/v2/catalog/lounges/x',
          request_id: 'r',
        }),
      ),
    });

    const lounge = await api.GET('/v2/catalog/lounges/{loungeID}', { params: { path: { loungeID: 'x' } } });

    expect(lounge.data).toBeUndefined();
    expect(lounge.error?.code).toBe('CatalogResourceNotFound');
  });
});
