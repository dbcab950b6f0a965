import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { stage } from '../../support/api.ts';

let agent: Agent | undefined;
const dispatcher = () => {
  agent ??= new Agent({ connect: { ca: readFileSync(stage().ca_cert, 'utf8') } });
  return agent;
};

afterAll(async () => {
  await agent?.close();
});

async function fetchFrom(url: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const response = await request(url, {
    method: (init.method ?? 'GET') as 'GET',
    dispatcher: dispatcher(),
    ...(init.headers ? { headers: init.headers } : {}),
  });
  const headers = Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  );
  return { status: response.statusCode, headers, body: await response.body.text() };
}

describe('the console at console_url', () => {
  it('serves the built console under a CSP that lets it reach exactly the auth and admin hosts', async () => {
    const { console_url, auth_url, admin_url } = stage();

    const page = await fetchFrom(`${console_url}/`);

    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.headers['content-security-policy']).toContain(`connect-src 'self' ${auth_url} ${admin_url};`);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it("writes a config.json naming this stage's hosts, the console's client and the reference", async () => {
    const { console_url, auth_url, admin_url, docs_url, employee_login } = stage();

    const config = await fetchFrom(`${console_url}/config.json`);

    expect(config.status).toBe(200);
    expect(config.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(config.body)).toEqual({
      auth_url,
      admin_url,
      client_id: employee_login.client_id,
      redirect_uri: employee_login.redirect_uri,
      docs_url: `${docs_url}/`,
    });
  });

  it("answers the login's return path and any other page path with index.html (the SPA fallback)", async () => {
    const { console_url, employee_login } = stage();
    const index = await fetchFrom(`${console_url}/`);

    const landing = await fetchFrom(`${employee_login.redirect_uri}?code=abc&state=xyz`);
    const deep = await fetchFrom(`${console_url}/accounts/anything`);

    expect(landing.status).toBe(200);
    expect(landing.body).toBe(index.body);
    expect(deep.body).toBe(index.body);
  });

  it('answers a missing file with 404, not the page, and hashed assets as cacheable for a year', async () => {
    const { console_url } = stage();
    const index = await fetchFrom(`${console_url}/`);
    const script = /src="\.(\/assets\/[^"]+\.js)"/.exec(index.body)?.[1];

    const asset = await fetchFrom(`${console_url}${script}`);
    const missing = await fetchFrom(`${console_url}/assets/missing.js`);

    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(missing.status).toBe(404);
  });

  it('answers a repeated request with 304 when the file has not changed', async () => {
    const { console_url } = stage();
    const first = await fetchFrom(`${console_url}/`);

    const again = await fetchFrom(`${console_url}/`, {
      headers: { 'if-none-match': first.headers.etag ?? '' },
    });

    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(again.status).toBe(304);
  });

  it('refuses anything but GET and HEAD with 405', async () => {
    const answer = await fetchFrom(`${stage().console_url}/`, { method: 'POST' });

    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });

  it('does not serve the API reference, which has its own origin', async () => {
    const answer = await fetchFrom(`${stage().console_url}/reference/scalar.js`);

    expect(answer.status).toBe(404);
  });
});

describe('the admin API seen from the console', () => {
  it("answers the console's preflight for its origin exactly", async () => {
    const { console_url, admin_url } = stage();

    const preflight = await fetchFrom(`${admin_url}/api/v1/admin/accounts`, {
      method: 'OPTIONS',
      headers: {
        origin: console_url,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });

    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(console_url);
    expect(preflight.headers['access-control-allow-headers']).toContain('Idempotency-Key');
  });

  it.each([
    ['the API reference', () => stage().docs_url],
    ['another port of the same host', () => stage().console_url.replace(/:\d+$/, ':1')],
    ['the console origin over plain http', () => stage().console_url.replace('https:', 'http:')],
  ])('admits no other origin: %s', async (_name, origin) => {
    const preflight = await fetchFrom(`${stage().admin_url}/api/v1/admin/accounts`, {
      method: 'OPTIONS',
      headers: { origin: origin(), 'access-control-request-method': 'GET' },
    });

    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the API reference at docs_url', () => {
  it('serves the reference page and its OpenAPI document under the reference policy', async () => {
    const { docs_url } = stage();

    const page = await fetchFrom(`${docs_url}/`);
    const document = await fetchFrom(`${docs_url}/openapi.json`);

    expect(page.status).toBe(200);
    expect(page.body).toContain('<script src="./scalar.js"></script>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.headers['content-security-policy']).toContain("connect-src 'self';");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(JSON.parse(document.body).openapi).toMatch(/^3\.1/);
  });
});
