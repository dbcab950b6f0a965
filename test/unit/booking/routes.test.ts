import { describe, expect, it } from 'vitest';
import { routeList, routes, routesForStage } from '../../../shared/routes/index.ts';

const bookingRoutes = routeList.filter((route) => route.group === 'booking' && route.auth);

describe('the booking routes', () => {
  it('require an Idempotency-Key on creates and accept one on confirm and cancel', () => {
    const byPath = Object.fromEntries(
      bookingRoutes
        .filter((route) => route.method === 'POST')
        .map((route) => [route.path, route.idempotency]),
    );

    expect(byPath).toEqual({
      '/v2/b2b/booking/lounges': 'required',
      '/v2/b2b/booking/lounges/{bookingID}/confirm': 'optional',
      '/v2/b2b/booking/lounges/{bookingID}/cancel': 'optional',
      '/v2/b2b/booking/fast-tracks': 'required',
      '/v2/b2b/booking/fast-tracks/{bookingID}/confirm': 'optional',
      '/v2/b2b/booking/fast-tracks/{bookingID}/cancel': 'optional',
    });
  });

  it('ask for the booking scope of their own service', () => {
    for (const route of bookingRoutes) {
      expect(route.auth?.scope).toBe(
        route.path.includes('/lounges') ? 'booking.lounges:write' : 'booking.fast_tracks:write',
      );
    }
  });

  it('publish the pass keys without authentication on both hosts', () => {
    expect(routes.getPassSigningKeys).toMatchObject({ auth: null, hosts: ['auth', 'api'] });
  });
});

describe('the sandbox pass-used route', () => {
  it('is deployed in local, preview and stage, never in prod', () => {
    const deployedOn = (['local', 'preview', 'stage', 'prod'] as const).filter((stage) =>
      routesForStage(stage).some((route) => route.operationId === 'simulatePassUsed'),
    );

    expect(deployedOn).toEqual(['local', 'preview', 'stage']);
  });
});
