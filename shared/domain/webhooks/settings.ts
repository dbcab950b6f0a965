import { parseRetrySchedule } from './retry.ts';

/** The dispatcher's knobs (docs/webhooks.md, Configuration). */
export interface WebhookSettings {
  retryScheduleSeconds: readonly number[];
  /** The receiver's response is awaited 30 s (docs/webhooks.md). Tests shrink it. */
  timeoutMs: number;
}

/** From their configured text (WEBHOOK_RETRY_SCHEDULE, WEBHOOK_TIMEOUT_MS); unset means the defaults. */
export function parseWebhookSettings(configured: {
  retrySchedule: string | undefined;
  timeoutMs: string | undefined;
}): WebhookSettings {
  const timeout = Number(configured.timeoutMs ?? 30_000);
  if (!Number.isInteger(timeout) || timeout <= 0)
    throw new Error('WEBHOOK_TIMEOUT_MS must be a positive integer');
  return { retryScheduleSeconds: parseRetrySchedule(configured.retrySchedule), timeoutMs: timeout };
}
