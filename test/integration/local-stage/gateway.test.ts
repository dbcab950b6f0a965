import { describe, expect, it } from 'vitest';
import { api, request } from '../../support/api.ts';

const partner = api(0);

describe('the local API Gateway', () => {
  it('answers an unknown path with a 404 ResourceNotFound problem', async () => {
    const response = await partner.request('GET', '/v2/no/such/thing');

    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body).toMatchObject({
      code: 'ResourceNotFound',
      status: 404,
      instance: '/v2/no/such/thing',
    });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const response = await partner.request('DELETE', '/v2/admin/accounts');

    expect(response.status).toBe(405);
    expect(response.headers.allow?.split(', ').sort()).toEqual(['GET', 'POST']);
    expect(response.body).toMatchObject({ code: 'MethodNotAllowed', status: 405 });
  });

  it('keeps each host to its own routes: the token endpoint is not on base_url', async () => {
    const response = await partner.request('POST', '/oauth/v2/token', {
      form: { grant_type: 'client_credentials' },
    });

    expect(response.status).toBe(404);
  });

  it('keeps each host to its own routes: the partner API is not on auth_url', async () => {
    const response = await request('GET', '/v2/admin/accounts', { host: 'auth' });

    expect(response.status).toBe(404);
  });

  it('echoes the caller X-Request-ID', async () => {
    const response = await partner.request('GET', '/v2/no/such/thing', {
      headers: { 'X-Request-ID': 'trace-42' },
    });

    expect(response.headers['x-request-id']).toBe('trace-42');
    expect(response.body).toMatchObject({ request_id: 'trace-42' });
  });

  it('generates an X-Request-ID when the caller sent none', async () => {
    const response = await partner.request('GET', '/v2/openapi.json');

    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a body over the route limit with 413', async () => {
    const response = await partner.request('POST', '/v2/admin/accounts', {
      body: { name: 'x'.repeat(70 * 1024), csr_pem: 'x' },
    });

    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'PayloadTooLarge' });
  });

  it('refuses a body over the API Gateway payload quota of 10 MB with 413', async () => {
    const response = await partner.request('POST', '/v2/admin/accounts', {
      body: 'x'.repeat(10 * 1024 * 1024 + 1),
    });

    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({
      code: 'PayloadTooLarge',
      details: { limit_bytes: 10 * 1024 * 1024 },
    });
  });
});
