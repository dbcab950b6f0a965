import { describe, expect, it } from 'vitest';
import { admittedOrigins, corsPreflightHeaders, corsResponseHeaders } from '../../../shared/http/cors.ts';
import { cors } from '../../../shared/http/pipeline/cors.ts';
import { eventOf, requestOf, resolved, testRoute } from './pipeline/support.ts';

const consoleOrigin = 'https://console.example';
const scannerOrigin = 'https://scanner.example';

function answered(route: ReturnType<typeof testRoute> | undefined, origin: string) {
  const request = requestOf(eventOf({ headers: { Origin: origin } }), route ? resolved(route) : {});
  request.response = { statusCode: 200, headers: { 'X-Request-ID': 'req-1' }, body: '' };
  return request;
}

describe('CORS', () => {
  const middleware = cors({ appOrigins: () => ({ console: consoleOrigin, scanner: scannerOrigin }) });

  it('lets the console read answers of the admin API, successes and errors alike', async () => {
    const success = answered(testRoute({ hosts: ['admin'] }), consoleOrigin);
    const failure = answered(testRoute({ hosts: ['admin'] }), consoleOrigin);

    await middleware.after?.(success);
    await middleware.onError?.(failure);

    for (const request of [success, failure])
      expect(request.response?.headers).toMatchObject({
        'Access-Control-Allow-Origin': consoleOrigin,
        'Access-Control-Expose-Headers': expect.stringContaining('X-Request-ID'),
        Vary: 'Origin',
      });
  });

  it('answers no other origin, and no operation of the partner API', async () => {
    const foreign = answered(testRoute({ hosts: ['admin'] }), 'https://evil.example');
    const partner = answered(testRoute({ hosts: ['api'] }), consoleOrigin);

    await middleware.after?.(foreign);
    await middleware.after?.(partner);

    expect(foreign.response?.headers).toEqual({ 'X-Request-ID': 'req-1' });
    expect(partner.response?.headers).toEqual({ 'X-Request-ID': 'req-1' });
  });

  it('lets the console see a 404 for a path no route matches', async () => {
    const unknown = answered(undefined, consoleOrigin);

    await middleware.onError?.(unknown);

    expect(unknown.response?.headers).toMatchObject({ 'Access-Control-Allow-Origin': consoleOrigin });
  });

  it('lets the scanner app read answers of the venue and auth hosts, and nothing of the admin API', async () => {
    const venue = answered(testRoute({ hosts: ['venue'] }), scannerOrigin);
    const auth = answered(testRoute({ hosts: ['auth'] }), scannerOrigin);
    const admin = answered(testRoute({ hosts: ['admin'] }), scannerOrigin);
    const consoleOnVenue = answered(testRoute({ hosts: ['venue'] }), consoleOrigin);

    for (const request of [venue, auth, admin, consoleOnVenue]) await middleware.after?.(request);

    expect(venue.response?.headers).toMatchObject({ 'Access-Control-Allow-Origin': scannerOrigin });
    expect(auth.response?.headers).toMatchObject({ 'Access-Control-Allow-Origin': scannerOrigin });
    expect(admin.response?.headers).toEqual({ 'X-Request-ID': 'req-1' });
    expect(consoleOnVenue.response?.headers).toEqual({ 'X-Request-ID': 'req-1' });
  });

  it('admits on each host exactly the apps that call it', () => {
    const origins = { console: consoleOrigin, scanner: scannerOrigin };
    expect(admittedOrigins(['admin'], origins)).toEqual([consoleOrigin]);
    expect(admittedOrigins(['auth'], origins)).toEqual([consoleOrigin, scannerOrigin]);
    expect(admittedOrigins(['venue'], origins)).toEqual([scannerOrigin]);
    expect(admittedOrigins(['api'], origins)).toEqual([]);
    expect(admittedOrigins(['auth'], { console: consoleOrigin })).toEqual([consoleOrigin]);
  });

  it('answers nothing on a stage without a browser app', () => {
    expect(corsResponseHeaders(consoleOrigin, [])).toEqual({});
    expect(corsPreflightHeaders(consoleOrigin, [])).toBeUndefined();
  });

  it('admits in preflights the methods and headers the console and the scanner send', () => {
    expect(corsPreflightHeaders(consoleOrigin, [consoleOrigin])).toEqual({
      'Access-Control-Allow-Origin': consoleOrigin,
      'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, DPoP, Idempotency-Key, X-Request-ID',
      'Access-Control-Max-Age': '600',
      Vary: 'Origin',
    });
  });
});
