import { describe, expect, it } from 'vitest';
import { answerRateLimitFields, LocalFloodRules, LocalUsagePlans } from '../../../infra/local/limits.ts';
import type { Principal } from '../../../shared/auth/principal.ts';
import { ServiceUnavailableError } from '../../../shared/domain/errors.ts';
import type { PlanName } from '../../../shared/domain/quotas/plans.ts';
import { quotaSettingsByStage } from '../../../shared/domain/quotas/settings.ts';
import { problemResponse } from '../../../shared/http/problem.ts';
import { TestClock } from '../../../shared/util/clock.ts';

const token = (name: string) => `Bearer ${name}.payload.signature`;
const principals: Record<string, Principal> = {
  [token('a')]: {
    kind: 'partner',
    accountId: 'account-a',
    subject: 'pts_a',
    scopes: [],
    tokenId: 'a',
    tokenGeneration: 0,
  },
  [token('b')]: {
    kind: 'partner',
    accountId: 'account-b',
    subject: 'pts_b',
    scopes: [],
    tokenId: 'b',
    tokenGeneration: 0,
  },
  [token('alice')]: { kind: 'employee', subject: 'alice', scopes: [], tokenId: 'e1', issuedAt: 0 },
  [token('bob')]: { kind: 'employee', subject: 'bob', scopes: [], tokenId: 'e2', issuedAt: 0 },
};

function usagePlans(plans: Record<string, PlanName> = {}, unavailable?: Error) {
  const reads: string[] = [];
  const settings = quotaSettingsByStage.local;
  const gateway = new LocalUsagePlans({
    plans: { ...settings.plans, standard: { rate: 1, burst: 2, dailyQuota: 100 } },
    staff: { rate: 1, burst: 3, dailyQuota: 100 },
    defaultPlan: 'standard',
    clock: TestClock.stoppedAt('2030-01-01T12:00:00Z'),
    planCacheMs: 60_000,
    verify: async (jwt) => {
      const principal = principals[`Bearer ${jwt}`];
      if (!principal) throw new Error('not a token');
      return principal;
    },
    readPlan: async (accountId) => {
      reads.push(accountId);
      if (unavailable) throw unavailable;
      return plans[accountId];
    },
  });
  return { gateway, reads };
}

describe('the local gateway’s usage plans', () => {
  it('meter every employee token in one shared staff bucket, as the one staff key does in AWS', async () => {
    const { gateway } = usagePlans();

    const answers = [
      await gateway.meter(token('alice')),
      await gateway.meter(token('bob')),
      await gateway.meter(token('alice')),
      await gateway.meter(token('bob')),
    ];

    expect(answers.map((answer) => answer?.refusal?.code)).toEqual([
      undefined,
      undefined,
      undefined,
      'RateLimitExceeded',
    ]);
    expect(answers[0]?.authorizer.context.plan).toBe('staff');
  });

  it('refuse with 503 and Retry-After when the account cannot be read, as the AWS authorizer failing does', async () => {
    const down = new Error('connect ECONNREFUSED 127.0.0.1:8000');
    const { gateway } = usagePlans({}, down);

    const failed = await gateway.meter(token('a')).catch((error: unknown) => error);

    expect(failed).toBeInstanceOf(ServiceUnavailableError);
    expect(failed).toMatchObject({ code: 'ServiceUnavailable', cause: down });
    expect(problemResponse(failed as ServiceUnavailableError, '/v2/b2b/lounges', 'req-1')).toMatchObject({
      statusCode: 503,
      headers: { 'Retry-After': '5' },
    });
  });

  it('let nothing through the limiter that is no verifiable Bearer token', async () => {
    const { gateway } = usagePlans();

    expect(await gateway.meter(undefined)).toBeUndefined();
    expect(await gateway.meter('Basic YTpi')).toBeUndefined();
    expect(await gateway.meter(token('mallory'))).toBeUndefined();
  });

  it('read an account’s plan once while it is fresh, and meter accounts apart', async () => {
    const { gateway, reads } = usagePlans({ 'account-b': 'premium' });

    await gateway.meter(token('a'));
    await gateway.meter(token('a'));
    const third = await gateway.meter(token('a'));
    const other = await gateway.meter(token('b'));

    expect(reads).toEqual(['account-a', 'account-b']);
    expect(third?.refusal).toMatchObject({ code: 'RateLimitExceeded', details: { policy: 'burst' } });
    expect(other?.refusal).toBeUndefined();
    expect(other?.authorizer.context).toMatchObject({ plan: 'premium', account_id: 'account-b' });
  });
});

describe('the rate limit fields on a function’s answer', () => {
  it('put the gateway’s burst before the daily policy the function counted, as AWS lists it', async () => {
    const { gateway } = usagePlans();
    const metered = await gateway.meter(token('a'));
    if (!metered) throw new Error('not metered');

    const fields = answerRateLimitFields(metered, '"daily";r=7;t=43200');

    expect(fields).toEqual({
      'RateLimit-Policy': '"burst";q=2;w=2, "daily";q=100;w=86400',
      RateLimit: '"burst";r=1;t=1, "daily";r=7;t=43200',
    });
  });

  it('fall back on the gateway’s own daily count when the function listed none', async () => {
    const { gateway } = usagePlans();
    const metered = await gateway.meter(token('a'));
    if (!metered) throw new Error('not metered');

    expect(answerRateLimitFields(metered, undefined).RateLimit).toBe('"burst";r=1;t=1, "daily";r=99;t=43200');
  });
});

describe('the local flood rules', () => {
  const body = (form: Record<string, string>) => Buffer.from(new URLSearchParams(form).toString());
  const formType = 'application/x-www-form-urlencoded';

  it('count one client by its client_id, sent in the Basic credentials or in the form', () => {
    const rules = new LocalFloodRules({
      flood: { limit: 100, windowSeconds: 60 },
      clientFlood: { limit: 2, windowSeconds: 60 },
    });
    const basic = `Basic ${Buffer.from('pts_client:secret').toString('base64')}`;

    const first = rules.check({
      sourceIp: '10.0.0.1',
      authorization: basic,
      contentType: formType,
      body: body({}),
    });
    const second = rules.check({
      sourceIp: '10.0.0.2',
      authorization: undefined,
      contentType: formType,
      body: body({ client_id: 'pts_client', client_secret: 'x' }),
    });
    const third = rules.check({
      sourceIp: '10.0.0.3',
      authorization: basic,
      contentType: formType,
      body: body({}),
    });

    expect([first, second]).toEqual([undefined, undefined]);
    expect(third).toMatchObject({ code: 'RateLimitExceeded', details: { policy: 'client_flood' } });
    expect(third?.retryAfter).toBeGreaterThanOrEqual(1);
  });

  it('count every request of one address, with or without credentials', () => {
    const rules = new LocalFloodRules({
      flood: { limit: 1, windowSeconds: 60 },
      clientFlood: { limit: 100, windowSeconds: 60 },
    });
    const request = {
      sourceIp: '10.0.0.9',
      authorization: undefined,
      contentType: undefined,
      body: Buffer.alloc(0),
    };

    expect(rules.check(request)).toBeUndefined();
    expect(rules.check(request)).toMatchObject({ details: { policy: 'address_flood' } });
    expect(rules.check({ ...request, sourceIp: '10.0.0.10' })).toBeUndefined();
  });
});
