/** The plans an operator can give an account (docs/quotas.md). */
export const planNames = ['sandbox', 'standard', 'premium'] as const;
export type PlanName = (typeof planNames)[number];

export function isPlanName(value: unknown): value is PlanName {
  return planNames.some((name) => name === value);
}

/**
 * What a plan allows, in API Gateway usage plan terms: `rate` requests per second refill a bucket of
 * `burst` requests (throttle rateLimit / burstLimit), and at most `dailyQuota` requests per UTC day
 * (quota with period DAY).
 */
export interface Plan {
  rate: number;
  burst: number;
  dailyQuota: number;
}

export type Plans = Record<PlanName, Plan>;
