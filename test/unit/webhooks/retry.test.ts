import { describe, expect, it } from 'vitest';
import {
  defaultRetryScheduleSeconds,
  maxVisibilitySeconds,
  parseRetrySchedule,
  retryDelaySeconds,
  visibilityHop,
} from '../../../shared/domain/webhooks/retry.ts';

describe('the webhook retry schedule', () => {
  it('spans at least 24 hours by default, with growing steps', () => {
    const total = defaultRetryScheduleSeconds.reduce((sum, step) => sum + step, 0);

    expect(total).toBeGreaterThanOrEqual(24 * 60 * 60);
    expect([...defaultRetryScheduleSeconds].sort((a, b) => a - b)).toEqual(defaultRetryScheduleSeconds);
  });

  it('reads WEBHOOK_RETRY_SCHEDULE as comma-separated seconds and falls back to the default', () => {
    expect(parseRetrySchedule('1, 2,3')).toEqual([1, 2, 3]);
    expect(parseRetrySchedule(undefined)).toBe(defaultRetryScheduleSeconds);
    expect(parseRetrySchedule(' ')).toBe(defaultRetryScheduleSeconds);
  });

  it.each(['1,a', '1,-2', '1.5', '1,,2'])('refuses the schedule %s', (value) => {
    expect(() => parseRetrySchedule(value)).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
  });

  it('waits the step of the attempt made, jittered by at most 20% either way', () => {
    const schedule = [5, 300, 1800];

    expect(retryDelaySeconds(schedule, 2, () => 0)).toBe(240);
    expect(retryDelaySeconds(schedule, 2, () => 0.5)).toBe(300);
    expect(retryDelaySeconds(schedule, 2, () => 1)).toBe(360);
  });

  it('gives up once every step is spent', () => {
    expect(retryDelaySeconds([5, 300], 2, () => 0.5)).toBe(300);
    expect(retryDelaySeconds([5, 300], 3, () => 0.5)).toBeUndefined();
  });

  it('hides a message for at most the 12 hours SQS allows, longer waits taking several hops', () => {
    expect(visibilityHop(36_000)).toBe(36_000);
    expect(visibilityHop(50_000)).toBe(maxVisibilitySeconds);
    expect(visibilityHop(0.2)).toBe(1);
  });
});
