import type { RateLimitStatus } from '../../domain/quotas/status.ts';

/** `GET /v2/b2b/rate-limits` (shared/schemas/quotas.ts). */
export function rateLimitsView(status: RateLimitStatus) {
  return {
    plan: status.plan,
    rate: status.limits.rate,
    burst: status.limits.burst,
    daily_quota: status.limits.dailyQuota,
    policies: status.policies.map((policy) => ({
      policy: policy.policy,
      quota: policy.quota,
      window_seconds: policy.windowSeconds,
      remaining: policy.remaining,
      reset_seconds: policy.resetSeconds,
    })),
  };
}
