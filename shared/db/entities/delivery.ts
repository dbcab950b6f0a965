import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { config } from '../../config/env.ts';
import type { DomainEvent, EventType } from '../../domain/events.ts';
import {
  type AttemptCounts,
  attemptOutcome,
  countAttempts,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryStatus,
  keptAttempts,
} from '../../domain/webhooks/model.ts';
import type { DeliveryProgress, DeliveryStore, DispatchStore } from '../../domain/webhooks/ports.ts';
import { ddb } from '../client.ts';
import { queryGsi1Page } from '../paging.ts';
import type { DynamoWrite } from '../transaction.ts';
import { disableGoneWebhook, findWebhookOfAccount, webhookPartition } from './webhook.ts';
import { completeRecovery } from './webhook-recovery.ts';

/**
 * Delivery of one event to one subscription: pk `WEBHOOK#<webhook_id>`, sk `DELIVERY#<event_id>`, so
 * the dispatcher claims it with one conditional write keyed by the event id (a duplicate stream record
 * finds it claimed). Listing newest first: gsi1pk `WEBHOOK#<webhook_id>`,
 * gsi1sk `DELIVERY#<event timestamp>#<event_id>`. Kept 30 days, like the events.
 */
const retentionSeconds = 30 * 24 * 60 * 60;
const listPrefix = 'DELIVERY#';

export const deliveryKeys = (webhookId: string, eventId: string) => ({
  pk: webhookPartition(webhookId),
  sk: `DELIVERY#${eventId}`,
});

interface AttemptItem {
  attempted_at: string;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

export interface DeliveryItem {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  entity: 'Delivery';
  webhook_id: string;
  account_id: string;
  event_id: string;
  event_type: EventType;
  event_timestamp: string;
  ordering_key: string;
  data: Record<string, unknown>;
  status: DeliveryStatus;
  status_reason: string | null;
  /** The latest attempts (at most `keptAttempts`), oldest first. */
  attempts: AttemptItem[];
  /** Counts of every attempt made; absent on deliveries recorded before they were kept. */
  attempts_total?: number;
  attempts_delivered?: number;
  attempts_rejected?: number;
  attempts_unreachable?: number;
  next_attempt_at: string | null;
  claim: string;
  run_attempts: number;
  created_at: string;
  updated_at: string;
  ttl: number;
}

const attemptToItem = (attempt: DeliveryAttempt): AttemptItem => ({
  attempted_at: attempt.attemptedAt,
  status_code: attempt.statusCode,
  latency_ms: attempt.latencyMs,
  error: attempt.error,
});

/** Deliveries recorded before counts were kept are counted from their list (then complete). */
function countsOf(stored: DeliveryItem, attempts: readonly DeliveryAttempt[]): AttemptCounts {
  if (stored.attempts_total === undefined) return countAttempts(attempts);
  return {
    total: stored.attempts_total,
    delivered: stored.attempts_delivered ?? 0,
    rejected: stored.attempts_rejected ?? 0,
    unreachable: stored.attempts_unreachable ?? 0,
  };
}

const attemptFromItem = (attempt: AttemptItem): DeliveryAttempt => ({
  attemptedAt: attempt.attempted_at,
  statusCode: attempt.status_code ?? null,
  latencyMs: attempt.latency_ms,
  error: attempt.error ?? null,
});

export function deliveryFromItem(item: Record<string, unknown>): Delivery {
  const stored = item as unknown as DeliveryItem;
  const attempts = (stored.attempts ?? []).map(attemptFromItem);
  return {
    webhookId: stored.webhook_id,
    event: {
      id: stored.event_id,
      accountId: stored.account_id,
      type: stored.event_type,
      timestamp: stored.event_timestamp,
      orderingKey: stored.ordering_key,
      data: stored.data,
    },
    status: stored.status,
    statusReason: stored.status_reason ?? null,
    attempts,
    attemptCounts: countsOf(stored, attempts),
    nextAttemptAt: stored.next_attempt_at ?? null,
    claim: stored.claim,
    runAttempts: stored.run_attempts ?? 0,
    createdAt: stored.created_at,
    updatedAt: stored.updated_at,
  };
}

function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException;
}

/** Created on first sight, or continued when the claim is already this one (a retry of the message). */
export async function claimDelivery(
  webhookId: string,
  event: DomainEvent,
  claim: string,
  at: string,
): Promise<Delivery | undefined> {
  try {
    const { Attributes } = await ddb().send(
      new UpdateCommand({
        TableName: config().mainTableName,
        Key: deliveryKeys(webhookId, event.id),
        UpdateExpression:
          'SET gsi1pk = if_not_exists(gsi1pk, :gsi1pk), gsi1sk = if_not_exists(gsi1sk, :gsi1sk), ' +
          'entity = :entity, webhook_id = :webhook, account_id = :account, event_id = :event, ' +
          'event_type = :type, event_timestamp = :timestamp, ordering_key = :orderingKey, #data = :data, ' +
          '#status = if_not_exists(#status, :pending), status_reason = if_not_exists(status_reason, :null), ' +
          'attempts = if_not_exists(attempts, :none), next_attempt_at = if_not_exists(next_attempt_at, :null), ' +
          'claim = :claim, run_attempts = if_not_exists(run_attempts, :zero), ' +
          'created_at = if_not_exists(created_at, :now), updated_at = :now, #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(pk) OR claim = :claim',
        ExpressionAttributeNames: { '#data': 'data', '#status': 'status', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':gsi1pk': webhookPartition(webhookId),
          ':gsi1sk': `${listPrefix}${event.timestamp}#${event.id}`,
          ':entity': 'Delivery',
          ':webhook': webhookId,
          ':account': event.accountId,
          ':event': event.id,
          ':type': event.type,
          ':timestamp': event.timestamp,
          ':orderingKey': event.orderingKey,
          ':data': event.data,
          ':pending': 'Pending',
          ':null': null,
          ':none': [],
          ':claim': claim,
          ':zero': 0,
          ':now': at,
          ':ttl': Math.floor(Date.parse(event.timestamp) / 1000) + retentionSeconds,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? deliveryFromItem(Attributes) : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Counter attributes of one attempt's outcome, for an ADD. */
const counterOf = {
  delivered: 'attempts_delivered',
  rejected: 'attempts_rejected',
  unreachable: 'attempts_unreachable',
} as const;

/**
 * The attempt list after one more: appended while short, otherwise replaced by the latest
 * `keptAttempts` (DynamoDB cannot append and trim one list in one update). The replacement starts from
 * the delivery as the caller read it, so an attempt a superseded message appended in between can drop
 * out of the list; the counts, added atomically, never miss one.
 */
function attemptUpdate(delivery: Delivery, attempt: DeliveryAttempt) {
  const item = attemptToItem(attempt);
  const outcome = attemptOutcome(attempt);
  const counters = {
    expression: `ADD attempts_total :one, ${counterOf[outcome]} :one`,
    values: { ':one': 1 },
  };
  if (delivery.attempts.length + 1 <= keptAttempts) {
    return { set: 'attempts = list_append(attempts, :attempts)', counters, values: { ':attempts': [item] } };
  }
  const kept = [...delivery.attempts.slice(-(keptAttempts - 1)).map(attemptToItem), item];
  return { set: 'attempts = :attempts', counters, values: { ':attempts': kept } };
}

/** A message superseded by a redelivery still adds its attempt, but cannot overwrite the new run. */
export async function recordDeliveryProgress(
  delivery: Delivery,
  progress: DeliveryProgress,
  attempt: DeliveryAttempt | undefined,
  at: string,
): Promise<void> {
  const key = deliveryKeys(delivery.webhookId, delivery.event.id);
  const update = attempt ? attemptUpdate(delivery, attempt) : undefined;
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config().mainTableName,
        Key: key,
        UpdateExpression:
          'SET #status = :status, status_reason = :reason, next_attempt_at = :next, run_attempts = :run, ' +
          `updated_at = :now${update ? `, ${update.set} ${update.counters.expression}` : ''}`,
        ConditionExpression: 'claim = :claim',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': progress.status,
          ':reason': progress.statusReason,
          ':next': progress.nextAttemptAt,
          ':run': progress.runAttempts,
          ':now': at,
          ':claim': delivery.claim,
          ...update?.values,
          ...update?.counters.values,
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (!update) return;
    await ddb().send(
      new UpdateCommand({
        TableName: config().mainTableName,
        Key: key,
        UpdateExpression: `SET ${update.set} ${update.counters.expression}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ...update.values, ...update.counters.values },
      }),
    );
  }
}

/**
 * Pages of the subscription's deliveries one recovery may read: a busy subscription holds many
 * Succeeded deliveries between the unsent ones, and the request must answer in time.
 */
const maxRecoveryPages = 25;

/** Skipped or Failed deliveries by event time (gsi1, ascending), for a recovery. */
export async function unsentBetween(
  webhookId: string,
  since: string,
  until: string,
  limit: number,
): Promise<{ deliveries: Delivery[]; coveredUntil: string; complete: boolean }> {
  const deliveries: Delivery[] = [];
  let start: Record<string, unknown> | undefined;
  let coveredUntil = since;
  for (let page = 0; page < maxRecoveryPages; page++) {
    const result = await ddb().send(
      new QueryCommand({
        TableName: config().mainTableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
        FilterExpression: '#status IN (:skipped, :failed)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pk': webhookPartition(webhookId),
          ':from': `${listPrefix}${since}`,
          ':to': `${listPrefix}${until}#~`,
          ':skipped': 'Skipped',
          ':failed': 'Failed',
        },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of result.Items ?? []) {
      deliveries.push(deliveryFromItem(item));
      if (deliveries.length >= limit) {
        return { deliveries, coveredUntil: String(item.event_timestamp), complete: false };
      }
    }
    start = result.LastEvaluatedKey;
    if (!start) return { deliveries, coveredUntil: until, complete: true };
    // The last key read: every delivery up to its event time was looked at.
    coveredUntil = String(start.gsi1sk).slice(listPrefix.length).split('#')[0] ?? coveredUntil;
  }
  return { deliveries, coveredUntil, complete: false };
}

/**
 * A recovery takes a delivery that is Skipped or Failed under another claim (a fresh run: Pending, no
 * attempts in this run), or finds it already its own (a later receive of the same job).
 */
export async function claimForRecovery(
  webhookId: string,
  eventId: string,
  claim: string,
  at: string,
): Promise<Delivery | undefined> {
  try {
    const { Attributes } = await ddb().send(
      new UpdateCommand({
        TableName: config().mainTableName,
        Key: deliveryKeys(webhookId, eventId),
        UpdateExpression:
          'SET claim = :claim, #status = :pending, status_reason = :null, next_attempt_at = :null, ' +
          'run_attempts = :zero, updated_at = :now',
        ConditionExpression: 'attribute_exists(pk) AND claim <> :claim AND #status IN (:skipped, :failed)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':claim': claim,
          ':pending': 'Pending',
          ':null': null,
          ':zero': 0,
          ':now': at,
          ':skipped': 'Skipped',
          ':failed': 'Failed',
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return Attributes ? deliveryFromItem(Attributes) : undefined;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const found = error.Item ? deliveryFromItem(unmarshall(error.Item)) : undefined;
    return found?.claim === claim ? found : undefined;
  }
}

export const deliveryStore = {
  async find(webhookId, deliveryId) {
    const { Item } = await ddb().send(
      new GetCommand({
        TableName: config().mainTableName,
        Key: deliveryKeys(webhookId, deliveryId),
        ConsistentRead: true,
      }),
    );
    return Item ? deliveryFromItem(Item) : undefined;
  },

  list(webhookId, page) {
    const list = { gsi1pk: webhookPartition(webhookId), skPrefix: listPrefix, newestFirst: true };
    return queryGsi1Page({ ...page, ...list }, deliveryFromItem);
  },

  unsentBetween,

  reclaim(delivery, claim, at): DynamoWrite {
    return {
      description: `redeliver ${delivery.event.id} to webhook ${delivery.webhookId}`,
      item: {
        Update: {
          TableName: config().mainTableName,
          Key: deliveryKeys(delivery.webhookId, delivery.event.id),
          UpdateExpression:
            'SET claim = :claim, #status = :pending, status_reason = :null, next_attempt_at = :null, ' +
            'run_attempts = :zero, updated_at = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':claim': claim,
            ':pending': 'Pending',
            ':null': null,
            ':zero': 0,
            ':now': at,
          },
        },
      },
    };
  },
} satisfies DeliveryStore;

export const dispatchStore = {
  findWebhookOfAccount,
  claimDelivery,
  recordDeliveryProgress,
  disableGoneWebhook,
  claimForRecovery,
  completeRecovery,
} satisfies DispatchStore;
