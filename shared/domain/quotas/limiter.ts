import type { Plan } from './plans.ts';
import { RecentMap } from './recent-map.ts';

/** The two limits of every plan, named as in the RateLimit-Policy header. */
export type PolicyName = 'burst' | 'daily';

/** One policy as a response reports it (draft-ietf-httpapi-ratelimit-headers: q, w, r, t). */
export interface PolicyUsage {
  policy: PolicyName;
  /** q: requests the policy allows per window. */
  quota: number;
  /** w: the window in seconds. */
  windowSeconds: number;
  /** r: requests left now. */
  remaining: number;
  /**
   * t: seconds until more quota becomes available: for the burst, until the next token (0 when the
   * bucket is full); for the day, until 00:00 UTC (the window's fixed end).
   */
  resetSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** The policy that refused the request; null when allowed. Daily wins when both are spent. */
  limitedBy: PolicyName | null;
  /** Whole seconds, at least 1, when refused; null when allowed. */
  retryAfterSeconds: number | null;
  burst: PolicyUsage;
  daily: PolicyUsage;
}

const dayMs = 86_400_000;
const daySeconds = 86_400;

/** Epoch day number in UTC: API Gateway's DAY quota period starts at 00:00 UTC. */
export const utcDay = (nowMs: number): number => Math.floor(nowMs / dayMs);

export function secondsUntilUtcMidnight(nowMs: number): number {
  return Math.ceil(((utcDay(nowMs) + 1) * dayMs - nowMs) / 1000);
}

/**
 * The burst policy's window: the seconds an empty bucket takes to fill. q/w is then the steady rate,
 * and q the most a client can send at once. A plan whose rate equals its burst reads `q=<burst>;w=1`.
 */
export function burstWindowSeconds(plan: Plan): number {
  return Math.max(1, Math.ceil(plan.burst / plan.rate));
}

/** Float refills can leave 4.9999999 where 5 tokens are meant. */
const epsilon = 1e-9;

interface Bucket {
  tokens: number;
  updatedMs: number;
  day: number;
  usedToday: number;
  /** When the bucket is full again if nothing else arrives: past it, forgetting the bucket loses nothing. */
  fullAtMs: number;
}

export interface RateLimiterOptions {
  /** Hard bound on tracked keys; past it the least recently used key is forgotten (it starts afresh). */
  maxKeys?: number;
}

/**
 * The local gateway's enforcement of a plan, per key (an account id): a token bucket (`burst` tokens,
 * refilled at `rate` per second) and a counter of requests per UTC day, as API Gateway usage plans
 * apply them. Pure and synchronous: the caller passes the clock, each call is O(1), and only allowed
 * requests count (a refused one spends neither a token nor quota).
 *
 * Memory stays bounded: a key is forgotten once its bucket is full again and it has used nothing
 * today (nothing is lost), or when `maxKeys` is reached (the least recently used key restarts with a
 * full bucket and a fresh day: the error is on the side of letting a request through).
 */
export class RateLimiter {
  private readonly buckets: RecentMap<Bucket>;

  constructor(options: RateLimiterOptions = {}) {
    this.buckets = new RecentMap(options.maxKeys ?? 100_000);
  }

  /** Decides one request of `key` under `plan` at `now`, and counts it when allowed. */
  check(key: string, plan: Plan, now: Date): RateLimitDecision {
    const nowMs = now.getTime();
    this.buckets.sweep((bucket) => isIdle(bucket, nowMs));
    let bucket = this.buckets.touch(key);
    if (!bucket) {
      bucket = { tokens: plan.burst, updatedMs: nowMs, day: utcDay(nowMs), usedToday: 0, fullAtMs: nowMs };
      this.buckets.set(key, bucket);
    }
    refill(bucket, plan, nowMs);

    let limitedBy: PolicyName | null = null;
    if (bucket.usedToday >= plan.dailyQuota) limitedBy = 'daily';
    else if (bucket.tokens + epsilon < 1) limitedBy = 'burst';
    else {
      bucket.tokens = Math.max(0, bucket.tokens - 1);
      bucket.usedToday += 1;
    }
    bucket.fullAtMs = nowMs + ((plan.burst - bucket.tokens) / plan.rate) * 1000;
    return decide(bucket, plan, nowMs, limitedBy);
  }

  /** The key's usage at `now` without counting a request (GET /v2/b2b/rate-limits). */
  peek(key: string, plan: Plan, now: Date): RateLimitDecision {
    const nowMs = now.getTime();
    const stored = this.buckets.peek(key);
    const bucket: Bucket = stored
      ? { ...stored }
      : { tokens: plan.burst, updatedMs: nowMs, day: utcDay(nowMs), usedToday: 0, fullAtMs: nowMs };
    refill(bucket, plan, nowMs);
    return decide(bucket, plan, nowMs, null);
  }

  /** Keys currently tracked (for tests and the bench). */
  get trackedKeys(): number {
    return this.buckets.size;
  }
}

function refill(bucket: Bucket, plan: Plan, nowMs: number): void {
  // A clock that steps back neither adds tokens nor moves the bucket's time backwards.
  const elapsedMs = Math.max(0, nowMs - bucket.updatedMs);
  bucket.tokens = Math.min(plan.burst, bucket.tokens + (elapsedMs * plan.rate) / 1000);
  bucket.updatedMs = Math.max(bucket.updatedMs, nowMs);
  const today = utcDay(nowMs);
  if (today > bucket.day) {
    bucket.day = today;
    bucket.usedToday = 0;
  }
}

function isIdle(bucket: Bucket, nowMs: number): boolean {
  return nowMs >= bucket.fullAtMs && (bucket.usedToday === 0 || utcDay(nowMs) > bucket.day);
}

function decide(bucket: Bucket, plan: Plan, nowMs: number, limitedBy: PolicyName | null): RateLimitDecision {
  const whole = Math.floor(bucket.tokens + epsilon);
  const full = bucket.tokens + epsilon >= plan.burst;
  const untilMidnight = secondsUntilUtcMidnight(nowMs);
  const burst: PolicyUsage = {
    policy: 'burst',
    quota: plan.burst,
    windowSeconds: burstWindowSeconds(plan),
    remaining: Math.min(whole, plan.burst),
    resetSeconds: full ? 0 : Math.max(1, Math.ceil((whole + 1 - bucket.tokens) / plan.rate - epsilon)),
  };
  const dailyRemaining = Math.max(0, plan.dailyQuota - bucket.usedToday);
  const daily: PolicyUsage = {
    policy: 'daily',
    quota: plan.dailyQuota,
    windowSeconds: daySeconds,
    remaining: dailyRemaining,
    resetSeconds: untilMidnight,
  };
  const retryAfterSeconds =
    limitedBy === 'daily'
      ? untilMidnight
      : limitedBy === 'burst'
        ? Math.max(1, Math.ceil((1 - bucket.tokens) / plan.rate - epsilon))
        : null;
  return { allowed: limitedBy === null, limitedBy, retryAfterSeconds, burst, daily };
}
