import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/domain/errors.ts';
import { DailyUsageCounter } from '../../../shared/domain/quotas/daily-usage.ts';
import type { DailyUsageStore } from '../../../shared/domain/quotas/ports.ts';
import { rateLimitPolicy } from '../../../shared/http/pipeline/rate-limit-policy.ts';
import { eventOf, partner, requestOf } from '../http/pipeline/support.ts';

const standard = { plan: 'standard', plan_rate: '50', plan_burst: '100', plan_daily_quota: '100000' };
const policy = '"burst";q=100;w=2, "daily";q=100000;w=86400';
/** API Gateway's arrival time: one hour before 00:00 UTC. */
const arrival = Date.parse('2030-01-01T23:00:00Z');

/** A store that already holds `earlier` requests of every owner, and answers each increment at once. */
function storeWith(earlier: number) {
  const adds: { owner: string; day: string; requests: number }[] = [];
  const totals = new Map<string, number>();
  const store: DailyUsageStore = {
    add: async (owner, day, requests) => {
      adds.push({ owner, day, requests });
      const total = (totals.get(`${owner}#${day}`) ?? earlier) + requests;
      totals.set(`${owner}#${day}`, total);
      return total;
    },
    read: async (owner, day) => totals.get(`${owner}#${day}`) ?? earlier,
  };
  return { store, adds };
}

function metered(authorizer: Record<string, string> | undefined): APIGatewayProxyEvent {
  const event = eventOf();
  return {
    ...event,
    requestContext: {
      ...event.requestContext,
      requestTimeEpoch: arrival,
      ...(authorizer ? { authorizer } : {}),
    },
  };
}

/** One request through the middleware: before, the handler's wait, after (or onError). */
async function through(
  counter: DailyUsageCounter,
  event: APIGatewayProxyEvent,
  options: { fails?: boolean; handlerWait?: () => Promise<void> } = {},
) {
  const middleware = rateLimitPolicy({ dailyUsage: () => counter });
  const request = requestOf(event);
  await middleware.before?.(request as never);
  await options.handlerWait?.();
  if (options.fails) {
    request.error = new ApiError('ResourceNotFound', 'no');
    request.response = { statusCode: 404, headers: {}, body: '{}' };
    await middleware.onError?.(request as never);
  } else {
    request.response = { statusCode: 200, headers: {}, body: '{}' };
    await middleware.after?.(request as never);
  }
  return request;
}

const accountContext = { ...standard, account_id: partner.accountId };

describe('the rate limit fields a function sends', () => {
  it('count the request under its account at the gateway’s time and list the day from the known total', async () => {
    const { store, adds } = storeWith(41);
    const counter = new DailyUsageCounter(store);

    const request = await through(counter, metered(accountContext), { handlerWait: () => counter.settled() });

    expect(adds).toEqual([{ owner: `account:${partner.accountId}`, day: '2030-01-01', requests: 1 }]);
    expect(request.internal.usageCount).toEqual({
      owner: `account:${partner.accountId}`,
      at: new Date(arrival),
    });
    expect(request.response?.headers).toEqual({
      'RateLimit-Policy': policy,
      RateLimit: '"daily";r=99958;t=3600',
    });
  });

  it('report each later request from memory, one fewer left each time, without waiting for the store', async () => {
    const { store, adds } = storeWith(0);
    const counter = new DailyUsageCounter(store);
    await through(counter, metered(accountContext), { handlerWait: () => counter.settled() });

    const second = await through(counter, metered(accountContext));
    const third = await through(counter, metered(accountContext));

    expect(adds).toHaveLength(1);
    expect([second, third].map((request) => request.response?.headers?.RateLimit)).toEqual([
      '"daily";r=99998;t=3600',
      '"daily";r=99997;t=3600',
    ]);
  });

  it('leave the daily policy out while no total was heard, never the policy field', async () => {
    const { store } = storeWith(0);
    const counter = new DailyUsageCounter(store);

    const request = await through(counter, metered(accountContext));

    expect(request.response?.headers).toEqual({ 'RateLimit-Policy': policy });
    await counter.settled();
  });

  it('count and report on errors too', async () => {
    const { store } = storeWith(9);
    const counter = new DailyUsageCounter(store);

    const request = await through(counter, metered(accountContext), {
      fails: true,
      handlerWait: () => counter.settled(),
    });

    expect(request.response?.headers).toEqual({
      'RateLimit-Policy': policy,
      RateLimit: '"daily";r=99990;t=3600',
    });
  });

  it('count employee tokens under the one staff key', async () => {
    const { store, adds } = storeWith(0);
    const counter = new DailyUsageCounter(store);

    await through(
      counter,
      metered({ plan: 'staff', plan_rate: '20', plan_burst: '40', plan_daily_quota: '100000' }),
      {
        handlerWait: () => counter.settled(),
      },
    );

    expect(adds.map((add) => add.owner)).toEqual(['staff']);
  });

  it('count nothing and add no field to a request the gateway did not meter', async () => {
    const { store, adds } = storeWith(0);
    const counter = new DailyUsageCounter(store);

    const request = await through(counter, metered(undefined), { handlerWait: () => counter.settled() });

    expect(adds).toEqual([]);
    expect(request.response?.headers).toEqual({});
  });

  it('never list another account’s usage: each account counts and reads its own item', async () => {
    const { store } = storeWith(0);
    const counter = new DailyUsageCounter(store);
    const other = { ...standard, account_id: '0b3c6a7e-0000-4000-8000-000000000002' };
    for (let index = 0; index < 5; index++) {
      await through(counter, metered(other), { handlerWait: () => counter.settled() });
    }

    const mine = await through(counter, metered(accountContext), { handlerWait: () => counter.settled() });

    expect(mine.response?.headers?.RateLimit).toBe('"daily";r=99999;t=3600');
  });
});
