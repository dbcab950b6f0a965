import type { ScheduledEvent } from 'aws-lambda';
import { bookingHoldSecondsOverride, config, passKeySecretIds } from '../../shared/config/env.ts';
import { bookingStore } from '../../shared/db/entities/booking.ts';
import { defaultHoldSeconds, issueStuckBookings } from '../../shared/domain/booking/service.ts';
import { logger } from '../../shared/observability/logger.ts';
import { PassKeys } from '../../shared/pki/pass-signing.ts';
import { secretStore } from '../../shared/secrets/store.ts';
import { processClock } from '../../shared/util/clock.ts';

const signer = new PassKeys(secretStore, passKeySecretIds, () => config().secretsBackend === 'file');

/** One area's recovery: what it re-drove, for the log. */
type Sweep = (now: Date) => Promise<Record<string, number>>;

/**
 * The areas whose records wait in an intermediate state for an asynchronous step. eSIM has none: a
 * Pending order waits for the partner, and confirm is one transaction (docs/reliability.md, Recovery
 * sweep); an area that gains such a state adds its sweep here.
 */
const sweeps: Record<string, Sweep> = {
  bookings: (now) =>
    issueStuckBookings(
      { store: bookingStore, signer, holdSeconds: bookingHoldSecondsOverride() ?? defaultHoldSeconds },
      now,
    ),
};

/**
 * Every minute (EventBridge in AWS, a timer on the local stage): nothing stays stranded in an
 * intermediate state. Bookings still Processing two minutes after their creation are issued by the
 * processor's own conditional step. One failing area does not keep the others from running; the run
 * fails afterwards, so the schedule's error alarm sees it.
 */
export async function handler(_event?: ScheduledEvent): Promise<Record<string, Record<string, number>>> {
  const now = processClock.now();
  const results: Record<string, Record<string, number>> = {};
  const failures: unknown[] = [];
  for (const [area, sweep] of Object.entries(sweeps)) {
    try {
      results[area] = await sweep(now);
    } catch (error) {
      logger.error('Recovery sweep failed', { area, error });
      failures.push(error);
    }
  }
  const recovered = Object.values(results).some((counts) => Object.values(counts).some((n) => n > 0));
  if (recovered) logger.warn('Recovery sweep re-drove stranded records', { results });
  if (failures.length > 0) throw new AggregateError(failures, 'A recovery sweep failed');
  return results;
}
