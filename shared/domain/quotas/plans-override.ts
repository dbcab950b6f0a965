import * as z from 'zod';
import { builtOnce } from '../../util/built-once.ts';
import { type Plans, planNames } from './plans.ts';

/** RATE_LIMIT_PLANS is not usable: the local stage refuses to start rather than enforce other numbers. */
export class RateLimitPlansError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'RateLimitPlansError';
  }
}

/**
 * The wire shape of RATE_LIMIT_PLANS, snake_case like every other JSON the service reads or writes.
 * Only the local stage reads an override; the functions that read plans (the authorizer first) load
 * plans.ts, which imports no zod.
 */
const plansOverride = builtOnce(() =>
  z.partialRecord(
    z.enum(planNames),
    z.strictObject({
      rate: z.number().positive().max(10_000).optional(),
      burst: z.number().int().min(1).max(5_000).optional(),
      daily_quota: z.number().int().min(1).optional(),
    }),
  ),
);

/** The JSON shape of RATE_LIMIT_PLANS, for documentation and for tests that build one. */
export type PlansOverride = z.input<ReturnType<typeof plansOverride>>;

/**
 * The stage's plans with RATE_LIMIT_PLANS (`{"<plan>": {"rate", "burst", "daily_quota"}}`) merged over
 * them field by field: `{"standard": {"burst": 5}}` changes only the standard burst. Unknown plans or
 * fields, and numbers API Gateway would refuse, are errors naming the offending path.
 */
export function resolvePlans(stageDefaults: Plans, overrideJson: string | undefined): Plans {
  if (overrideJson === undefined || overrideJson.trim() === '') return stageDefaults;
  let parsed: unknown;
  try {
    parsed = JSON.parse(overrideJson);
  } catch (error) {
    throw new RateLimitPlansError(
      `RATE_LIMIT_PLANS is not valid JSON (${error instanceof Error ? error.message : String(error)}); ` +
        'expected {"<plan>": {"rate": <per second>, "burst": <requests>, "daily_quota": <requests>}}',
      { cause: error },
    );
  }
  const result = plansOverride().safeParse(parsed);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new RateLimitPlansError(
      `RATE_LIMIT_PLANS is not a valid plans override (${problems}); plans are ${planNames.join(', ')}`,
    );
  }
  const merged = { ...stageDefaults };
  for (const name of planNames) {
    const override = result.data[name];
    if (!override) continue;
    merged[name] = {
      rate: override.rate ?? stageDefaults[name].rate,
      burst: override.burst ?? stageDefaults[name].burst,
      dailyQuota: override.daily_quota ?? stageDefaults[name].dailyQuota,
    };
  }
  return merged;
}
