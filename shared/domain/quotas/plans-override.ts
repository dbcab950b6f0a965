import * as z from '../../schemas/zod.ts';
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
      rate: z.optional(z.number().check(z.positive(), z.maximum(10_000))),
      burst: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(5_000))),
      daily_quota: z.optional(z.number().check(z.int(), z.minimum(1))),
    }),
  ),
);

/** The JSON shape of RATE_LIMIT_PLANS, for documentation and for tests that build one. */
export type PlansOverride = z.input<ReturnType<typeof plansOverride>>;

/** How a refusal of an override reads, past the variable's name. */
interface OverrideWording {
  /** What the JSON fails to be: `a valid plans override`. */
  invalid: string;
  /** Appended when the value is not JSON: the shape expected. */
  jsonHint?: string;
  /** Appended when it fails its schema. */
  schemaHint?: string;
}

/**
 * An environment override (RATE_LIMIT_PLANS, TOKEN_ENDPOINT_LIMITS) parsed as JSON and checked
 * against its schema; a refusal names the variable and every offending path.
 */
export function parseOverride<T>(
  variable: string,
  json: string,
  schema: z.ZodMiniType<T>,
  wording: OverrideWording,
): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new RateLimitPlansError(
      `${variable} is not valid JSON (${error instanceof Error ? error.message : String(error)})` +
        (wording.jsonHint ? `; ${wording.jsonHint}` : ''),
      { cause: error },
    );
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new RateLimitPlansError(
      `${variable} is not ${wording.invalid} (${problems})` +
        (wording.schemaHint ? `; ${wording.schemaHint}` : ''),
    );
  }
  return result.data;
}

/**
 * The stage's plans with RATE_LIMIT_PLANS (`{"<plan>": {"rate", "burst", "daily_quota"}}`) merged over
 * them field by field: `{"standard": {"burst": 5}}` changes only the standard burst. Unknown plans or
 * fields, and numbers API Gateway would refuse, are errors naming the offending path.
 */
export function resolvePlans(stageDefaults: Plans, overrideJson: string | undefined): Plans {
  if (overrideJson === undefined || overrideJson.trim() === '') return stageDefaults;
  const override = parseOverride('RATE_LIMIT_PLANS', overrideJson, plansOverride(), {
    invalid: 'a valid plans override',
    jsonHint: 'expected {"<plan>": {"rate": <per second>, "burst": <requests>, "daily_quota": <requests>}}',
    schemaHint: `plans are ${planNames.join(', ')}`,
  });
  const merged = { ...stageDefaults };
  for (const name of planNames) {
    const plan = override[name];
    if (!plan) continue;
    merged[name] = {
      rate: plan.rate ?? stageDefaults[name].rate,
      burst: plan.burst ?? stageDefaults[name].burst,
      dailyQuota: plan.daily_quota ?? stageDefaults[name].dailyQuota,
    };
  }
  return merged;
}
