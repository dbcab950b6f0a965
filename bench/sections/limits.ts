import { LocalUsagePlans } from '../../infra/local/limits.ts';
import { verifyAccessToken } from '../../shared/auth/tokens.ts';
import { dynamoDailyUsageStore } from '../../shared/db/entities/daily-usage.ts';
import { DailyUsageCounter, dailyPolicyUsage } from '../../shared/domain/quotas/daily-usage.ts';
import { formatRateLimit, rateLimitHeaders } from '../../shared/domain/quotas/headers.ts';
import { RateLimiter } from '../../shared/domain/quotas/limiter.ts';
import { quotaSettingsByStage } from '../../shared/domain/quotas/settings.ts';
import { alternate, nowMs } from '../alternate.ts';
import type { Harness } from '../harness.ts';
import { measure, type Row } from '../report.ts';
import type { BenchSettings } from '../settings.ts';
import { median } from '../stats.ts';

const section = '7 rate limits';

/** Mean microseconds per call of `iterations` sequential calls. */
async function blockMicros(iterations: number, call: (index: number) => unknown): Promise<number> {
  const started = nowMs();
  for (let index = 0; index < iterations; index++) await call(index);
  return ((nowMs() - started) * 1000) / iterations;
}

const differences = (ours: readonly number[], floor: readonly number[]) =>
  ours.map((value, index) => value - (floor[index] as number));

/** Ours against the floor in alternating repetitions (one warm-up each), with the median overhead per call. */
async function overheadRow(
  repetitions: number,
  ours: () => Promise<number>,
  floor: () => Promise<number>,
  labels: { name: string; floorName: string; note: string },
): Promise<Row> {
  await ours();
  await floor();
  const [oursMicros = [], floorMicros = []] = await alternate(repetitions, [ours, floor]);
  return {
    section,
    name: labels.name,
    floorName: labels.floorName,
    measured: measure(oursMicros, floorMicros, 'µs/call', {
      'overhead µs/call': median(differences(oursMicros, floorMicros)),
    }),
    note: labels.note,
  };
}

/** What the local gateway adds to a request it meters: the limiter's decision and the two header fields. */
async function limiterRow(settings: BenchSettings): Promise<Row> {
  const { repetitions, iterations } = settings.pipeline;
  const plan = { rate: 1_000_000, burst: 5_000, dailyQuota: 1_000_000_000 };
  const keys = Array.from({ length: 1_000 }, (_, index) => `account:${index}`);
  const limiter = new RateLimiter();
  const map = new Map<string, { tokens: number }>();
  const now = new Date('2030-01-01T12:00:00Z');
  const ours = () =>
    blockMicros(iterations, (index) =>
      rateLimitHeaders(plan, limiter.check(keys[index % 1000] ?? '', plan, now)),
    );
  const floor = () =>
    blockMicros(iterations, (index) => {
      const key = keys[index % 1000] ?? '';
      const entry = map.get(key) ?? { tokens: 0 };
      entry.tokens += 1;
      map.set(key, entry);
    });
  return overheadRow(repetitions, ours, floor, {
    name: 'limiter check + RateLimit-Policy/RateLimit fields (1,000 accounts)',
    floorName: 'Map get + set of a counter, same keys',
    note: `${iterations} calls per block`,
  });
}

/**
 * What the daily usage counter adds to every metered request in a function (AWS and local alike): the
 * local count, the due flushes it starts (their promise only; the store answers at once here), what
 * the container knows of the day, and the RateLimit field.
 */
async function counterRow(settings: BenchSettings): Promise<Row> {
  const { repetitions, iterations } = settings.pipeline;
  const plan = { rate: 50, burst: 100, dailyQuota: 1_000_000_000 };
  const owners = Array.from({ length: 1_000 }, (_, index) => `account:${index}`);
  let total = 0;
  const counter = new DailyUsageCounter({
    add: (_owner, _day, requests) => {
      total += requests;
      return Promise.resolve(total);
    },
    read: () => Promise.resolve(total),
  });
  const map = new Map<string, { count: number }>();
  const at = new Date('2030-01-01T12:00:00Z');
  const ours = () =>
    blockMicros(iterations, (index) => {
      const owner = owners[index % 1000] ?? '';
      counter.count(owner, at);
      const used = counter.known(owner, at);
      return used === undefined ? '' : formatRateLimit([dailyPolicyUsage(plan, used, at)]);
    });
  const floor = () =>
    blockMicros(iterations, (index) => {
      const key = owners[index % 1000] ?? '';
      const entry = map.get(key) ?? { count: 0 };
      entry.count += 1;
      map.set(key, entry);
    });
  const row = await overheadRow(repetitions, ours, floor, {
    name: 'daily usage count + RateLimit daily field per request (1,000 accounts)',
    floorName: 'Map get + set of a counter, same keys',
    note: `${iterations} calls per block; flushes start at most once a second per account, answered in memory here`,
  });
  await counter.settled();
  return row;
}

/**
 * One flush of the counter: an UpdateItem ADD with UPDATED_NEW on DynamoDB Local, at most once a
 * second per account and container. It runs beside the request; a cold answer (no recent total) waits
 * for what the handler's work did not cover of it, and `GET /v2/b2b/rate-limits` for all of it (or for
 * a consistent GetItem).
 */
async function flushRow(harness: Harness, settings: BenchSettings): Promise<Row> {
  const { repetitions } = settings.jwt;
  const iterations = Math.max(20, Math.floor(settings.jwt.iterations / 5));
  const day = '2030-01-01';
  const expiresAt = Date.parse('2030-01-04T00:00:00Z') / 1000;
  const ours = () =>
    blockMicros(iterations, (index) =>
      dynamoDailyUsageStore.add(`account:bench-${index % 50}`, day, 1, expiresAt),
    );
  const floor = () => blockMicros(iterations, () => harness.floors.getItem());
  return overheadRow(repetitions, ours, floor, {
    name: 'daily usage flush (UpdateItem ADD, UPDATED_NEW), beside the request',
    floorName: 'bare GetItem on the same client',
    note: `${iterations} calls per block on DynamoDB Local; one per account and container per second at most`,
  });
}

/** The local gateway's whole metering of a request: token check, plan (cached), limiter, headers. */
async function gatewayRow(harness: Harness, settings: BenchSettings): Promise<Row> {
  const { repetitions, iterations } = settings.jwt;
  const local = quotaSettingsByStage.local;
  const usagePlans = new LocalUsagePlans({
    plans: { ...local.plans, standard: { rate: 1_000_000, burst: 5_000, dailyQuota: 1_000_000_000 } },
    staff: local.staff,
    defaultPlan: 'standard',
    planCacheMs: 60_000,
  });
  const authorization = `Bearer ${harness.accessToken}`;
  const ours = () => blockMicros(iterations, () => usagePlans.meter(authorization));
  const floor = () => blockMicros(iterations, () => verifyAccessToken(harness.accessToken, ['partner']));
  return overheadRow(repetitions, ours, floor, {
    name: 'local gateway metering per request (authorizer work + limiter)',
    floorName: 'bare verifyAccessToken',
    note: `${iterations} calls per block; the plan read from the account is cached, as the gateway does`,
  });
}

/** The AWS authorizer's work on a cache miss (once per token per 5 minutes): verify, account read, key. */
async function authorizerRow(harness: Harness, settings: BenchSettings): Promise<Row> {
  const { repetitions } = settings.jwt;
  const iterations = Math.max(20, Math.floor(settings.jwt.iterations / 5));
  const { handler } = await import('../../functions/authorizer/handler.ts');
  const event = {
    methodArn: 'arn:aws:execute-api:eu-west-1:123456789012:a1b2c3d4e5/live/GET/v2/b2b/rate-limits',
    headers: { Authorization: `Bearer ${harness.accessToken}` },
  };
  const ours = () => blockMicros(iterations, () => handler(event));
  const floor = () => blockMicros(iterations, () => verifyAccessToken(harness.accessToken, ['partner']));
  return overheadRow(repetitions, ours, floor, {
    name: 'authorizer on a cache miss (verify + account read + key derivation)',
    floorName: 'bare verifyAccessToken',
    note: `${iterations} calls per block; the account read goes to DynamoDB Local`,
  });
}

export async function rateLimitCost(options: {
  harness: Harness;
  settings: BenchSettings;
  log: (message: string) => void;
}): Promise<Row[]> {
  options.log('rate limits: limiter');
  const limiter = await limiterRow(options.settings);
  options.log('rate limits: local gateway metering');
  const gateway = await gatewayRow(options.harness, options.settings);
  options.log('rate limits: daily usage counter');
  const counter = await counterRow(options.settings);
  options.log('rate limits: daily usage flush');
  const flush = await flushRow(options.harness, options.settings);
  options.log('rate limits: authorizer');
  return [limiter, counter, flush, gateway, await authorizerRow(options.harness, options.settings)];
}
