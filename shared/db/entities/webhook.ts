import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import { ConflictError } from '../../domain/errors.ts';
import { type Webhook, type WebhookStatus, webhookNotFound } from '../../domain/webhooks/model.ts';
import type { WebhookStore } from '../../domain/webhooks/ports.ts';
import type { WebhookKeyFormat, WebhookSigning } from '../../domain/webhooks/signature.ts';
import { ddb } from '../client.ts';
import type { DynamoWrite } from '../transaction.ts';
import { accountPartition } from './account.ts';

/**
 * Webhook subscription: pk `ACCOUNT#<account_id>`, sk `WEBHOOK`. Keyed by the account, the item is
 * its own per-account guard: a create is a Put with `attribute_not_exists(pk)`, so two concurrent
 * creates can never both commit (at most one subscription per account). The dispatcher finds the
 * subscription of an event's account with one GetItem; an id from another account never matches.
 */
/** A webhook's own partition (its id): its deliveries and its recovery, and the index of its deliveries. */
export const webhookPartitionPrefix = 'WEBHOOK#';
export const webhookPartition = (webhookId: string) => `${webhookPartitionPrefix}${webhookId}`;
export const webhookKeys = (accountId: string) => ({ pk: accountPartition(accountId), sk: 'WEBHOOK' });

export interface WebhookItem {
  pk: string;
  sk: string;
  entity: 'Webhook';
  webhook_id: string;
  account_id: string;
  url: string;
  status: WebhookStatus;
  disabled_reason: string | null;
  /** Absent on items written before asymmetric signing: HMAC. */
  signing?: WebhookSigning;
  secret_sealed: string;
  /** Absent on items written before key formats: every secret then was the partner's, `utf8`. */
  key_format?: WebhookKeyFormat;
  /** ed25519 only. */
  public_key?: string | null;
  previous_secret_sealed: string | null;
  /** The previous secret's format; absent like `key_format` on older items. */
  previous_key_format?: WebhookKeyFormat | null;
  previous_secret_valid_until: string | null;
  created_at: string;
  updated_at: string;
}

export function webhookToItem(webhook: Webhook): WebhookItem {
  return {
    ...webhookKeys(webhook.accountId),
    entity: 'Webhook',
    webhook_id: webhook.webhookId,
    account_id: webhook.accountId,
    url: webhook.url,
    status: webhook.status,
    disabled_reason: webhook.disabledReason,
    signing: webhook.signing,
    secret_sealed: webhook.sealedSecret,
    key_format: webhook.keyFormat,
    public_key: webhook.publicKey,
    previous_secret_sealed: webhook.sealedPreviousSecret,
    previous_key_format: webhook.previousKeyFormat,
    previous_secret_valid_until: webhook.previousSecretValidUntil,
    created_at: webhook.createdAt,
    updated_at: webhook.updatedAt,
  };
}

export function webhookFromItem(item: Record<string, unknown>): Webhook {
  const stored = item as unknown as WebhookItem;
  return {
    webhookId: stored.webhook_id,
    accountId: stored.account_id,
    url: stored.url,
    status: stored.status,
    disabledReason: stored.disabled_reason ?? null,
    signing: stored.signing ?? 'hmac-sha256',
    sealedSecret: stored.secret_sealed,
    keyFormat: stored.key_format ?? 'utf8',
    publicKey: stored.public_key ?? null,
    sealedPreviousSecret: stored.previous_secret_sealed ?? null,
    previousKeyFormat: stored.previous_secret_sealed ? (stored.previous_key_format ?? 'utf8') : null,
    previousSecretValidUntil: stored.previous_secret_valid_until ?? null,
    createdAt: stored.created_at,
    updatedAt: stored.updated_at,
  };
}

/** A write on "this" subscription failed its condition: gone (404) or in another state (409). */
function explainFailure(webhookId: string, expected?: WebhookStatus) {
  return (oldItem: Record<string, unknown> | undefined): Error => {
    if (!oldItem || oldItem.webhook_id !== webhookId) return webhookNotFound(webhookId);
    if (expected && oldItem.status !== expected) {
      return new ConflictError('WebhookInvalidState', `The subscription is ${String(oldItem.status)}.`);
    }
    return new Error(`Webhook ${webhookId} write failed its condition`);
  };
}

/** Strongly consistent: a disable, delete or rotation applies to the very next delivery attempt. */
export async function findWebhookOfAccount(accountId: string): Promise<Webhook | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: config().mainTableName, Key: webhookKeys(accountId), ConsistentRead: true }),
  );
  return Item ? webhookFromItem(Item) : undefined;
}

/** The dispatcher's one write on a subscription: a receiver answered 410 Gone. */
export async function disableGoneWebhook(webhook: Webhook, reason: string, at: string): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config().mainTableName,
        Key: webhookKeys(webhook.accountId),
        UpdateExpression: 'SET #status = :disabled, disabled_reason = :reason, updated_at = :now',
        ConditionExpression: 'webhook_id = :id AND #status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':disabled': 'Disabled',
          ':reason': reason,
          ':now': at,
          ':id': webhook.webhookId,
          ':active': 'Active',
        },
      }),
    );
  } catch (error) {
    // Already disabled or deleted by the partner meanwhile: nothing left to do.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

export const webhookStore = {
  findOfAccount: findWebhookOfAccount,

  /** Keyed by the account, the item is its own guard: a second subscription cannot commit. */
  create(webhook): DynamoWrite {
    return {
      description: `create webhook ${webhook.webhookId}`,
      item: {
        Put: {
          TableName: config().mainTableName,
          Item: webhookToItem(webhook),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      onConditionFailed: () =>
        new ConflictError(
          'WebhookAlreadyExists',
          'The account already has a webhook subscription; change its URL or delete it first.',
        ),
    };
  },

  /**
   * Conditional on the same id and, when given, the `expected` state, so concurrent changes cannot
   * resurrect a deleted subscription or flip a state twice.
   */
  update({ accountId, webhookId }, changes, expected): DynamoWrite {
    // The item's attribute names are the snake_case of the change's: updatedAt is updated_at.
    const entries = Object.entries(changes).map(
      ([name, value]) => [name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), value] as const,
    );
    return {
      description: `update webhook ${webhookId}`,
      item: {
        Update: {
          TableName: config().mainTableName,
          Key: webhookKeys(accountId),
          UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
          ConditionExpression: `webhook_id = :id${expected ? ' AND #status = :expected' : ''}`,
          ExpressionAttributeNames: {
            ...Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
            ...(expected ? { '#status': 'status' } : {}),
          },
          ExpressionAttributeValues: {
            ...Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value])),
            ':id': webhookId,
            ...(expected ? { ':expected': expected } : {}),
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: explainFailure(webhookId, expected),
    };
  },

  /**
   * `SET a = b` reads the stored value: the secret current at commit becomes the previous one, with
   * its format (`utf8` when an older item has none).
   */
  rotateSecret({ accountId, webhookId }, next, previousValidUntil, at): DynamoWrite {
    return {
      description: `rotate the secret of webhook ${webhookId}`,
      item: {
        Update: {
          TableName: config().mainTableName,
          Key: webhookKeys(accountId),
          UpdateExpression:
            'SET previous_secret_sealed = secret_sealed, secret_sealed = :secret, public_key = :publicKey, ' +
            'previous_key_format = if_not_exists(key_format, :utf8), key_format = :keyFormat, ' +
            'previous_secret_valid_until = :until, updated_at = :now',
          ConditionExpression: 'webhook_id = :id',
          ExpressionAttributeValues: {
            ':secret': next.sealedSecret,
            ':publicKey': next.publicKey,
            ':keyFormat': next.keyFormat,
            ':utf8': 'utf8',
            ':until': previousValidUntil,
            ':now': at,
            ':id': webhookId,
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: explainFailure(webhookId),
    };
  },

  delete({ accountId, webhookId }): DynamoWrite {
    return {
      description: `delete webhook ${webhookId}`,
      item: {
        Delete: {
          TableName: config().mainTableName,
          Key: webhookKeys(accountId),
          ConditionExpression: 'webhook_id = :id',
          ExpressionAttributeValues: { ':id': webhookId },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: explainFailure(webhookId),
    };
  },

  requireActive({ accountId, webhookId }): DynamoWrite {
    return {
      description: `webhook ${webhookId} is active`,
      item: {
        ConditionCheck: {
          TableName: config().mainTableName,
          Key: webhookKeys(accountId),
          ConditionExpression: 'webhook_id = :id AND #status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':id': webhookId, ':active': 'Active' },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: explainFailure(webhookId, 'Active'),
    };
  },
} satisfies WebhookStore;
