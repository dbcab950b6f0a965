/**
 * When a failed delivery is tried again. The contract (docs/webhooks.md, Delivery pipeline): exponential backoff with jitter for at least
 * 24 hours; the schedule is configuration (WEBHOOK_RETRY_SCHEDULE, comma-separated seconds) so tests
 * can shrink it. The default waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: 8 attempts over ~27.6 h.
 */
export const defaultRetryScheduleSeconds: readonly number[] = [5, 300, 1800, 7200, 18000, 36000, 36000];

/** ± this share of each step, so receivers that come back are not hit by every retry at once. */
export const jitterRatio = 0.2;

/**
 * SQS hides a message for at most 12 hours per ChangeMessageVisibility. A longer wait is served in
 * hops: the message comes back early, sees its attempt is not due yet and hides again.
 */
export const maxVisibilitySeconds = 12 * 60 * 60;

export function parseRetrySchedule(value: string | undefined): readonly number[] {
  if (value === undefined || value.trim() === '') return defaultRetryScheduleSeconds;
  const parts = value.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^\d+$/.test(part))) {
    throw new Error(`WEBHOOK_RETRY_SCHEDULE must be comma-separated whole seconds, not "${value}"`);
  }
  return parts.map(Number);
}

/**
 * Seconds to wait after the `attemptsMade`-th failed attempt, jittered; undefined once the schedule is
 * spent (the delivery has failed for good).
 */
export function retryDelaySeconds(
  schedule: readonly number[],
  attemptsMade: number,
  random: () => number = Math.random,
): number | undefined {
  const step = schedule[attemptsMade - 1];
  if (step === undefined) return undefined;
  return Math.max(0, Math.round(step * (1 - jitterRatio + 2 * jitterRatio * random())));
}

/** The visibility to set now for an attempt due in `seconds`: capped at the SQS maximum. */
export function visibilityHop(seconds: number): number {
  return Math.min(Math.max(0, Math.ceil(seconds)), maxVisibilitySeconds);
}
