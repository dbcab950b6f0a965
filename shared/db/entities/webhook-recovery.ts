import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import type { RecoveryJob, RecoveryStatus, WebhookRecovery } from '../../domain/webhooks/model.ts';
import type { RecoveryStore } from '../../domain/webhooks/ports.ts';
import { recoveryInProgress } from '../../domain/webhooks/recovery.ts';
import { ddb } from '../client.ts';
import type { DynamoWrite } from '../transaction.ts';
import { webhookPartition } from './webhook.ts';

/**
 * The latest recovery of a subscription: pk `WEBHOOK#<webhook_id>`, sk `RECOVERY`, one item per
 * subscription, so starting one is a Put on the condition that none is running (two racing starts:
 * one commits). Its job is a separate outbox item, pk `RECOVERY#<recovery_id>`, sk `JOB`, of entity
 * `WebhookRecoveryJob`, which the webhook pipe carries to the dispatcher in the subscription's own
 * message group (shared/db/entities/webhook-message.ts). Both are kept a week past the lease.
 */
export const recoveryKeys = (webhookId: string) => ({ pk: webhookPartition(webhookId), sk: 'RECOVERY' });
export const recoveryJobPartitionPrefix = 'RECOVERY#';
export const recoveryJobKeys = (recoveryId: string) => ({
  pk: `${recoveryJobPartitionPrefix}${recoveryId}`,
  sk: 'JOB',
});
export const recoveryJobEntity = 'WebhookRecoveryJob';
/** The message group of a subscription's recovery jobs: one runs after the other. */
export const recoveryOrderingKey = (webhookId: string) => `RECOVERY#${webhookId}`;

const keptAfterLeaseSeconds = 7 * 24 * 60 * 60;

interface RecoveryItem {
  pk: string;
  sk: string;
  entity: 'WebhookRecovery';
  recovery_id: string;
  webhook_id: string;
  account_id: string;
  status: RecoveryStatus;
  since: string;
  until: string;
  event_ids: string[];
  truncated: boolean;
  started_at: string;
  lease_until: string;
  completed_at: string | null;
  ttl: number;
}

export function recoveryFromItem(item: Record<string, unknown>): WebhookRecovery {
  const stored = item as unknown as RecoveryItem;
  return {
    recoveryId: stored.recovery_id,
    webhookId: stored.webhook_id,
    accountId: stored.account_id,
    status: stored.status,
    since: stored.since,
    until: stored.until,
    eventIds: stored.event_ids ?? [],
    truncated: stored.truncated,
    startedAt: stored.started_at,
    leaseUntil: stored.lease_until,
    completedAt: stored.completed_at ?? null,
  };
}

const ttlOf = (recovery: WebhookRecovery) =>
  Math.floor(Date.parse(recovery.leaseUntil) / 1000) + keptAfterLeaseSeconds;

function recoveryPut(recovery: WebhookRecovery): DynamoWrite {
  const item: RecoveryItem = {
    ...recoveryKeys(recovery.webhookId),
    entity: 'WebhookRecovery',
    recovery_id: recovery.recoveryId,
    webhook_id: recovery.webhookId,
    account_id: recovery.accountId,
    status: recovery.status,
    since: recovery.since,
    until: recovery.until,
    event_ids: recovery.eventIds,
    truncated: recovery.truncated,
    started_at: recovery.startedAt,
    lease_until: recovery.leaseUntil,
    completed_at: recovery.completedAt,
    ttl: ttlOf(recovery),
  };
  return {
    description: `start recovery ${recovery.recoveryId} of webhook ${recovery.webhookId}`,
    item: {
      Put: {
        TableName: config().mainTableName,
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk) OR #status <> :running OR lease_until < :now',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'Running', ':now': recovery.startedAt },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed: (oldItem) =>
      recoveryInProgress(
        oldItem ? recoveryFromItem(oldItem) : { recoveryId: 'unknown', startedAt: 'unknown' },
      ),
  };
}

/** The outbox item the pipe turns into the job message: what the dispatcher runs. */
function jobPut(recovery: WebhookRecovery): DynamoWrite {
  return {
    description: `job of recovery ${recovery.recoveryId}`,
    item: {
      Put: {
        TableName: config().mainTableName,
        Item: {
          ...recoveryJobKeys(recovery.recoveryId),
          entity: recoveryJobEntity,
          recovery_id: recovery.recoveryId,
          webhook_id: recovery.webhookId,
          account_id: recovery.accountId,
          ordering_key: recoveryOrderingKey(recovery.webhookId),
          event_ids: recovery.eventIds,
          ttl: ttlOf(recovery),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

export const recoveryStore = {
  async latest(webhookId) {
    const { Item } = await ddb().send(
      new GetCommand({
        TableName: config().mainTableName,
        Key: recoveryKeys(webhookId),
        ConsistentRead: true,
      }),
    );
    return Item ? recoveryFromItem(Item) : undefined;
  },

  start(recovery) {
    return recovery.eventIds.length === 0
      ? [recoveryPut(recovery)]
      : [recoveryPut(recovery), jobPut(recovery)];
  },
} satisfies RecoveryStore;

/** The dispatcher marks the recovery done; a newer recovery of the subscription is left alone. */
export async function completeRecovery(job: RecoveryJob, at: string): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config().mainTableName,
        Key: recoveryKeys(job.webhookId),
        UpdateExpression: 'SET #status = :completed, completed_at = :at',
        ConditionExpression: 'recovery_id = :id',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':completed': 'Completed', ':at': at, ':id': job.recoveryId },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
