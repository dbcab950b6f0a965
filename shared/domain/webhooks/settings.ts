import { webhookDeliveryConfig } from '../../config/env.ts';
import { onReset } from '../../config/reset.ts';
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
    const { timeoutMs, retrySchedule } = webhookDeliveryConfig();
    cached = { retryScheduleSeconds: parseRetrySchedule(retrySchedule), timeoutMs };
  }
  return cached;
}

function resetWebhookSettings(): void {
  cached = undefined;
}
onReset(resetWebhookSettings);
