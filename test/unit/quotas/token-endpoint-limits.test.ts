import { describe, expect, it } from 'vitest';
import { RateLimitPlansError } from '../../../shared/domain/quotas/plans-override.ts';
import { quotaSettingsByStage } from '../../../shared/domain/quotas/settings.ts';
import { resolveTokenEndpointLimits } from '../../../shared/domain/quotas/token-endpoint-limits.ts';

const defaults = quotaSettingsByStage.local;

function refusal(json: string): RateLimitPlansError {
  try {
    resolveTokenEndpointLimits(defaults, json);
  } catch (error) {
    if (error instanceof RateLimitPlansError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('TOKEN_ENDPOINT_LIMITS', () => {
  it('changes only the fields it gives', () => {
    const limits = resolveTokenEndpointLimits(
      defaults,
      JSON.stringify({ address_flood: { limit: 10_000 }, lockout: { base_seconds: 2 } }),
    );

    expect(limits).toEqual({
      flood: { limit: 10_000, windowSeconds: 300 },
      clientFlood: defaults.clientFlood,
      lockout: { ...defaults.lockout, baseSeconds: 2 },
    });
  });

  it('leaves the stage’s limits alone when unset or blank', () => {
    expect(resolveTokenEndpointLimits(defaults, undefined)).toBe(defaults);
    expect(resolveTokenEndpointLimits(defaults, '  ')).toBe(defaults);
  });

  it('refuses unknown fields, a window WAF does not offer and a limit below 1, naming the path', () => {
    expect(refusal('{"address_flood": {"limit": 10, "burst": 2}}').message).toMatch(/address_flood/);
    expect(refusal('{"client_flood": {"window_seconds": 30}}').message).toMatch(
      /client_flood\.window_seconds/,
    );
    expect(refusal('{"lockout": {"threshold": 0}}').message).toMatch(/lockout\.threshold/);
    expect(refusal('{"floods": {}}').message).toMatch(/TOKEN_ENDPOINT_LIMITS is not valid/);
  });

  it('refuses text that is not JSON', () => {
    expect(refusal('{address_flood: 1}').message).toMatch(/^TOKEN_ENDPOINT_LIMITS is not valid JSON/);
  });
});
