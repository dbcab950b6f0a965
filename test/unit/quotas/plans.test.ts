import { describe, expect, it } from 'vitest';
import { isPlanName, type Plans } from '../../../shared/domain/quotas/plans.ts';
import { RateLimitPlansError, resolvePlans } from '../../../shared/domain/quotas/plans-override.ts';
import { quotaSettingsByStage } from '../../../shared/domain/quotas/settings.ts';
import { stages } from '../../../shared/vocabulary/stage.ts';

const defaults: Plans = {
  sandbox: { rate: 5, burst: 10, dailyQuota: 5_000 },
  standard: { rate: 50, burst: 100, dailyQuota: 100_000 },
  premium: { rate: 200, burst: 400, dailyQuota: 1_000_000 },
};

describe('RATE_LIMIT_PLANS', () => {
  it('leaves the stage plans alone when unset or blank', () => {
    expect(resolvePlans(defaults, undefined)).toBe(defaults);
    expect(resolvePlans(defaults, '  ')).toBe(defaults);
  });

  it('is merged over the stage plans field by field', () => {
    const plans = resolvePlans(
      defaults,
      '{"standard": {"burst": 5, "daily_quota": 20}, "sandbox": {"rate": 0.5}}',
    );

    expect(plans).toEqual({
      sandbox: { rate: 0.5, burst: 10, dailyQuota: 5_000 },
      standard: { rate: 50, burst: 5, dailyQuota: 20 },
      premium: defaults.premium,
    });
    expect(defaults.standard.burst).toBe(100);
  });

  it('is refused with a clear message when it is not JSON', () => {
    expect(() => resolvePlans(defaults, '{standard: 1}')).toThrow(RateLimitPlansError);
    expect(() => resolvePlans(defaults, '{standard: 1}')).toThrow(/RATE_LIMIT_PLANS is not valid JSON/);
  });

  it.each([
    ['an unknown plan', '{"gold": {"rate": 1}}', /gold/],
    ['an unknown field', '{"standard": {"burst_limit": 1}}', /standard/],
    ['a rate of zero', '{"standard": {"rate": 0}}', /standard\.rate/],
    ['a fractional burst', '{"standard": {"burst": 1.5}}', /standard\.burst/],
    ['a negative daily quota', '{"premium": {"daily_quota": -1}}', /premium\.daily_quota/],
    ['a number as the plan', '{"standard": 10}', /standard/],
    ['an array', '[1]', /RATE_LIMIT_PLANS is not a valid plans override/],
  ])('is refused when it has %s, naming where', (_case, json, message) => {
    expect(() => resolvePlans(defaults, json)).toThrow(message);
  });
});

describe('the plans of every stage', () => {
  it.each(stages)('in %s include a valid default plan and burst no smaller than one request', (stage) => {
    const settings = quotaSettingsByStage[stage];

    expect(isPlanName(settings.defaultPlan)).toBe(true);
    for (const plan of Object.values(settings.plans)) {
      expect(Number.isInteger(plan.burst) && plan.burst >= 1).toBe(true);
      expect(plan.rate).toBeGreaterThan(0);
      expect(Number.isInteger(plan.dailyQuota)).toBe(true);
    }
  });

  it('let the seeded partners of the local stage burst to at least 50 requests', () => {
    const local = quotaSettingsByStage.local;

    expect(local.plans[local.defaultPlan].burst).toBeGreaterThanOrEqual(50);
  });

  it('grow from sandbox to premium', () => {
    for (const stage of stages) {
      const { sandbox, standard, premium } = quotaSettingsByStage[stage].plans;
      expect(sandbox.rate).toBeLessThan(standard.rate);
      expect(standard.rate).toBeLessThan(premium.rate);
      expect(sandbox.dailyQuota).toBeLessThan(standard.dailyQuota);
      expect(standard.dailyQuota).toBeLessThan(premium.dailyQuota);
    }
  });
});
