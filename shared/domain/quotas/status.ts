import { dailyPolicyUsage } from './daily-usage.ts';
import { burstWindowSeconds, type PolicyName, type PolicyUsage, secondsUntilUtcMidnight } from './limiter.ts';
import type { Plan, PlanName } from './plans.ts';
import type { KnownUsage, MeteringPlan, UsageReader } from './ports.ts';
import type { QuotaSettings } from './settings.ts';

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

export interface RateLimitStatusPorts {
  /** What the gateway tells of the burst bucket (the local gateway); nothing in AWS. */
  gateway: UsageReader;
  /** The service's own count of the day (DailyUsageCounter.read): the same total the headers report. */
  dailyUsage: { read(owner: string, at: Date): Promise<number> };
}

export interface RateLimitStatusQuery {
  accountId: string;
  /** The account's usage key (`account:<id>`), under which its requests are counted. */
  owner: string;
  plan: MeteringPlan;
  /** When the gateway metered the request: the day whose usage is reported. */
  at: Date;
}

/**
 * The caller's plan and what is left of it: the burst as far as the gateway tells, the day from the
 * service's own count (this request included). A count the store cannot answer leaves the day's
 * remaining unknown rather than failing the request.
 */
export async function rateLimitStatus(
  ports: RateLimitStatusPorts,
  { accountId, owner, plan, at }: RateLimitStatusQuery,
): Promise<RateLimitStatus> {
  const [gateway, daily] = await Promise.all([
    ports.gateway.read(accountId, plan, at),
    ports.dailyUsage.read(owner, at).then(
      (used): PolicyUsage => dailyPolicyUsage(plan.limits, used, at),
      () => undefined,
    ),
  ]);
  const usage: KnownUsage = {
    ...(gateway.burst ? { burst: gateway.burst } : {}),
    ...(daily ? { daily } : {}),
  };
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
        resetSeconds: usage.daily?.resetSeconds ?? secondsUntilUtcMidnight(at.getTime()),
      },
    ],
  };
}

/**
 * The plan of the account's record, for a request that reached the function without the gateway's
 * (a direct invocation); the stage's default plan when the account has none.
 */
export async function planOfRecord(
  accounts: { find(accountId: string): Promise<{ plan: PlanName } | undefined> },
  settings: QuotaSettings,
  accountId: string,
): Promise<MeteringPlan> {
  const name = (await accounts.find(accountId))?.plan ?? settings.defaultPlan;
  return { name, limits: settings.plans[name] };
}
