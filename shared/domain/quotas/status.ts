import { burstWindowSeconds, type PolicyName, secondsUntilUtcMidnight } from './limiter.ts';
import type { Plan, PlanName } from './plans.ts';
import type { KnownUsage, MeteringPlan, UsageReader } from './ports.ts';

/** One policy of `GET /v2/b2b/rate-limits`: the RateLimit-Policy numbers, and RateLimit's where known. */
export interface PolicyStatus {
  policy: PolicyName;
  quota: number;
  windowSeconds: number;
  /** Requests left now; null where the gateway does not tell (the burst, in AWS). */
  remaining: number | null;
  /** Seconds until more becomes available; null where unknown. */
  resetSeconds: number | null;
}

export interface RateLimitStatus {
  plan: PlanName | 'staff';
  limits: Plan;
  policies: [PolicyStatus, PolicyStatus];
}

/** The caller's plan and what is left of it, as far as the gateway lets the service know. */
export async function rateLimitStatus(
  reader: UsageReader,
  accountId: string,
  plan: MeteringPlan,
  now: Date,
): Promise<RateLimitStatus> {
  const usage: KnownUsage = await reader.read(accountId, plan, now);
  const { limits } = plan;
  return {
    plan: plan.name,
    limits,
    policies: [
      {
        policy: 'burst',
        quota: limits.burst,
        windowSeconds: burstWindowSeconds(limits),
        remaining: usage.burst?.remaining ?? null,
        resetSeconds: usage.burst?.resetSeconds ?? null,
      },
      {
        policy: 'daily',
        quota: limits.dailyQuota,
        windowSeconds: 86_400,
        remaining: usage.daily?.remaining ?? null,
        // The day always ends at 00:00 UTC, known or not how much of it is used.
        resetSeconds: usage.daily?.resetSeconds ?? secondsUntilUtcMidnight(now.getTime()),
      },
    ],
  };
}
