import type { ScheduledEvent } from 'aws-lambda';
import { bookingStore } from '../../shared/db/entities/booking.ts';
import { expireEndedHolds } from '../../shared/domain/booking/service.ts';
import { logger } from '../../shared/observability/logger.ts';
import { processClock } from '../../shared/util/clock.ts';

/**
 * Every minute (EventBridge in AWS, an interval on the local stage): Issued bookings whose hold has
 * ended become Expired with their pass, read from the sparse hold index. A confirm that arrives first
 * expires the booking itself, so the sweep's delay never lets a late confirm through.
 */
export async function handler(_event?: ScheduledEvent): Promise<{ expired: number }> {
  const expired = await expireEndedHolds(bookingStore, processClock.now());
  if (expired > 0) logger.info('Booking holds expired', { expired });
  return { expired };
}
