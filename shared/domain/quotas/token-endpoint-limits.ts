import * as z from '../../schemas/zod.ts';
import { builtOnce } from '../../util/built-once.ts';
import type { FloodPolicy } from './flood.ts';
import type { LockoutPolicy } from './lockout.ts';
import { parseOverride } from './plans-override.ts';

/** The token endpoint's defences (docs/quotas.md, The token endpoint): numbers per stage in settings.ts. */
export interface TokenEndpointLimits {
  lockout: LockoutPolicy;
  /** Per source address (the WAF rule in AWS, the local gateway's emulation of it). */
  flood: FloodPolicy;
  /** Per client (the WAF rule on the Authorization header in AWS; every client_id locally). */
  clientFlood: FloodPolicy;
}

/** Built only when an override is given, like the plans override (plans-override.ts). */
const limitsOverride = builtOnce(() => {
  const floodOverride = z.strictObject({
    limit: z.optional(z.number().check(z.int(), z.minimum(1))),
    window_seconds: z.optional(z.union([z.literal(60), z.literal(120), z.literal(300), z.literal(600)])),
  });
  return z.strictObject({
    address_flood: z.optional(floodOverride),
    client_flood: z.optional(floodOverride),
    lockout: z.optional(
      z.strictObject({
        threshold: z.optional(z.number().check(z.int(), z.minimum(1))),
        base_seconds: z.optional(z.number().check(z.int(), z.minimum(1))),
        max_seconds: z.optional(z.number().check(z.int(), z.minimum(1))),
        forget_after_seconds: z.optional(z.number().check(z.int(), z.minimum(1))),
        client_ceiling: z.optional(z.number().check(z.int(), z.minimum(1))),
        client_window_seconds: z.optional(z.number().check(z.int(), z.minimum(1))),
      }),
    ),
  });
});

/** The JSON shape of TOKEN_ENDPOINT_LIMITS, for documentation and for tests that build one. */
export type TokenEndpointLimitsOverride = z.input<ReturnType<typeof limitsOverride>>;
type FloodOverride = z.output<ReturnType<typeof limitsOverride>>['address_flood'];

function mergeFlood(base: FloodPolicy, override: FloodOverride): FloodPolicy {
  return {
    limit: override?.limit ?? base.limit,
    windowSeconds: override?.window_seconds ?? base.windowSeconds,
  };
}

/**
 * The stage's token endpoint limits with TOKEN_ENDPOINT_LIMITS merged over them field by field
 * (`{"address_flood": {"limit": 10000}, "lockout": {"base_seconds": 2}}`): for the local stage and its
 * tests, which issue far more tokens from 127.0.0.1 than any partner would. Unknown fields and
 * numbers out of range are errors naming the offending path.
 */
export function resolveTokenEndpointLimits(
  defaults: TokenEndpointLimits,
  overrideJson: string | undefined,
): TokenEndpointLimits {
  if (overrideJson === undefined || overrideJson.trim() === '') return defaults;
  const { address_flood, client_flood, lockout } = parseOverride(
    'TOKEN_ENDPOINT_LIMITS',
    overrideJson,
    limitsOverride(),
    { invalid: 'valid' },
  );
  return {
    flood: mergeFlood(defaults.flood, address_flood),
    clientFlood: mergeFlood(defaults.clientFlood, client_flood),
    lockout: {
      threshold: lockout?.threshold ?? defaults.lockout.threshold,
      baseSeconds: lockout?.base_seconds ?? defaults.lockout.baseSeconds,
      maxSeconds: lockout?.max_seconds ?? defaults.lockout.maxSeconds,
      forgetAfterSeconds: lockout?.forget_after_seconds ?? defaults.lockout.forgetAfterSeconds,
      clientCeiling: lockout?.client_ceiling ?? defaults.lockout.clientCeiling,
      clientWindowSeconds: lockout?.client_window_seconds ?? defaults.lockout.clientWindowSeconds,
    },
  };
}
