import { describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';

const partner = api(0);
const subscribe = async (options: { body?: unknown; headers?: Record<string, string> }) =>
  partner.request('POST', '/v2/b2b/webhooks', { token: await partner.token('webhooks'), ...options });

describe('the HTTP pipeline', () => {
  it('answers a body that is not JSON with a 400 ValidationError problem', async () => {
    const response = await subscribe({
      body: '{"url": "https://',
      headers: { 'content-type': 'application/json' },
    });

    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body).toMatchObject({
      code: 'ValidationError',
      status: 400,
      instance: '/v2/b2b/webhooks',
    });
  });

  it('answers a body of another media type with 415 UnsupportedMediaType', async () => {
    const response = await subscribe({
      body: 'url=https://example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ code: 'UnsupportedMediaType', status: 415 });
  });

  it('refuses unknown fields with 422, naming each one', async () => {
    const response = await subscribe({
      body: { url: 'https://hooks.example.com/x', secret: 's'.repeat(32), secert: 'typo' },
    });

    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      code: 'ValidationError',
      details: { errors: [{ path: 'body', message: expect.stringContaining('secert') }] },
    });
  });

  it('asks for a Bearer token with WWW-Authenticate when none is sent', async () => {
    const response = await partner.request('GET', '/v2/b2b/webhooks');

    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(response.body).toMatchObject({ code: 'Unauthorized', status: 401 });
  });

  it('sets security headers on answers and on errors alike', async () => {
    const ok = await partner.request('GET', '/v2/openapi.json');
    const error = await partner.request('GET', '/v2/b2b/webhooks');

    for (const response of [ok, error]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toContain('max-age=');
    }
  });

  it('serves its OpenAPI 3.1 document from the route table', async () => {
    const response = await partner.request<{ openapi: string; paths: Record<string, unknown> }>(
      'GET',
      '/v2/openapi.json',
    );

    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    expect(Object.keys(response.body.paths)).toContain('/v2/b2b/booking/lounges/{bookingID}/confirm');
    expect(Object.keys(response.body.paths)).toContain('/v2/b2b/sandbox/pass-used');
  });
});
