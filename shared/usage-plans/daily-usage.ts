import { accountOfUsageKey } from '../auth/usage-authorizer.ts';
import { onReset } from '../config/reset.ts';
import { dynamoDailyUsageStore } from '../db/entities/daily-usage.ts';
import { DailyUsageCounter } from '../domain/quotas/daily-usage.ts';
import { logger } from '../observability/logger.ts';
import { countUsageFlushFailure } from '../observability/metrics.ts';

let counter: DailyUsageCounter | undefined;

/**
 * The container's daily usage counter (docs/quotas.md, Headers in AWS), over the DynamoDB item every
 * container adds to; built on the first metered request. One per process: on the local stage every
 * function shares it, as they share the gateway in front of them.
 */
export function dailyUsage(): DailyUsageCounter {
  counter ??= new DailyUsageCounter(dynamoDailyUsageStore, {
    onFlushFailed: ({ owner, day, requests, error }) => {
      countUsageFlushFailure(requests, accountOfUsageKey(owner));
      logger.warn('Daily usage flush failed; retried with the next one', { owner, day, requests, error });
    },
  });
  return counter;
}

/** The counter if one was built: a stage shutting down flushes it, a process that never metered has none. */
export function existingDailyUsage(): DailyUsageCounter | undefined {
  return counter;
}

// A reset points the process at other tables: counts pending for the old ones are dropped with it.
onReset(() => {
  counter = undefined;
});
