import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaContext } from '../../../../infra/local/functions.ts';
import { NotFoundError } from '../../../../shared/domain/errors.ts';
import { deprecationHeaders } from '../../../../shared/http/pipeline/deprecation.ts';
import { createApiHandler, type Implementations } from '../../../../shared/http/pipeline/index.ts';
import { routeList } from '../../../../shared/routes/index.ts';
import { defineRoute, type RouteDeprecation } from '../../../../shared/routes/types.ts';
import * as z from '../../../../shared/schemas/zod.ts';
import { useLocalConfig } from '../../auth/local-config.ts';
import { eventOf } from './support.ts';

const notice: RouteDeprecation = {
  since: '2026-12-01',
  sunset: '2027-06-01',
  link: 'https://docs.partner-travel.example/changelog#2026-12-01-things',
};

/** A fixture route table: no real route is deprecated today. */
const routes = {
  getOldThing: defineRoute({
    operationId: 'getOldThing',
    method: 'GET',
    path: '/v2/things/{thingID}',
    hosts: ['api'],
    group: 'meta',
    summary: 'test',
    tags: [],
    auth: null,
    deprecated: notice,
    request: { params: z.strictObject({ thingID: z.string().check(z.regex(/^\d+$/)) }) },
    responses: { 200: { description: 'ok' } },
    errors: ['ResourceNotFound'],
  }),
  getThing: defineRoute({
    operationId: 'getThing',
    method: 'GET',
    path: '/v2/things',
    hosts: ['api'],
    group: 'meta',
    summary: 'test',
    tags: [],
    auth: null,
    responses: { 200: { description: 'ok' } },
  }),
};
const implementations: Implementations<typeof routes> = {
  getOldThing: async ({ params }) => {
    if (params.thingID === '404') throw new NotFoundError('ResourceNotFound', 'No such thing.');
    return { status: 200, body: { id: params.thingID } };
  },
  getThing: async () => ({ status: 200, body: {} }),
};
const handler = createApiHandler(routes, implementations);
const context = lambdaContext('meta', 29_000, 'eu-west-1');

const expectedHeaders = {
  // 2026-12-01T00:00:00Z and 2027-06-01T00:00:00Z.
  Deprecation: '@1796083200',
  Sunset: 'Tue, 01 Jun 2027 00:00:00 GMT',
  Link:
    '<https://docs.partner-travel.example/changelog#2026-12-01-things>; rel="deprecation", ' +
    '<https://docs.partner-travel.example/changelog#2026-12-01-things>; rel="sunset"',
};

const oldThing = (thingID: string) =>
  handler(
    eventOf({
      method: 'GET',
      resource: '/v2/things/{thingID}',
      path: `/v2/things/${thingID}`,
      pathParameters: { thingID },
    }),
    context,
  );

let cleanUp: () => Promise<void>;
beforeAll(async () => {
  ({ cleanUp } = await useLocalConfig());
});
afterAll(() => cleanUp());

describe('a deprecated route', () => {
  it('answers Deprecation (RFC 9745 date), Sunset (HTTP-date) and Link to the notice on a success', async () => {
    const response = await oldThing('42');

    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject(expectedHeaders);
  });

  it('answers them on its errors too: a 404 of the operation and a 422 of validation', async () => {
    const notFound = await oldThing('404');
    const invalid = await oldThing('not-a-number');

    expect(notFound.statusCode).toBe(404);
    expect(JSON.parse(notFound.body)).toMatchObject({ code: 'ResourceNotFound' });
    expect(invalid.statusCode).toBe(422);
    expect(JSON.parse(invalid.body)).toMatchObject({ code: 'ValidationError' });
    for (const response of [notFound, invalid]) expect(response.headers).toMatchObject(expectedHeaders);
  });

  it('leaves the other routes of the group without them', async () => {
    const response = await handler(eventOf({ method: 'GET' }), context);

    expect(response.statusCode).toBe(200);
    expect(response.headers).not.toHaveProperty('Deprecation');
    expect(response.headers).not.toHaveProperty('Sunset');
  });
});

describe('deprecation notices', () => {
  it('refuse a sunset before the deprecation', () => {
    expect(() => deprecationHeaders({ ...notice, sunset: '2026-11-30' })).toThrow(/precedes/);
  });

  it('in the route table sunset at least 6 months after their deprecation and link an https notice', () => {
    for (const route of routeList) {
      const deprecated = route.deprecated;
      if (!deprecated) continue;
      const earliestSunset = new Date(`${deprecated.since}T00:00:00Z`);
      earliestSunset.setUTCMonth(earliestSunset.getUTCMonth() + 6);
      expect(new Date(`${deprecated.sunset}T00:00:00Z`).getTime()).toBeGreaterThanOrEqual(
        earliestSunset.getTime(),
      );
      expect(deprecated.link).toMatch(/^https:\/\//);
    }
  });
});
