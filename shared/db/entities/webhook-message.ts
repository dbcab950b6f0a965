import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import * as z from 'zod';
import { eventTypes } from '../../domain/events.ts';
import type { WebhookMessage } from '../../domain/webhooks/model.ts';
import { eventEntity } from './event.ts';

/**
 * The webhook queue's message, defined once for AWS and the local stage: the body is the DynamoDB
 * stream record of an event item, exactly as an EventBridge Pipe without an input template forwards
 * it (and as infra/local's stream poller sends it). The queue is FIFO with content-based
 * deduplication; the message group is the event's `ordering_key`, so the events of one booking leave
 * in order and a failing one holds back those behind it.
 */
export interface EventStreamRecord {
  eventID?: string;
  eventName?: 'INSERT' | 'MODIFY' | 'REMOVE' | string;
  dynamodb?: {
    Keys?: Record<string, AttributeValue>;
    NewImage?: Record<string, AttributeValue>;
    SequenceNumber?: string;
  };
}

/** EventBridge Pipe filter (and the local poller's): inserted event items only. */
export const webhookEventFilterPattern = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { entity: { S: [eventEntity] } } },
} as const;

/**
 * Pipe target parameters (JSON paths into the record). The group keeps one booking's events in order;
 * the deduplication id is the item's key, unique per outbox item: a redelivery item carries the event
 * id of the original, so deduplicating on the event id would swallow a redelivery made within five
 * minutes of the event.
 */
export const webhookMessageGroupIdPath = '$.dynamodb.NewImage.ordering_key.S';
export const webhookDeduplicationIdPath = '$.dynamodb.NewImage.pk.S';

export function matchesWebhookEventFilter(record: EventStreamRecord): boolean {
  return record.eventName === 'INSERT' && record.dynamodb?.NewImage?.entity?.S === eventEntity;
}

/** A message that can never be delivered (not JSON, not an event record): straight to the DLQ. */
export class PoisonMessageError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PoisonMessageError';
  }
}

const eventImageSchema = z.object({
  event_id: z.string().min(1).max(128),
  account_id: z.string().min(1),
  event: z.enum(eventTypes),
  timestamp: z.iso.datetime(),
  ordering_key: z.string().min(1).max(128),
  data: z.record(z.string(), z.unknown()),
  redelivery_claim: z.string().optional(),
  webhook_id: z.string().optional(),
});

export function parseWebhookMessage(body: string, messageId: string): WebhookMessage {
  let record: EventStreamRecord;
  try {
    record = JSON.parse(body) as EventStreamRecord;
  } catch (error) {
    throw new PoisonMessageError('The message body is not JSON', { cause: error });
  }
  if (typeof record !== 'object' || record === null || !matchesWebhookEventFilter(record)) {
    throw new PoisonMessageError('The message is not the stream record of an inserted event item');
  }
  let image: z.infer<typeof eventImageSchema>;
  try {
    image = eventImageSchema.parse(unmarshall(record.dynamodb?.NewImage ?? {}));
  } catch (error) {
    throw new PoisonMessageError('The event item in the message is malformed', { cause: error });
  }
  return {
    event: {
      id: image.event_id,
      accountId: image.account_id,
      type: image.event,
      timestamp: image.timestamp,
      orderingKey: image.ordering_key,
      data: image.data,
    },
    claim: image.redelivery_claim ?? messageId,
    webhookId: image.webhook_id,
  };
}
