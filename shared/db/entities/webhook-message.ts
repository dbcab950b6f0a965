import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { RecoveryJob, WebhookMessage } from '../../domain/webhooks/model.ts';
import { eventEntity } from './event.ts';
import { eventImageParser, recoveryJobImageParser } from './webhook-message-parsers.ts';
import type { EventImage } from './webhook-message-stored.ts';
import { recoveryJobEntity } from './webhook-recovery.ts';

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

/** EventBridge Pipe filter (and the local poller's): inserted event items and recovery jobs only. */
export const webhookEventFilterPattern = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { entity: { S: [eventEntity, recoveryJobEntity] } } },
} as const;

/**
 * Pipe target parameters (JSON paths into the record). The group keeps one booking's events in order;
 * the deduplication id is the item's key, unique per outbox item: a redelivery item carries the event
 * id of the original, so deduplicating on the event id would swallow a redelivery made within five
 * minutes of the event.
 */
export const webhookMessageGroupIdPath = '$.dynamodb.NewImage.ordering_key.S';
export const webhookDeduplicationIdPath = '$.dynamodb.NewImage.pk.S';

const queuedEntities: readonly string[] = webhookEventFilterPattern.dynamodb.NewImage.entity.S;

export function matchesWebhookEventFilter(record: EventStreamRecord): boolean {
  const entity = record.dynamodb?.NewImage?.entity?.S;
  return record.eventName === 'INSERT' && entity !== undefined && queuedEntities.includes(entity);
}

/** A message that can never be delivered (not JSON, not an event record): straight to the DLQ. */
export class PoisonMessageError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PoisonMessageError';
  }
}

/** A queue message: one event to deliver, or a recovery job (its events, in order). */
export type QueueMessage =
  | { kind: 'event'; message: WebhookMessage }
  | { kind: 'recovery'; job: RecoveryJob };

function streamRecordOf(body: string): EventStreamRecord {
  let record: EventStreamRecord;
  try {
    record = JSON.parse(body) as EventStreamRecord;
  } catch (error) {
    throw new PoisonMessageError('The message body is not JSON', { cause: error });
  }
  if (typeof record !== 'object' || record === null || !matchesWebhookEventFilter(record)) {
    throw new PoisonMessageError('The message is not the stream record of an inserted event item');
  }
  return record;
}

export async function parseQueueMessage(body: string, messageId: string): Promise<QueueMessage> {
  const record = streamRecordOf(body);
  if (record.dynamodb?.NewImage?.entity?.S !== recoveryJobEntity) {
    return { kind: 'event', message: await webhookMessageOf(record, messageId) };
  }
  try {
    const image = await recoveryJobImageParser.parse(unmarshall(record.dynamodb?.NewImage ?? {}));
    return {
      kind: 'recovery',
      job: {
        recoveryId: image.recovery_id,
        webhookId: image.webhook_id,
        accountId: image.account_id,
        eventIds: image.event_ids,
      },
    };
  } catch (error) {
    throw new PoisonMessageError('The recovery job in the message is malformed', { cause: error });
  }
}

export async function parseWebhookMessage(body: string, messageId: string): Promise<WebhookMessage> {
  return webhookMessageOf(streamRecordOf(body), messageId);
}

/** The event a stream record already read carries (the body is parsed once per message). */
async function webhookMessageOf(record: EventStreamRecord, messageId: string): Promise<WebhookMessage> {
  let image: EventImage;
  try {
    image = await eventImageParser.parse(unmarshall(record.dynamodb?.NewImage ?? {}));
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
