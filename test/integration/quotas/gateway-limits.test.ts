import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitGatewayResponse } from '../../../infra/constructs/rate-limiting.ts';
import { LocalUsagePlans } from '../../../infra/local/limits.ts';
import { resolvePlans } from '../../../shared/domain/quotas/plans-override.ts';
import { quotaSettingsByStage } from '../../../shared/domain/quotas/settings.ts';
import { publishLocalUsage } from '../../../shared/usage-plans/index.ts';
import { TestClock } from '../../../shared/util/clock.ts';
import type { ApiResponse } from '../../support/api.ts';
import { type OnboardedPartner, onboardPartner } from '../../support/onboard.ts';
import { asOperator } from '../admin/operator.ts';
import { type OwnGateway, ownGateway } from './own-gateway.ts';

const settings = quotaSettingsByStage.local;
// RATE_LIMIT_PLANS as a test would set it: a sandbox plan spent in a handful of requests.
const plans = resolvePlans(
  settings.plans,
  JSON.stringify({ sandbox: { rate: 1, burst: 3, daily_quota: 5 } }),
);
const clock = TestClock.stoppedAt('2030-01-01T00:00:00Z');
const usagePlans = new LocalUsagePlans({
  plans,
  staff: settings.staff,
  defaultPlan: settings.defaultPlan,
  clock,
  planCacheMs: 0,
});
let own: OwnGateway;

beforeAll(async () => {
  // One clock for the usage plans and the events: the functions count each request in the gateway's day.
  own = await ownGateway({ host: 'api', usagePlans, clock });
  publishLocalUsage(usagePlans);
});
afterAll(async () => {
  publishLocalUsage(undefined);
  await own.close();
});

async function sandboxPartner(): Promise<OnboardedPartner> {
  const partner = await onboardPartner(['catalog.lounges:read'], 'Rate limited partner');
  const changed = await asOperator('POST', `/v2/admin/accounts/${partner.accountId}/plan`, {
    body: { plan: 'sandbox' },
    idempotencyKey: null,
  });
  if (changed.status !== 200) throw new Error(`plan: ${changed.status} ${JSON.stringify(changed.body)}`);
  return partner;
}

/** One call of the partner through the test's gateway. */
const call = (partner: OnboardedPartner, path = '/v2/b2b/rate-limits') =>
  own.client.request('GET', path, { cert: partner.identity, token: partner.token });

async function calls(partner: OnboardedPartner, count: number): Promise<ApiResponse[]> {
  const responses: ApiResponse[] = [];
  for (let index = 0; index < count; index++) responses.push(await call(partner));
  return responses;
}

const sandboxPolicy = '"burst";q=3;w=3, "daily";q=5;w=86400';

describe('the local gateway’s rate limits', () => {
  it('let a burst up to the plan through, each answer saying what is left', async () => {
    const partner = await sandboxPartner();
    clock.advanceTo('2030-01-01T23:58:00Z');

    const answers = await calls(partner, 3);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.headers['ratelimit-policy'])).toEqual([
      sandboxPolicy,
      sandboxPolicy,
      sandboxPolicy,
    ]);
    expect(answers.map((answer) => answer.headers.ratelimit)).toEqual([
      '"burst";r=2;t=1, "daily";r=4;t=120',
      '"burst";r=1;t=1, "daily";r=3;t=120',
      '"burst";r=0;t=1, "daily";r=2;t=120',
    ]);
  });

  it('answer the request past the burst with a 429 problem naming the burst, Retry-After and both fields', async () => {
    const partner = await sandboxPartner();
    clock.advanceTo('2030-01-02T10:00:00Z');
    await calls(partner, 3);

    const refused = await call(partner);

    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers['ratelimit-policy']).toBe(sandboxPolicy);
    expect(refused.headers.ratelimit).toBe('"burst";r=0;t=1, "daily";r=2;t=50400');
    expect(refused.body).toMatchObject({
      code: 'RateLimitExceeded',
      title: 'Too many requests',
      status: 429,
      instance: '/v2/b2b/rate-limits',
      details: { policy: 'burst' },
      request_id: refused.headers['x-request-id'],
    });
  });

  it('shape that 429 like API Gateway’s THROTTLED and QUOTA_EXCEEDED responses in AWS', async () => {
    const partner = await sandboxPartner();
    clock.advanceTo('2030-01-03T10:00:00Z');
    await calls(partner, 3);

    const refused = await call(partner);

    for (const policy of ['burst', 'daily'] as const) {
      const template = rateLimitGatewayResponse(policy).templates['application/json'];
      const awsBody = JSON.parse(template.replace(/\$context\.error\.messageString/g, '"message"')) as object;
      expect(Object.keys(refused.body).sort()).toEqual(Object.keys(awsBody).sort());
    }
  });

  it('refill at the plan’s rate: one request a second once the burst is spent', async () => {
    const partner = await sandboxPartner();
    clock.advanceTo('2030-01-04T10:00:00Z');
    await calls(partner, 3);

    clock.advance(500);
    const halfASecondLater = await call(partner);
    clock.advance(500);
    const aSecondLater = await call(partner);
    const rightAfter = await call(partner);

    expect(halfASecondLater.status).toBe(429);
    expect(halfASecondLater.headers['retry-after']).toBe('1');
    expect(aSecondLater.status).toBe(200);
    expect(rightAfter.status).toBe(429);
  });

  it('refuse past the daily quota until 00:00 UTC, with Retry-After to midnight, then start afresh', async () => {
    const partner = await sandboxPartner();
    clock.advanceTo('2030-01-05T23:00:00Z');
    await calls(partner, 3);
    clock.advance(60_000);
    const spending = await calls(partner, 2);

    clock.advance(60_000);
    const overQuota = await call(partner);
    clock.advanceTo('2030-01-06T00:00:00Z');
    const nextDay = await call(partner);

    expect(spending.map((answer) => answer.status)).toEqual([200, 200]);
    expect(overQuota.status).toBe(429);
    expect(overQuota.body).toMatchObject({ code: 'RateLimitExceeded', details: { policy: 'daily' } });
    expect(overQuota.headers['retry-after']).toBe(String(60 * 60 - 120));
    expect(overQuota.headers.ratelimit).toBe('"burst";r=3;t=0, "daily";r=0;t=3480');
    expect(nextDay.status).toBe(200);
    expect(nextDay.headers.ratelimit).toBe('"burst";r=2;t=1, "daily";r=4;t=86400');
  });

  it('keep accounts apart: one partner’s spent burst never refuses another’s request', async () => {
    const [greedy, other] = await Promise.all([sandboxPartner(), sandboxPartner()]);
    clock.advanceTo('2030-01-07T10:00:00Z');
    await calls(greedy, 3);

    const greedyAgain = await call(greedy);
    const otherNow = await call(other);

    expect(greedyAgain.status).toBe(429);
    expect(otherNow.status).toBe(200);
    expect(otherNow.headers.ratelimit).toBe('"burst";r=2;t=1, "daily";r=4;t=50400');
  });

  it('follow a plan change on the account’s next request', async () => {
    const partner = await onboardPartner(['catalog.lounges:read'], 'Plan changing partner');
    clock.advanceTo('2030-01-08T10:00:00Z');
    const onStandard = await call(partner);

    await asOperator('POST', `/v2/admin/accounts/${partner.accountId}/plan`, {
      body: { plan: 'sandbox' },
      idempotencyKey: null,
    });
    const onSandbox = await call(partner);

    expect(onStandard.headers['ratelimit-policy']).toBe('"burst";q=200;w=2, "daily";q=1000000;w=86400');
    expect(onSandbox.headers['ratelimit-policy']).toBe(sandboxPolicy);
  });

  it('meter nothing without a valid token: the function answers 401, no rate limit fields', async () => {
    const partner = await sandboxPartner();

    const withoutToken = await own.client.request('GET', '/v2/b2b/rate-limits', { cert: partner.identity });
    const document = await own.client.request('GET', '/v2/openapi.json', { cert: partner.identity });

    expect(withoutToken.status).toBe(401);
    expect(withoutToken.headers.ratelimit).toBeUndefined();
    expect(document.status).toBe(200);
    expect(document.headers['ratelimit-policy']).toBeUndefined();
  });
});

describe('GET /v2/b2b/rate-limits', () => {
  it('answers the plan, its numbers and what the gateway counted, this request included', async () => {
    const partner = await sandboxPartner();
    clock.advanceTo('2030-01-09T12:00:00Z');
    await call(partner);

    const status = await call(partner);

    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      plan: 'sandbox',
      rate: 1,
      burst: 3,
      daily_quota: 5,
      policies: [
        { policy: 'burst', quota: 3, window_seconds: 3, remaining: 1, reset_seconds: 1 },
        { policy: 'daily', quota: 5, window_seconds: 86_400, remaining: 3, reset_seconds: 43_200 },
      ],
    });
  });
});
