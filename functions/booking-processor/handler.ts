import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { bookingHoldSecondsOverride, config, passKeySecretIds } from '../../shared/config/env.ts';
import { bookingStore } from '../../shared/db/entities/booking.ts';
import { bookingStreamRecordOf } from '../../shared/db/entities/booking-stream.ts';
import { changeEventOutbox } from '../../shared/db/entities/change-events.ts';
import { defaultHoldSeconds, issuePass, publishChangeEvents } from '../../shared/domain/booking/service.ts';
import { logger } from '../../shared/observability/logger.ts';
import { PassKeys } from '../../shared/pki/pass-signing.ts';
import { secretStore } from '../../shared/secrets/store.ts';
import { processClock } from '../../shared/util/clock.ts';

const signer = new PassKeys(secretStore, passKeySecretIds, () => config().secretsBackend === 'file');

function holdSeconds(): number {
  return bookingHoldSecondsOverride() ?? defaultHoldSeconds;
}

const processor = new BatchProcessor(EventType.DynamoDBStreams);

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

/**
 * Table stream -> the events of every booking change (the item is the outbox: its stream record says
 * what changed), and Processing bookings become Issued with their pass. Records are handled in order,
 * and once one fails the rest of the batch is reported failed too, so the mapping retries from it and
 * no event is published ahead of an earlier one. Every step is idempotent (events keyed by the change,
 * the issue conditional on Processing), so a retry or a duplicate delivery changes nothing.
 */
export async function handler(event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> {
  let failed = false;
  const inOrder = async (record: DynamoDBRecord) => {
    if (failed) throw new Error('An earlier record of this batch failed');
    try {
      await processBooking(record);
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  return processPartialResponse(event, inOrder, processor, {
    context,
    throwOnFullBatchFailure: false,
    processInParallel: false,
  });
}
