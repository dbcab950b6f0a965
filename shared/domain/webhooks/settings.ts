import { parseRetrySchedule } from './retry.ts';

/** The dispatcher's knobs, read once from the environment (docs/webhooks.md, Configuration). */
export interface WebhookSettings {
  retryScheduleSeconds: readonly number[];
  /** partner-api.md: the receiver's response is awaited 30 s. Tests shrink it. */
  timeoutMs: number;
}

let cached: WebhookSettings | undefined;

export function webhookSettings(): WebhookSettings {
  if (!cached) {
    const timeout = Number(process.env.WEBHOOK_TIMEOUT_MS ?? 30_000);
    if (!Number.isInteger(timeout) || timeout <= 0)
      throw new Error('WEBHOOK_TIMEOUT_MS must be a positive integer');
    cached = {
      retryScheduleSeconds: parseRetrySchedule(process.env.WEBHOOK_RETRY_SCHEDULE),
      timeoutMs: timeout,
    };
  }
  return cached;
}

export function resetWebhookSettings(): void {
  cached = undefined;
}
