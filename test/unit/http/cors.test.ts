import { describe, expect, it } from 'vitest';
import { corsPreflightHeaders, corsResponseHeaders } from '../../../shared/http/cors.ts';
import { cors } from '../../../shared/http/pipeline/cors.ts';
import { eventOf, requestOf, resolved, testRoute } from './pipeline/support.ts';

const consoleOrigin = 'https://console.example';

function answered(route: ReturnType<typeof testRoute> | undefined, origin: string) {
  const request = requestOf(eventOf({ headers: { Origin: origin } }), route ? resolved(route) : {});
  request.response = { statusCode: 200, headers: { 'X-Request-ID': 'req-1' }, body: '' };
  return request;
}

describe('CORS', () => {
  const middleware = cors({ allowedOrigin: () => consoleOrigin });

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

  it('answers nothing on a stage without a console', () => {
    expect(corsResponseHeaders(consoleOrigin, undefined)).toEqual({});
    expect(corsPreflightHeaders(consoleOrigin, undefined)).toBeUndefined();
  });

  it('admits in preflights the methods and headers the console sends', () => {
    expect(corsPreflightHeaders(consoleOrigin, consoleOrigin)).toEqual({
      'Access-Control-Allow-Origin': consoleOrigin,
      'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, X-Request-ID',
      'Access-Control-Max-Age': '600',
      Vary: 'Origin',
    });
  });
});
