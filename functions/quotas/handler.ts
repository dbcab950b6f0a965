import { usageKeyOf } from '../../shared/auth/usage-authorizer.ts';
import { config } from '../../shared/config/env.ts';
import { accountStore } from '../../shared/db/entities/account.ts';
import type { MeteringPlan } from '../../shared/domain/quotas/ports.ts';
import { quotaSettingsByStage } from '../../shared/domain/quotas/settings.ts';
import { rateLimitStatus } from '../../shared/domain/quotas/status.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { rateLimitsView } from '../../shared/http/views/quotas.ts';
import { quotasRoutes } from '../../shared/routes/quotas.ts';
import { dailyUsage } from '../../shared/usage-plans/daily-usage.ts';
import { usageReader } from '../../shared/usage-plans/index.ts';

/** A request that reached the function without the gateway's plan (a direct invocation): the record's. */
async function planOfRecord(accountId: string): Promise<MeteringPlan> {
  const settings = quotaSettingsByStage[config().stage];
  const name = (await accountStore.find(accountId))?.plan ?? settings.defaultPlan;
  return { name, limits: settings.plans[name] };
}

export const handler = createApiHandler(quotasRoutes, {
  getRateLimits: async ({ principal, usagePlan, meteredAt, now }) => {
    const plan = usagePlan ?? (await planOfRecord(principal.accountId));
    const status = await rateLimitStatus(
      { gateway: usageReader(), dailyUsage: dailyUsage() },
      {
        accountId: principal.accountId,
        owner: usageKeyOf({ kind: 'account', accountId: principal.accountId }),
        plan,
        at: meteredAt ?? now,
      },
    );
    if (status.plan === 'staff') throw new Error('A partner token was metered by the staff plan');
    return {
      status: 200,
      headers: { 'Cache-Control': 'no-store' },
      body: rateLimitsView(status),
    };
  },
});
