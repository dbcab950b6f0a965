import type { ScheduledEvent } from 'aws-lambda';
import { bookingStore } from '../../shared/db/entities/booking.ts';
import { ledgerStore } from '../../shared/db/entities/ledger.ts';
import { chargeNoShows, expireEndedHolds } from '../../shared/domain/booking/service.ts';
import { logger } from '../../shared/observability/logger.ts';
import { processClock } from '../../shared/util/clock.ts';

/**
 * Every minute (EventBridge in AWS, an interval on the local stage): Issued bookings whose hold has
 * ended become Expired with their pass, read from the sparse hold index. A confirm that arrives first
 * expires the booking itself, so the sweep's delay never lets a late confirm through. Then Confirmed
 * per_visit passes that ran out unused get their `no_show` line (docs/billing.md), read from the sparse
 * no-show index.
 */
export async function handler(_event?: ScheduledEvent): Promise<{ expired: number; noShows: number }> {
  const now = processClock.now();
  const expired = await expireEndedHolds(bookingStore, now);
  if (expired > 0) logger.info('Booking holds expired', { expired });
  const noShows = await chargeNoShows({ store: bookingStore, ledger: ledgerStore }, now);
  if (noShows > 0) logger.info('No-shows charged', { noShows });
  return { expired, noShows };
}
