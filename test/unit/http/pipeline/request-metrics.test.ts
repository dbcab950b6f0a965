import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { lambdaContext } from '../../../../infra/local/functions.ts';
import { ApiError } from '../../../../shared/domain/errors.ts';
import { createApiHandler } from '../../../../shared/http/pipeline/index.ts';
import { rateLimitPolicy } from '../../../../shared/http/pipeline/rate-limit-policy.ts';
import { requestMetrics } from '../../../../shared/http/pipeline/request-metrics.ts';
import { resetMetrics } from '../../../../shared/observability/metrics.ts';
import { defineRoute } from '../../../../shared/routes/types.ts';
import { useLocalConfig } from '../../auth/local-config.ts';
import { eventOf, partner, requestOf, resolved, testRoute } from './support.ts';

const routes = {
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
  failThing: defineRoute({
    operationId: 'failThing',
    method: 'POST',
    path: '/v2/things',
    hosts: ['api'],
    group: 'meta',
    summary: 'test',
    tags: [],
    auth: null,
    responses: { 200: { description: 'ok' } },
  }),
};
const handler = createApiHandler(routes, {
  getThing: async () => ({ status: 200, body: {} }),
  failThing: async () => {
    throw new Error('boom');
  },
});
const context: Context = lambdaContext('meta', 29_000, 'eu-west-1');

interface EmfLine {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
  [key: string]: unknown;
}

let write: MockInstance<typeof process.stdout.write>;
let cleanUp: () => Promise<void>;

function emitted(): EmfLine[] {
  return write.mock.calls
    .map(([chunk]) => String(chunk))
    .flatMap((text) => text.split('\n'))
    .filter((line) => line.startsWith('{"_aws"'))
    .map((line) => JSON.parse(line) as EmfLine);
}

beforeEach(async () => {
  ({ cleanUp } = await useLocalConfig({
    STAGE: 'prod',
    POWERTOOLS_METRICS_DISABLED: 'false',
    LOG_LEVEL: 'SILENT',
  }));
  resetMetrics();
  write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(async () => {
  write.mockRestore();
  await cleanUp();
  resetMetrics();
});

describe('every request answered by a function', () => {
  it('writes one EMF Requests line by operation and status class, without a network call', async () => {
    const response = await handler(eventOf({ method: 'GET' }), context);

    expect(response.statusCode).toBe(200);
    const [line, ...others] = emitted();
    expect(others).toEqual([]);
    expect(line?._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'PartnerTravelServices',
      Dimensions: [['service', 'stage', 'Operation', 'StatusClass']],
      Metrics: [{ Name: 'Requests', Unit: 'Count' }],
    });
    expect(line).toMatchObject({ Operation: 'getThing', StatusClass: '2xx', stage: 'prod', Requests: 1 });
  });

  it('counts a failure as a 5xx request and an error', async () => {
    const response = await handler(eventOf({ method: 'POST' }), context);

    expect(response.statusCode).toBe(500);
    const names = emitted().map((line) => line._aws.CloudWatchMetrics[0]?.Metrics[0]?.Name);
    expect(names).toEqual(['Requests', 'Errors']);
    expect(emitted()[0]).toMatchObject({ Operation: 'failThing', StatusClass: '5xx' });
  });

  it('counts a path no route matches once, as unmatched, whatever the path', async () => {
    const response = await handler(eventOf({ method: 'GET', resource: '/v2/nothing/here' }), context);

    expect(response.statusCode).toBe(404);
    expect(emitted().map((line) => line.Operation)).toEqual(['unmatched']);
  });
});

describe('requestMetrics', () => {
  const creating = testRoute({ operationId: 'createThing', creates: 'thing' });
  const counted = () => {
    const requests: unknown[][] = [];
    const creates: unknown[][] = [];
    const throttles: unknown[][] = [];
    const middleware = requestMetrics({
      count: (...args) => void requests.push(args),
      countCreated: (...args) => void creates.push(args),
      countThrottled: (...args) => void throttles.push(args),
    });
    return { requests, creates, throttles, observe: middleware.after as (request: unknown) => void };
  };

  it('counts a create of a route that creates, with the partner’s account', () => {
    const { requests, creates, observe } = counted();
    const request = requestOf(
      eventOf(),
      resolved(creating, { principal: partner, idempotencyStatus: 'created' }),
    );
    request.response = { statusCode: 202, headers: {}, body: '{}' };

    observe(request);

    expect(requests).toEqual([['createThing', 202, partner.accountId]]);
    expect(creates).toEqual([['thing', partner.accountId]]);
  });

  it('counts no create for a replayed answer or a refusal', () => {
    const { creates, observe } = counted();
    const replay = requestOf(
      eventOf(),
      resolved(creating, { principal: partner, idempotencyStatus: 'reused' }),
    );
    replay.response = { statusCode: 202, headers: {}, body: '{}' };
    const refused = requestOf(eventOf(), resolved(creating, { principal: partner }));
    refused.response = { statusCode: 422, headers: {}, body: '{}' };

    observe(replay);
    observe(refused);

    expect(creates).toEqual([]);
  });
});

describe('requestMetrics on a limit a function enforces', () => {
  it('counts the refusal in Throttles by its policy', () => {
    const throttles: unknown[][] = [];
    const middleware = requestMetrics({
      count: () => undefined,
      countCreated: () => undefined,
      countThrottled: (...args) => void throttles.push(args),
    });
    const request = requestOf(eventOf(), resolved(testRoute({ operationId: 'issueToken' })));
    request.error = new ApiError('RateLimitExceeded', 'locked', { details: { policy: 'client_lockout' } });
    request.response = { statusCode: 429, headers: {}, body: '{}' };

    (middleware.onError as (request: unknown) => void)(request);

    expect(throttles).toEqual([['client_lockout', undefined]]);
  });
});

describe('rateLimitPolicy', () => {
  const authorizer = { plan: 'standard', plan_rate: '50', plan_burst: '100', plan_daily_quota: '100000' };

  it('adds RateLimit-Policy from the authorizer context to an answer and to an error alike', async () => {
    const middleware = rateLimitPolicy();
    const answered = requestOf({ ...eventOf(), requestContext: { ...eventOf().requestContext, authorizer } });
    const failed = requestOf({ ...eventOf(), requestContext: { ...eventOf().requestContext, authorizer } });

    for (const request of [answered, failed]) await middleware.before?.(request as never);
    answered.response = { statusCode: 200, headers: {}, body: '{}' };
    failed.error = new ApiError('ResourceNotFound', 'no');
    failed.response = { statusCode: 404, headers: {}, body: '{}' };
    await middleware.after?.(answered as never);
    await middleware.onError?.(failed as never);

    for (const request of [answered, failed]) {
      expect(request.response?.headers?.['RateLimit-Policy']).toBe(
        '"burst";q=100;w=2, "daily";q=100000;w=86400',
      );
    }
    expect(answered.internal.usagePlan).toEqual({
      name: 'standard',
      limits: { rate: 50, burst: 100, dailyQuota: 100_000 },
    });
  });

  it('adds nothing to a request the gateway did not meter', async () => {
    const middleware = rateLimitPolicy();
    const request = requestOf(eventOf());
    await middleware.before?.(request as never);
    request.response = { statusCode: 200, headers: {}, body: '{}' };

    await middleware.after?.(request as never);

    expect(request.response.headers).toEqual({});
  });
});
