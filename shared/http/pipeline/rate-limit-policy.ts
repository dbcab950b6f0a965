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

export interface RateLimitPolicyOptions {
  /** The container's daily usage counter, built on the first metered request. */
  dailyUsage?: () => DailyUsageCounter;
  /** Arrival time when the event carries none (a direct invocation). */
  clock?: () => Date;
}

/**
 * The rate limit fields on every answer to a metered request, successes and errors alike
 * (docs/quotas.md, What a response carries). `RateLimit-Policy` comes from the plan in the
 * authorizer's context. `RateLimit` lists the `daily` policy from the service's own count: the
 * request is counted here, and the answer reports what the container knows of the day's total by
 * then, without waiting for the store (the policy is left out while no recent total is known). The
 * burst is never listed here: a container sees only its share of an account's traffic. The local
 * gateway adds the burst, which it knows exactly.
 */
export function rateLimitPolicy(options: RateLimitPolicyOptions = {}): PipelineMiddleware {
  const clock = options.clock ?? (() => new Date());

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

  const rateLimitPolicyAfter = (request: PipelineRequest): void => {
    const { response, internal } = request;
    if (!response || !internal.usagePlan) return;
    const headers: Record<string, string> = {
      [rateLimitPolicyHeader]: formatRateLimitPolicy(internal.usagePlan.limits),
    };
    const counted = internal.usageCount;
    const used = counted && options.dailyUsage?.().known(counted.owner, counted.at);
    if (counted && used !== undefined) {
      headers[rateLimitHeader] = formatRateLimit([
        dailyPolicyUsage(internal.usagePlan.limits, used, counted.at),
      ]);
    }
    response.headers = { ...response.headers, ...headers };
  };

  return { before: rateLimitPolicyBefore, after: rateLimitPolicyAfter, onError: rateLimitPolicyAfter };
}
