import type { APIGatewayProxyEvent } from 'aws-lambda';
import { planFromContext, usageKeyOf, usageOwnerFromContext } from '../../auth/usage-authorizer.ts';
import { type DailyUsageCounter, dailyPolicyUsage } from '../../domain/quotas/daily-usage.ts';
import {
  formatRateLimit,
  formatRateLimitPolicy,
  rateLimitHeader,
  rateLimitPolicyHeader,
} from '../../domain/quotas/headers.ts';
import { isPlanName } from '../../domain/quotas/plans.ts';
import type { MeteringPlan } from '../../domain/quotas/ports.ts';
import { processClock } from '../../util/clock.ts';
import type { PipelineMiddleware, PipelineRequest } from './internal.ts';

/** The plan the gateway metered the request with, from its authorizer's context; undefined if none. */
export function meteringPlanOf(
  context: Record<string, unknown> | null | undefined,
): MeteringPlan | undefined {
  const limits = planFromContext(context);
  const name = context?.plan;
  if (!limits || !(name === 'staff' || isPlanName(name))) return undefined;
  return { name, limits };
}

/**
 * When the gateway took the request (API Gateway's `requestTimeEpoch`): the UTC day its usage plan
 * counted it in, which the service's own count must agree with at midnight.
 */
function meteredAt(event: APIGatewayProxyEvent, clock: () => Date): Date {
  const epoch = Number(event.requestContext?.requestTimeEpoch);
  return Number.isFinite(epoch) && epoch > 0 ? new Date(epoch) : clock();
}

/**
 * The longest an answer waits for the day's total when its container has heard none in the last
 * 10 seconds (docs/quotas.md, What a response carries). The flush it waits for started when the
 * request was counted and ran beside the handler, so it has usually answered already; an UpdateItem
 * takes a few milliseconds in the Region, a new container's first one a few tens (connection, TLS). A
 * tenth of a second covers that, and caps what a slow or unreachable table adds to an answer.
 */
export const coldDailyTotalWaitMs = 100;

export interface RateLimitPolicyOptions {
  /** The container's daily usage counter, built on the first metered request. */
  dailyUsage?: () => DailyUsageCounter;
  /** Arrival time when the event carries none (a direct invocation). */
  clock?: () => Date;
  /** The bound on a cold answer's wait for the day's total. Default `coldDailyTotalWaitMs`. */
  coldTotalWaitMs?: number;
}

/** What the promise settles to if it does within `ms`, else undefined; the timer ends with the wait. */
async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, expiry]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The rate limit fields on every answer to a metered request, successes and errors alike
 * (docs/quotas.md, What a response carries). `RateLimit-Policy` comes from the plan in the
 * authorizer's context. `RateLimit` lists the `daily` policy from the service's own count: the
 * request is counted here, and the answer reports what the container knows of the day's total by
 * then. A warm answer (a total heard in the last 10 seconds) never waits for the store; a cold one
 * waits for the flush its count started, at most `coldDailyTotalWaitMs`, and leaves the policy out
 * (and so the field) when the flush fails or is slower: a guess from this container's count alone
 * could claim a day's quota that other containers have spent. The burst is never listed here: a
 * container sees only its share of an account's traffic. The local gateway adds the burst, which it
 * knows exactly.
 */
export function rateLimitPolicy(options: RateLimitPolicyOptions = {}): PipelineMiddleware {
  const clock = options.clock ?? (() => processClock.now());
  const coldTotalWaitMs = options.coldTotalWaitMs ?? coldDailyTotalWaitMs;

  const rateLimitPolicyBefore = (request: PipelineRequest): void => {
    const { event, internal } = request;
    const context = event.requestContext?.authorizer;
    const plan = meteringPlanOf(context);
    if (!plan) return;
    internal.usagePlan = plan;
    const owner = usageOwnerFromContext(context);
    if (!owner || !options.dailyUsage) return;
    internal.usageCount = { owner: usageKeyOf(owner), at: meteredAt(event, clock) };
    options.dailyUsage().count(internal.usageCount.owner, internal.usageCount.at);
  };

  const setFields = (request: PipelineRequest, used: number | undefined): void => {
    const { response, internal } = request;
    if (!response || !internal.usagePlan) return;
    const headers: Record<string, string> = {
      [rateLimitPolicyHeader]: formatRateLimitPolicy(internal.usagePlan.limits),
    };
    const counted = internal.usageCount;
    if (counted && used !== undefined) {
      headers[rateLimitHeader] = formatRateLimit([
        dailyPolicyUsage(internal.usagePlan.limits, used, counted.at),
      ]);
    }
    response.headers = { ...response.headers, ...headers };
  };

  // Not async: a warm answer returns without a turn of the event loop.
  const rateLimitPolicyAfter = (request: PipelineRequest): Promise<void> | undefined => {
    const { response, internal } = request;
    if (!response || !internal.usagePlan) return undefined;
    const counted = internal.usageCount;
    const counter = counted && options.dailyUsage?.();
    const used = counted && counter?.known(counted.owner, counted.at);
    if (!counted || !counter || used !== undefined) {
      setFields(request, used);
      return undefined;
    }
    return settledWithin(counter.knownOnceFlushed(counted.owner, counted.at), coldTotalWaitMs).then((fresh) =>
      setFields(request, fresh),
    );
  };

  return { before: rateLimitPolicyBefore, after: rateLimitPolicyAfter, onError: rateLimitPolicyAfter };
}
