import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { bookingHoldSecondsOverride, config, passKeySecretIds } from '../../shared/config/env.ts';
import { bookingStore } from '../../shared/db/entities/booking.ts';
import { bookingStreamRecordOf } from '../../shared/db/entities/booking-stream.ts';
import { changeEventOutbox } from '../../shared/db/entities/change-events.ts';
import { eventFeedWriter } from '../../shared/db/entities/event-feed.ts';
import { defaultHoldSeconds, issuePass, publishChangeEvents } from '../../shared/domain/booking/service.ts';
import { appendToFeed } from '../../shared/domain/event-feed/service.ts';
import type { DomainEvent } from '../../shared/domain/events.ts';
import { logger } from '../../shared/observability/logger.ts';
import { PassKeys } from '../../shared/pki/pass-signing.ts';
import { secretStore } from '../../shared/secrets/store.ts';
import { processClock } from '../../shared/util/clock.ts';
import { processStreamBatch } from './stream-batch.ts';

const signer = new PassKeys(secretStore, passKeySecretIds, () => config().secretsBackend === 'file');

function holdSeconds(): number {
  return bookingHoldSecondsOverride() ?? defaultHoldSeconds;
}

/**
 * One stream record of a booking (the mapping's filter passes booking inserts and changes): first
 * the events of the change it carries, then, for a new booking, its pass. The pass's own write comes
 * back as a later record with its events, so a subscriber sees them in the order they happened.
 */
async function processBooking(record: DynamoDBRecord): Promise<void> {
  const streamed = bookingStreamRecordOf(record);
  if (!streamed) return;
  const { before, after, newChange, inserted } = streamed;
  if (newChange) {
    const published = await publishChangeEvents(changeEventOutbox, {
      before,
      after,
      changeId: newChange.id,
      changedAt: newChange.at,
    });
    logger.info('Change published', { booking_id: after.bookingId, events: published });
  }
  if (inserted && after.status === 'Processing') {
    const outcome = await issuePass(
      { store: bookingStore, signer, holdSeconds: holdSeconds() },
      after,
      processClock.now(),
    );
    logger.info('Booking processed', { booking_id: after.bookingId, outcome });
  }
}

/** Numbers the batch's outbox events into their accounts' feeds (docs/events.md). */
async function feedEvents(events: readonly DomainEvent[]): Promise<void> {
  const appended = await appendToFeed(eventFeedWriter, events, processClock.now());
  logger.info('Events fed', { events: events.length, appended });
}

/**
 * The main table's stream, the one Lambda reader of it (the webhook Pipe is the other; DynamoDB
 * Streams advises at most two per shard): booking changes become their events and new bookings get
 * their pass (the item is the outbox: its stream record says what changed), and outbox events are
 * numbered into the events feed. Every step is idempotent (events keyed by the change, the issue
 * conditional on Processing, the feed per event), so a retry or a duplicate delivery changes nothing;
 * failures are reported per record (`processStreamBatch`).
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  return processStreamBatch(event.Records, { processBooking, appendToFeed: feedEvents });
}
