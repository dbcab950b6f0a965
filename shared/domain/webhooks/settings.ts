import { parseRetrySchedule } from './retry.ts';

/** The dispatcher's knobs (docs/webhooks.md, Configuration). */
export interface WebhookSettings {
  retryScheduleSeconds: readonly number[];
  /** The receiver's response is awaited 30 s (docs/webhooks.md). Tests shrink it. */
  timeoutMs: number;
}

/** From the configured values (WEBHOOK_RETRY_SCHEDULE, WEBHOOK_TIMEOUT_MS, read by the composition root). */
export function parseWebhookSettings(configured: {
  retrySchedule: string | undefined;
  timeoutMs: number;
}): WebhookSettings {
  return {
    retryScheduleSeconds: parseRetrySchedule(configured.retrySchedule),
    timeoutMs: configured.timeoutMs,
  };
}
