import { config } from '../../config/env.ts';
import type { DomainEvent, EventType } from '../../domain/events.ts';
import type { Delivery } from '../../domain/webhooks/model.ts';
import type { EventOutbox } from '../../domain/webhooks/ports.ts';
import type { DynamoWrite } from '../transaction.ts';

/** Outbox items live 30 days: long enough for the delivery log and redelivery. */
const retentionSeconds = 30 * 24 * 60 * 60;

export const eventEntity = 'Event';

export interface EventItem {
  pk: string;
  sk: string;
  entity: typeof eventEntity;
  event_id: string;
  account_id: string;
  event: EventType;
  timestamp: string;
  ordering_key: string;
  data: Record<string, unknown>;
  ttl: number;
}

export const eventPartitionPrefix = 'EVENT#';
/** An event's copy for a redelivery (webhook recovery): a new item, so the stream carries it again. */
export const redeliveryPartitionPrefix = 'REDELIVERY#';
export const eventKey = (eventId: string) => ({ pk: `${eventPartitionPrefix}${eventId}`, sk: 'EVENT' });

export function toEventItem(event: DomainEvent): EventItem {
  return {
    ...eventKey(event.id),
    entity: eventEntity,
    event_id: event.id,
    account_id: event.accountId,
    event: event.type,
    timestamp: event.timestamp,
    ordering_key: event.orderingKey,
    data: event.data,
    ttl: Math.floor(Date.parse(event.timestamp) / 1000) + retentionSeconds,
  };
}

export function fromEventItem(item: Record<string, unknown>): DomainEvent {
  const event = item as unknown as EventItem;
  return {
    id: event.event_id,
    accountId: event.account_id,
    type: event.event,
    timestamp: event.timestamp,
    orderingKey: event.ordering_key,
    data: event.data,
  };
}

/** The outbox write: staged beside the state change it reports. */
export function eventWrite(event: DomainEvent): DynamoWrite {
  return {
    description: `event ${event.type} ${event.id}`,
    item: {
      Put: {
        TableName: config().mainTableName,
        Item: toEventItem(event),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

/**
 * A redelivery travels the same outbox path as the event itself: an item of entity `Event` (so the
 * Pipe forwards it) under its own key, carrying the original event id, the subscription and the new
 * claim. Its message group is its own, so it never waits behind the original's pending retries.
 * It is kept one day: only the stream needs it.
 */
function redeliveryWrite(delivery: Delivery, claim: string, now: Date): DynamoWrite {
  const { event } = delivery;
  return {
    description: `redelivery ${claim} of event ${event.id}`,
    item: {
      Put: {
        TableName: config().mainTableName,
        Item: {
          pk: `${redeliveryPartitionPrefix}${claim}`,
          sk: 'EVENT',
          entity: eventEntity,
          event_id: event.id,
          account_id: event.accountId,
          event: event.type,
          timestamp: event.timestamp,
          ordering_key: `REDELIVERY#${event.id}`,
          data: event.data,
          redelivery_claim: claim,
          webhook_id: delivery.webhookId,
          ttl: Math.floor(now.getTime() / 1000) + 24 * 60 * 60,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

export const eventOutbox = { event: eventWrite, redelivery: redeliveryWrite } satisfies EventOutbox;
