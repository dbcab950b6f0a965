import { ApiError } from '../errors.ts';
import { burstWindowSeconds, type PolicyName, type PolicyUsage, type RateLimitDecision } from './limiter.ts';
import type { Plan } from './plans.ts';

/**
 * The RateLimit-Policy and RateLimit fields of draft-ietf-httpapi-ratelimit-headers (revisions 08 to
 * 11): Structured Field Lists (RFC 9651) of String items naming a policy, with Integer parameters.
 *   RateLimit-Policy: "burst";q=100;w=2, "daily";q=100000;w=86400   (q quota, w window seconds)
 *   RateLimit: "burst";r=42;t=1, "daily";r=99958;t=3600             (r remaining, t seconds to more)
 */
export const rateLimitPolicyHeader = 'RateLimit-Policy';
export const rateLimitHeader = 'RateLimit';

/** An RFC 9651 sf-string: printable ASCII, with `"` and `\` escaped. */
export function sfString(value: string): string {
  if (!/^[\x20-\x7e]*$/.test(value)) throw new RangeError(`Not a Structured Field string: ${value}`);
  return `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

function sfInteger(value: number): string {
  if (!Number.isInteger(value) || Math.abs(value) > 999_999_999_999_999) {
    throw new RangeError(`Not a Structured Field integer: ${value}`);
  }
  return String(value);
}

const item = (policy: PolicyName, parameters: [string, number][]) =>
  `${sfString(policy)}${parameters.map(([name, value]) => `;${name}=${sfInteger(value)}`).join('')}`;

/** RateLimit-Policy of a plan: known from the plan alone (in AWS, from the authorizer context). */
export function formatRateLimitPolicy(plan: Plan): string {
  return [
    item('burst', [
      ['q', plan.burst],
      ['w', burstWindowSeconds(plan)],
    ]),
    item('daily', [
      ['q', plan.dailyQuota],
      ['w', 86_400],
    ]),
  ].join(', ');
}

/** RateLimit for the policies whose current state is known, in the order given. */
export function formatRateLimit(usages: readonly PolicyUsage[]): string {
  return usages
    .map((usage) =>
      item(usage.policy, [
        ['r', usage.remaining],
        ['t', usage.resetSeconds],
      ]),
    )
    .join(', ');
}

/** Both fields for a response, from the limiter's decision on its request. */
export function rateLimitHeaders(plan: Plan, decision: RateLimitDecision): Record<string, string> {
  return {
    [rateLimitPolicyHeader]: formatRateLimitPolicy(plan),
    [rateLimitHeader]: formatRateLimit([decision.burst, decision.daily]),
  };
}

/**
 * The 429 of a refused request: RateLimitExceeded with `details.policy`, Retry-After and the rate
 * limit fields, as API Gateway's THROTTLED and QUOTA_EXCEEDED gateway responses answer in AWS.
 */
export function rateLimitExceeded(plan: Plan, decision: RateLimitDecision): ApiError {
  if (decision.allowed || decision.limitedBy === null || decision.retryAfterSeconds === null) {
    throw new Error('rateLimitExceeded needs a refused decision');
  }
  const message =
    decision.limitedBy === 'daily'
      ? `The daily quota of your plan (${plan.dailyQuota} requests) is used up; it resets at 00:00 UTC.`
      : `Too many requests at once for your plan (${plan.burst} at most, ${plan.rate} per second); slow down.`;
  return new ApiError('RateLimitExceeded', message, {
    retryAfter: decision.retryAfterSeconds,
    details: { policy: decision.limitedBy },
    headers: rateLimitHeaders(plan, decision),
  });
}
