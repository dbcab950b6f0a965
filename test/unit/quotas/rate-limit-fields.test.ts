import type { APIGatewayProxyEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/domain/errors.ts';
import { DailyUsageCounter } from '../../../shared/domain/quotas/daily-usage.ts';
import type { DailyUsageStore } from '../../../shared/domain/quotas/ports.ts';
import { coldDailyTotalWaitMs, rateLimitPolicy } from '../../../shared/http/pipeline/rate-limit-policy.ts';
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

/** A store whose increments answer only when the test says (or never). */
function heldStore(earlier: number) {
  let total = earlier;
  const waiting: { requests: number; answer: () => void; fail: (error: Error) => void }[] = [];
  let arrived: () => void = () => undefined;
  const store: DailyUsageStore = {
    add: (_owner, _day, requests) =>
      new Promise<number>((resolve, reject) => {
        arrived();
        waiting.push({
          requests,
          answer: () => {
            total += requests;
            resolve(total);
          },
          fail: reject,
        });
      }),
    read: async () => total,
  };
  /** The increment number `index` (from 0), once the counter has sent it: a flush sends on its own turn. */
  const add = async (index: number) => {
    while (waiting.length <= index) {
      await new Promise<void>((resolve) => {
        arrived = resolve;
      });
    }
    return waiting[index] as (typeof waiting)[number];
  };
  return { store, waiting, add };
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

describe('an answer whose container heard no recent total of the day (a cold answer)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The bound's timer and the clock are the test's; setImmediate stays real, to let promises run. */
  const fakeTimers = (now = arrival) =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now });
  /** Every promise that can settle without a timer has. */
  const drained = () => new Promise<void>((resolve) => setImmediate(resolve));

  /** The middleware's before, then its after left running: the test decides when the store answers. */
  function started(counter: DailyUsageCounter, coldTotalWaitMs?: number) {
    const middleware = rateLimitPolicy({
      dailyUsage: () => counter,
      ...(coldTotalWaitMs === undefined ? {} : { coldTotalWaitMs }),
    });
    const request = requestOf(metered(accountContext));
    middleware.before?.(request as never);
    request.response = { statusCode: 200, headers: {}, body: '{}' };
    let finished = false;
    const after = Promise.resolve(middleware.after?.(request as never)).then(() => {
      finished = true;
    });
    return { request, after, finished: () => finished };
  }

  it('waits for the flush its count started and lists the day from the fresh total', async () => {
    fakeTimers();
    const { store, waiting, add } = heldStore(41);
    const counter = new DailyUsageCounter(store);

    const answer = started(counter);
    await vi.advanceTimersByTimeAsync(10);
    expect(answer.finished()).toBe(false);
    (await add(0)).answer();
    await answer.after;

    expect(waiting.map((sent) => sent.requests)).toEqual([1]);
    expect(answer.request.response?.headers).toEqual({
      'RateLimit-Policy': policy,
      RateLimit: '"daily";r=99958;t=3600',
    });
    // The bound's timer went with the wait: nothing of the request outlives its answer.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits again after 10 seconds without news of the day, for the flush that request started', async () => {
    fakeTimers();
    const { store, add } = heldStore(0);
    const counter = new DailyUsageCounter(store);
    const first = started(counter);
    (await add(0)).answer();
    await first.after;
    vi.setSystemTime(arrival + 10_001);

    const later = started(counter);
    await drained();
    expect(later.finished()).toBe(false);
    (await add(1)).answer();
    await later.after;

    expect(later.request.response?.headers?.RateLimit).toBe('"daily";r=99998;t=3600');
  });

  it('is held no longer than the bound by a slow store, then leaves the daily policy out', async () => {
    fakeTimers();
    const { store, add } = heldStore(0);
    const counter = new DailyUsageCounter(store);

    const answer = started(counter);
    await vi.advanceTimersByTimeAsync(coldDailyTotalWaitMs - 1);
    expect(answer.finished()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await drained();

    expect(answer.finished()).toBe(true);
    expect(answer.request.response?.headers).toEqual({ 'RateLimit-Policy': policy });
    // The flush goes on: when it answers, the next request reports from it without waiting.
    (await add(0)).answer();
    await counter.settled();
    expect(counter.known(`account:${partner.accountId}`, new Date(arrival))).toBe(1);
  });

  it('leaves the daily policy out when the flush fails, at once and without failing the answer', async () => {
    fakeTimers();
    const { store, add } = heldStore(0);
    const failures: number[] = [];
    const counter = new DailyUsageCounter(store, {
      onFlushFailed: ({ requests }) => failures.push(requests),
    });

    const answer = started(counter);
    (await add(0)).fail(new Error('ProvisionedThroughputExceededException'));
    await drained();

    // No fake time passed: the answer was written on the failure, not at the bound.
    expect(answer.finished()).toBe(true);

    expect(answer.request.response?.headers).toEqual({ 'RateLimit-Policy': policy });
    expect(failures).toEqual([1]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not wait when no flush is under way (the last one failed within the second)', async () => {
    fakeTimers();
    const { store, waiting, add } = heldStore(0);
    const counter = new DailyUsageCounter(store);
    const first = started(counter);
    (await add(0)).fail(new Error('timeout'));
    await first.after;

    const second = started(counter);
    await drained();

    expect(second.finished()).toBe(true);
    expect(waiting).toHaveLength(1);
    expect(second.request.response?.headers).toEqual({ 'RateLimit-Policy': policy });
  });

  it('never waits once a recent total is known, even while a flush hangs for good', async () => {
    let nowMs = 0;
    const { store, add } = heldStore(7);
    const counter = new DailyUsageCounter(store, { elapsedMs: () => nowMs });
    const first = started(counter);
    (await add(0)).answer();
    await first.after;
    nowMs = 2_000;

    // A bound of an hour: only not waiting at all lets this answer be written at once.
    const middleware = rateLimitPolicy({ dailyUsage: () => counter, coldTotalWaitMs: 3_600_000 });
    const request = requestOf(metered(accountContext));
    middleware.before?.(request as never);
    request.response = { statusCode: 200, headers: {}, body: '{}' };
    const returned = middleware.after?.(request as never);

    expect(returned).toBeUndefined();
    expect(request.response.headers).toEqual({
      'RateLimit-Policy': policy,
      RateLimit: '"daily";r=99991;t=3600',
    });
    // Its count did start a flush, which the store never answers.
    expect((await add(1)).requests).toBe(1);
  });
});
