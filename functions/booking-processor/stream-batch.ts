import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { feedEventOf } from '../../shared/db/entities/event-feed.ts';
import type { DomainEvent } from '../../shared/domain/events.ts';
import { logger } from '../../shared/observability/logger.ts';

/** The two use cases the main table's stream feeds through this one reader. */
export interface StreamSteps {
  /** A booking's record: the events of its change, then (a new booking) its pass. */
  processBooking(record: DynamoDBRecord): Promise<void>;
  /** The outbox events of a batch, in stream order, into their accounts' feeds; idempotent per event. */
  appendToFeed(events: readonly DomainEvent[]): Promise<void>;
}

const sequenceOf = (record: DynamoDBRecord) => record.dynamodb?.SequenceNumber ?? '';

/**
 * One batch of the main table's stream, routed: outbox events to the feed (batched per account by
 * the append), everything else to the booking processing, record by record in order. The two tracks
 * run side by side and fail apart. A failed booking record stops the bookings after it (no event is
 * published ahead of an earlier one) but not the feed: the events of the batch are appended anyway,
 * and when the mapping retries from the failed record they come again and the append leaves them out
 * (its per-event marker), so the feed neither skips nor doubles one. A failed append reports every
 * event of the batch: the retry starts at or before the first one still missing.
 */
export async function processStreamBatch(
  records: readonly DynamoDBRecord[],
  steps: StreamSteps,
): Promise<DynamoDBBatchResponse> {
  const events: { record: DynamoDBRecord; event: DomainEvent }[] = [];
  const bookings: DynamoDBRecord[] = [];
  for (const record of records) {
    let event: DomainEvent | undefined;
    try {
      event = feedEventOf(record);
    } catch (error) {
      // An outbox record no retry can read would hold the shard, bookings included, for hours: it is
      // logged (the error alarm fires) and left out of the feed.
      logger.error('Outbox record unreadable: left out of the feed', {
        error,
        sequence_number: sequenceOf(record),
      });
      continue;
    }
    if (event) events.push({ record, event });
    else bookings.push(record);
  }
  const failed = new Set<DynamoDBRecord>();

  const feed = async () => {
    if (events.length === 0) return;
    try {
      await steps.appendToFeed(events.map(({ event }) => event));
    } catch (error) {
      logger.error('Feed append failed', { error, events: events.length });
      for (const { record } of events) failed.add(record);
    }
  };
  const inOrder = async () => {
    for (const [index, record] of bookings.entries()) {
      try {
        await steps.processBooking(record);
      } catch (error) {
        logger.error('Booking record failed', { error, sequence_number: sequenceOf(record) });
        for (const later of bookings.slice(index)) failed.add(later);
        return;
      }
    }
  };
  await Promise.all([feed(), inOrder()]);

  return {
    batchItemFailures: records
      .filter((record) => failed.has(record))
      .map((record) => ({ itemIdentifier: sequenceOf(record) })),
  };
}
