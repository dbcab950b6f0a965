import { describe, expect, it } from 'vitest';
import type { Host } from '../../../shared/routes/types.ts';
import { request, stage } from '../../support/api.ts';
import { asAdmin } from '../../support/employees.ts';

/*
 * CORS for the scanner app (shared/http/cors.ts): its origin is admitted on the auth host (device
 * tokens) and the venue host, never on the admin API; the console's is not admitted on the venue host.
 */
const scanner = () => stage().scanner_url;

function preflight(host: Host, path: string, origin: string, method = 'POST') {
  return request('OPTIONS', path, {
    host,
    cert: null,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type,dpop,idempotency-key',
    },
  });
}

describe('CORS for the scanner app', () => {
  it('answers the preflights of the venue and auth hosts for the scanner origin, with the DPoP header', async () => {
    for (const [host, path] of [
      ['venue', '/v2/venue/redemptions'],
      ['venue', '/v2/venue/devices'],
      ['auth', '/oauth/v2/token'],
    ] as const) {
      const allowed = await preflight(host, path, scanner());

      expect(allowed.status, `${host} ${path}`).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe(scanner());
      expect(allowed.headers['access-control-allow-headers']).toMatch(/\bDPoP\b/);
      expect(allowed.headers['access-control-allow-headers']).toMatch(/Idempotency-Key/);
    }
  });

  it('admits the scanner nowhere else, and the console not on the venue host', async () => {
    const adminFromScanner = await preflight('admin', '/api/v1/admin/accounts', scanner(), 'GET');
    const venueFromConsole = await preflight('venue', '/v2/venue/items', stage().console_url, 'GET');
    const venueFromForeign = await preflight('venue', '/v2/venue/items', 'https://evil.example', 'GET');
    const adminAnswer = await asAdmin('GET', '/api/v1/admin/accounts', { headers: { origin: scanner() } });

    expect(adminFromScanner.headers['access-control-allow-origin']).toBeUndefined();
    expect(venueFromConsole.headers['access-control-allow-origin']).toBeUndefined();
    expect(venueFromForeign.headers['access-control-allow-origin']).toBeUndefined();
    expect(adminAnswer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the scanner read the venue host answers, errors included, and the token endpoint', async () => {
    const refused = await request('GET', '/v2/venue/items', {
      host: 'venue',
      cert: null,
      headers: { origin: scanner() },
    });
    const tokenAnswer = await request('POST', '/oauth/v2/token', {
      host: 'auth',
      form: { grant_type: 'client_credentials' },
      headers: { origin: scanner() },
    });

    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(scanner());
    expect(refused.headers['access-control-expose-headers']).toMatch(/WWW-Authenticate/);
    expect(tokenAnswer.headers['access-control-allow-origin']).toBe(scanner());
  });
});
