import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { bookingHoldSecondsOverride, config, passKeySecretIds } from '../../shared/config/env.ts';
import { bookingFromItem, bookingStore, changeOfItem } from '../../shared/db/entities/booking.ts';
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

const itemOf = (image: Record<string, unknown> | undefined) =>
  image ? unmarshall(image as Record<string, AttributeValue>) : undefined;

/**
 * One stream record of a booking (the mapping's filter passes booking inserts and changes): first
 * the events of the change it carries, then, for a new booking, its pass. The pass's own write comes
 * back as a later record with its events, so a subscriber sees them in the order they happened.
 */
async function processBooking(record: DynamoDBRecord): Promise<void> {
  const after = itemOf(record.dynamodb?.NewImage);
  if (after?.entity !== 'Booking') return;
  const before = itemOf(record.dynamodb?.OldImage);
  const change = changeOfItem(after);
  if (change && change.id !== (before ? changeOfItem(before)?.id : undefined)) {
    const booking = bookingFromItem(after);
    const published = await publishChangeEvents(changeEventOutbox, {
      before: before ? bookingFromItem(before) : null,
      after: booking,
      changeId: change.id,
      changedAt: change.at,
    });
    logger.info('Change published', { booking_id: booking.bookingId, events: published });
  }
  if (record.eventName === 'INSERT' && after.status === 'Processing') {
    const booking = bookingFromItem(after);
    const outcome = await issuePass(
      { store: bookingStore, signer, holdSeconds: holdSeconds() },
      booking,
      processClock.now(),
    );
    logger.info('Booking processed', { booking_id: booking.bookingId, outcome });
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
