import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { bookingHoldSecondsOverride, config, passKeySecretIds } from '../../shared/config/env.ts';
import { bookingFromItem, bookingStore } from '../../shared/db/entities/booking.ts';
import { defaultHoldSeconds, issuePass } from '../../shared/domain/booking/service.ts';
import { logger } from '../../shared/observability/logger.ts';
import { PassKeys } from '../../shared/pki/pass-signing.ts';
import { secretStore } from '../../shared/secrets/store.ts';

const signer = new PassKeys(secretStore, passKeySecretIds, () => config().secretsBackend === 'file');

function holdSeconds(): number {
  return bookingHoldSecondsOverride() ?? defaultHoldSeconds;
}

const processor = new BatchProcessor(EventType.DynamoDBStreams);

/** The mapping's filter (infra/functions.ts) passes new bookings only; other records are ignored here too. */
async function issue(record: DynamoDBRecord): Promise<void> {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || !image) return;
  const item = unmarshall(image as Record<string, AttributeValue>);
  if (item.entity !== 'Booking') return;
  const booking = bookingFromItem(item);
  const outcome = await issuePass(
    { store: bookingStore, signer, holdSeconds: holdSeconds() },
    booking,
    new Date(),
  );
  logger.info('Booking processed', { booking_id: booking.bookingId, outcome });
}

/**
 * Table stream -> Processing bookings become Issued with their pass. A failed record is reported in
 * `batchItemFailures`; the mapping retries from it (finitely, then the on-failure destination), and the
 * conditional issue makes every retry or duplicate delivery harmless.
 */
export async function handler(event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> {
  return processPartialResponse(event, issue, processor, { context, throwOnFullBatchFailure: false });
}
