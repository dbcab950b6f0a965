import type { DynamoDBStreamEvent } from 'aws-lambda';
import { eventFeedWriter, feedEventsOf } from '../../shared/db/entities/event-feed.ts';
import { appendToFeed } from '../../shared/domain/event-feed/service.ts';
import { logger } from '../../shared/observability/logger.ts';
import { processClock } from '../../shared/util/clock.ts';

/**
 * Table stream (inserted outbox events, the mapping's filter) -> the account's events feed
 * (docs/events.md). A batch is appended whole or fails whole: the mapping retries it and the append is
 * idempotent per event, so a retry numbers only what is still missing, in the stream's order.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<void> {
  const events = feedEventsOf(event.Records);
  const appended = await appendToFeed(eventFeedWriter, events, processClock.now());
  logger.info('Events fed', { records: event.Records.length, appended });
}
