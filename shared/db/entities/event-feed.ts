import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { config } from '../../config/env.ts';
import { ServiceUnavailableError } from '../../domain/errors.ts';
import type { FeedEntry } from '../../domain/event-feed/model.ts';
import type { EventFeedReader, EventFeedWriter, FeedRead } from '../../domain/event-feed/ports.ts';
import type { DomainEvent } from '../../domain/events.ts';
import { ddb } from '../client.ts';
import { decodeCursor, encodeCursor } from '../paging.ts';
import { type TransactItem, transact } from '../transaction.ts';
import { eventEntity, eventPartitionPrefix, fromEventItem } from './event.ts';

/*
 * The events feed (docs/events.md), one partition per account:
 *   FEED#<account> / COUNTER             the last position given out
 *   FEED#<account> / 000000000042        the entry at position 42: the event as its webhook carries it
 *   FEED#<account> / EVENT#<event id>    which position the event got (an append is idempotent)
 * Entries sort by position (12 digits); the counter and the markers sort after every entry.
 */
export const feedPartitionPrefix = 'FEED#';
const feedPartition = (accountId: string) => `${feedPartitionPrefix}${accountId}`;
const counterSort = 'COUNTER';
const positionDigits = 12;
const entrySort = (position: number) => String(position).padStart(positionDigits, '0');
const lastEntrySort = '9'.repeat(positionDigits);
const markerSort = (eventId: string) => `EVENT#${eventId}`;

export const feedEntryEntity = 'FeedEntry';
const feedMarkerEntity = 'FeedMarker';

/** Entries live as long as their outbox event: 30 days from the event (DynamoDB deletes some days late). */
const retentionSeconds = 30 * 24 * 60 * 60;
const ttlOf = (event: DomainEvent) => Math.floor(Date.parse(event.timestamp) / 1000) + retentionSeconds;

/**
 * The feed writer's stream filter (Lambda event filtering): inserted outbox events. Redelivery copies
 * (`REDELIVERY#`) are entity `Event` too but no new event, so they stay out.
 */
export const feedStreamFilterPattern = {
  eventName: ['INSERT'],
  dynamodb: {
    Keys: { pk: { S: [{ prefix: eventPartitionPrefix }] } },
    NewImage: { entity: { S: [eventEntity] } },
  },
} as const;

/** The event a stream record inserts into the outbox, undefined for any other record. */
export function feedEventOf(record: DynamoDBRecord): DomainEvent | undefined {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || !image) return undefined;
  // Told apart by the raw keys: only an outbox event is read whole.
  const isEvent = image.entity?.S === eventEntity && image.pk?.S?.startsWith(eventPartitionPrefix) === true;
  return isEvent ? fromEventItem(unmarshall(image as Record<string, AttributeValue>)) : undefined;
}

/** The events the records of a stream batch carry, in order; anything else is passed over. */
export function feedEventsOf(records: readonly DynamoDBRecord[]): DomainEvent[] {
  return records.flatMap((record) => {
    const event = feedEventOf(record);
    return event ? [event] : [];
  });
}

function entryOf(item: Record<string, unknown>): FeedEntry {
  return {
    position: Number(item.position),
    appendedAt: new Date(String(item.appended_at)),
    event: {
      id: String(item.event_id),
      accountId: String(item.account_id),
      type: item.event as DomainEvent['type'],
      timestamp: String(item.timestamp),
      orderingKey: String(item.ordering_key),
      data: item.data as Record<string, unknown>,
    },
  };
}

function appendItems(
  accountId: string,
  current: number,
  events: readonly DomainEvent[],
  now: Date,
): TransactItem[] {
  const TableName = config().mainTableName;
  const pk = feedPartition(accountId);
  const appendedAt = now.toISOString();
  const counter: TransactItem = {
    Update: {
      TableName,
      Key: { pk, sk: counterSort },
      UpdateExpression: 'SET #position = :next, updated_at = :now',
      // The counter has not moved since it was read: positions stay dense and each is given once.
      ConditionExpression: current === 0 ? 'attribute_not_exists(pk)' : '#position = :current',
      ExpressionAttributeNames: { '#position': 'position' },
      ExpressionAttributeValues: {
        ':next': current + events.length,
        ':now': appendedAt,
        ...(current === 0 ? {} : { ':current': current }),
      },
    },
  };
  return [
    counter,
    ...events.flatMap((event, index): TransactItem[] => {
      const position = current + index + 1;
      return [
        {
          Put: {
            TableName,
            Item: { pk, sk: markerSort(event.id), entity: feedMarkerEntity, position, ttl: ttlOf(event) },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName,
            Item: {
              pk,
              sk: entrySort(position),
              entity: feedEntryEntity,
              position,
              event_id: event.id,
              account_id: event.accountId,
              event: event.type,
              timestamp: event.timestamp,
              ordering_key: event.orderingKey,
              data: event.data,
              appended_at: appendedAt,
              ttl: ttlOf(event),
            },
          },
        },
      ];
    }),
  ];
}

/** Rounds of read-counter-then-commit before giving up (the stream retries the batch). */
const maxAppendRounds = 20;

async function counterOf(accountId: string): Promise<number> {
  const result = await ddb().send(
    new GetCommand({
      TableName: config().mainTableName,
      Key: { pk: feedPartition(accountId), sk: counterSort },
      ConsistentRead: true,
    }),
  );
  return Number(result.Item?.position ?? 0);
}

export const eventFeedWriter = {
  async append(accountId, events, now) {
    let pending = [...events];
    for (let round = 0; round < maxAppendRounds && pending.length > 0; round++) {
      const current = await counterOf(accountId);
      const outcome = await transact(appendItems(accountId, current, pending, now));
      if (outcome.committed) return { appended: pending.length };
      if (outcome.reason === 'condition' && outcome.index > 0) {
        // A marker exists: that event already has its position (a duplicate record). Leave it out.
        const duplicate = pending[Math.floor((outcome.index - 1) / 2)];
        pending = pending.filter((event) => event !== duplicate);
      }
      // Otherwise another writer (another shard's batch of this account) moved the counter: read again.
    }
    if (pending.length === 0) return { appended: 0 };
    throw new ServiceUnavailableError('The events feed counter kept moving; the batch is retried.');
  },
} satisfies EventFeedWriter;

interface FeedPosition extends Record<string, unknown> {
  a: string;
  p: number;
}

const isPositionOf =
  (accountId: string) =>
  (position: Record<string, unknown>): position is FeedPosition =>
    Object.keys(position).length === 2 &&
    position.a === accountId &&
    Number.isSafeInteger(position.p) &&
    Number(position.p) >= 0;

export const eventFeedReader = {
  async read(accountId, cursor, maxEntries): Promise<FeedRead> {
    const after = cursor === undefined ? 0 : decodeCursor(cursor, isPositionOf(accountId)).p;
    const result = await ddb().send(
      new QueryCommand({
        TableName: config().mainTableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': feedPartition(accountId),
          ':from': entrySort(after + 1),
          ':to': lastEntrySort,
        },
        ConsistentRead: true,
        Limit: maxEntries,
      }),
    );
    return {
      after,
      entries: (result.Items ?? []).map(entryOf),
      more: result.LastEvaluatedKey !== undefined,
    };
  },
  cursorAt: (accountId, position) => encodeCursor({ a: accountId, p: position }),
} satisfies EventFeedReader;
