import { usageKeyOf } from '../../shared/auth/usage-authorizer.ts';
import { config } from '../../shared/config/env.ts';
import { accountStore } from '../../shared/db/entities/account.ts';
import { quotaSettingsByStage } from '../../shared/domain/quotas/settings.ts';
import { planOfRecord, rateLimitStatus } from '../../shared/domain/quotas/status.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { rateLimitsView } from '../../shared/http/views/quotas.ts';
import { quotasRoutes } from '../../shared/routes/quotas.ts';
import { dailyUsage } from '../../shared/usage-plans/daily-usage.ts';
import { usageReader } from '../../shared/usage-plans/index.ts';

export const handler = createApiHandler(quotasRoutes, {
  getRateLimits: async ({ principal, usagePlan, meteredAt, now }) => {
    const plan =
      usagePlan ??
      (await planOfRecord(accountStore, quotaSettingsByStage[config().stage], principal.accountId));
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
