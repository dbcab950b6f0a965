import { describe, expect, it, vi } from 'vitest';
import { createAdminApi } from './admin.ts';
import { createHttpClient } from './http.ts';
import { adminPaths } from './paths.ts';
import { ProblemError } from './problem.ts';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

function fakeFetch(respond: (call: Call) => Response) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body,
    };
    calls.push(call);
    return respond(call);
  });
  return { fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function client(respond: (call: Call) => Response, token: string | null = 'token-1') {
  const { fetch, calls } = fakeFetch(respond);
  const onUnauthorized = vi.fn();
  const http = createHttpClient({
    baseUrl: 'https://admin.example',
    getAccessToken: () => token ?? undefined,
    onUnauthorized,
    fetch,
  });
  return { api: createAdminApi(http), calls, onUnauthorized, fetch };
}

describe('the admin API client', () => {
  it('sends the bearer token and reads the JSON answer', async () => {
    const { api, calls } = client(() => json(200, { data: [], next_cursor: null }));

    await expect(api.listAccounts({ limit: 200, cursor: undefined })).resolves.toEqual({
      data: [],
      next_cursor: null,
    });
    expect(calls[0]?.url).toBe('https://admin.example/api/v1/admin/accounts?limit=200');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('sends JSON bodies and the Idempotency-Key where the operation takes one', async () => {
    const { api, calls } = client(() => json(201, { account_id: 'a' }));

    await api.createAccount({ name: 'Acme', csr_pem: 'PEM' }, 'key-1');

    expect(calls[0]).toMatchObject({ method: 'POST', body: '{"name":"Acme","csr_pem":"PEM"}' });
    expect(calls[0]?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('asks for CSV with Accept and answers its text; a problem is still read as JSON', async () => {
    const csv = 'line_id,period\r\nl-1,2026-11\r\n';
    const { api, calls } = client((call) =>
      call.url.includes('2026-13')
        ? json(422, { code: 'ValidationError', title: 'Invalid request', status: 422 })
        : new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    );

    await expect(api.statementLinesCsv('acc-1', '2026-11', 'adjustment')).resolves.toBe(csv);
    expect(calls[0]?.url).toBe(
      'https://admin.example/api/v1/admin/accounts/acc-1/billing/statements/2026-11/lines?kind=adjustment',
    );
    expect(calls[0]?.headers.get('Accept')).toBe('text/csv, application/problem+json');
    await expect(api.periodStatementsCsv('2026-13')).rejects.toMatchObject({
      problem: { status: 422, code: 'ValidationError' },
    });
  });

  it('uploads an image as the raw body with its media type', async () => {
    const { api, calls } = client(() => json(201, { id: 'img-1' }));
    const image = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

    await api.uploadImage(image);

    expect(calls[0]?.url).toBe('https://admin.example/api/v1/admin/catalog/images');
    expect(calls[0]?.headers.get('Content-Type')).toBe('image/png');
    expect(calls[0]?.body).toBe(image);
  });

  it('escapes path parameters', async () => {
    const { api, calls } = client(() => json(200, {}));

    await api.getCatalogItem('hubs', 'a/b?c');

    expect(calls[0]?.url).toBe('https://admin.example/api/v1/admin/catalog/hubs/a%2Fb%3Fc');
  });

  it('throws the problem of an error answer, with the request id of the header when the body has none', async () => {
    const { api } = client(() =>
      json(
        409,
        { code: 'AlreadyCompanyMember', title: 'Already a member', status: 409 },
        { 'X-Request-ID': 'r-9' },
      ),
    );

    const error = await api.addManager('acc', 'emp').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ProblemError);
    expect((error as ProblemError).problem).toMatchObject({
      code: 'AlreadyCompanyMember',
      status: 409,
      request_id: 'r-9',
    });
  });

  it('starts a new login on a 401 and reports the session as ended', async () => {
    const { api, onUnauthorized } = client(() =>
      json(401, { code: 'Unauthorized', title: 'Unauthorized', status: 401 }),
    );

    await expect(api.getAccount('acc')).rejects.toMatchObject({
      problem: { code: 'Unauthorized', status: 401 },
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('sends nothing and starts a new login when no usable token is left', async () => {
    const { api, onUnauthorized, fetch } = client(() => json(200, {}), null);

    await expect(api.getAccount('acc')).rejects.toBeInstanceOf(ProblemError);
    expect(fetch).not.toHaveBeenCalled();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports a network failure as a problem the page can show', async () => {
    const { api } = client(() => {
      throw new TypeError('fetch failed');
    });

    await expect(api.getAccount('acc')).rejects.toMatchObject({
      problem: { code: 'NetworkError', status: 0 },
    });
  });

  it('answers undefined for a 204', async () => {
    const { api } = client(() => new Response(null, { status: 204 }));

    await expect(api.deleteAmenity('amenity-1')).resolves.toBeUndefined();
  });

  it('keeps every path under the admin prefix', () => {
    const samples = [
      adminPaths.enableAccount('a'),
      adminPaths.rotateApplicationSecret('a', 'c'),
      adminPaths.redeliver('a', 'w', 'd'),
      adminPaths.deactivateCatalogItem('fast-tracks', 'f'),
      adminPaths.catalogPublish(),
      adminPaths.auditLog(),
    ];

    expect(samples).toEqual([
      '/api/v1/admin/accounts/a/enable',
      '/api/v1/admin/accounts/a/applications/c/rotate-secret',
      '/api/v1/admin/accounts/a/webhooks/w/deliveries/d/redeliver',
      '/api/v1/admin/catalog/fast-tracks/f/deactivate',
      '/api/v1/admin/catalog/publish',
      '/api/v1/admin/audit-log',
    ]);
  });
});
