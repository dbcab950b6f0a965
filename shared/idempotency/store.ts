import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { config } from '../config/env.ts';
import { open, seal } from '../crypto/sealed-box.ts';
import { ddb } from '../db/client.ts';
import {
  conditionError,
  contentionError,
  type DynamoWrite,
  type TransactItem,
  transact,
} from '../db/transaction.ts';
import { ConflictError } from '../domain/errors.ts';
import { dataKey } from '../secrets/data-keys.ts';

export const idempotencyLifetimeSeconds = 72 * 60 * 60;

export interface StoredResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

export interface IdempotencyContext {
  /** The tenant the key belongs to: an account id, or `employee:<id>`. */
  tenant: string;
  operationId: string;
  key: string;
  fingerprint: string;
}

interface IdempotencyItem {
  pk: string;
  fingerprint: string;
  /** The response, sealed: it can hold a secret shown once (a new application's client_secret). */
  response_sealed: string;
  created_at: string;
  expires_at: number;
}

export type IdempotentOutcome =
  | { kind: 'created'; response: StoredResponse }
  | { kind: 'reused'; response: StoredResponse };

const recordKey = (context: IdempotencyContext) =>
  `${context.tenant}#${context.operationId}#${encodeURIComponent(context.key)}`;

const responseKey = () => dataKey('idempotencyEncryptionKey', 'idempotency-response-v1');

async function recordPut(
  context: IdempotencyContext,
  response: StoredResponse,
  now: Date,
): Promise<TransactItem> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const pk = recordKey(context);
  const item: IdempotencyItem = {
    pk,
    fingerprint: context.fingerprint,
    response_sealed: seal(JSON.stringify(response), await responseKey(), pk),
    created_at: now.toISOString(),
    expires_at: nowSeconds + idempotencyLifetimeSeconds,
  };
  return {
    Put: {
      TableName: config().idempotencyTableName,
      Item: item,
      // An expired record is a new operation (rule 6), even before DynamoDB's late TTL deletes it.
      ConditionExpression: 'attribute_not_exists(pk) OR expires_at < :now',
      ExpressionAttributeValues: { ':now': nowSeconds },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

async function replay(
  context: IdempotencyContext,
  existing: Record<string, unknown> | undefined,
): Promise<IdempotentOutcome> {
  const record = existing as IdempotencyItem | undefined;
  if (!record) throw new Error('Idempotency record vanished between the condition check and its read');
  if (record.fingerprint !== context.fingerprint) {
    throw new ConflictError(
      'IdempotencyConflict',
      'This Idempotency-Key was already used with a different request body; the operation was not executed.',
      { details: { idempotency_key: context.key } },
    );
  }
  const response = JSON.parse(open(record.response_sealed, await responseKey(), record.pk)) as StoredResponse;
  return { kind: 'reused', response };
}

/**
 * Commits the operation's writes and its response under the key in one transaction. When the key was
 * used before, nothing is written: the first response is replayed, or a different body is a conflict.
 * A failed business condition becomes the operation's own 4xx, which is stored under the key too.
 */
export async function commitIdempotent(
  context: IdempotencyContext,
  writes: readonly DynamoWrite[],
  response: StoredResponse,
  now: Date,
): Promise<IdempotentOutcome> {
  const outcome = await transact([
    await recordPut(context, response, now),
    ...writes.map((write) => write.item),
  ]);
  if (outcome.committed) return { kind: 'created', response };
  if (outcome.reason === 'contention') {
    if (outcome.index > 0) throw contentionError();
    // The twin request holding this key is still committing: the contract's "in flight" (docs/contract.md, Idempotency).
    throw new ConflictError(
      'IdempotencyConflict',
      'A request with this Idempotency-Key is still in flight.',
      {
        retryAfter: 1,
        details: { idempotency_key: context.key },
      },
    );
  }
  if (outcome.index === 0) return replay(context, outcome.oldItem);
  throw conditionError(writes[outcome.index - 1], outcome.oldItem);
}

/** Stores a response decided without business writes (an operation's own 4xx), or replays the winner's. */
export async function storeIdempotent(
  context: IdempotencyContext,
  response: StoredResponse,
  now: Date,
): Promise<IdempotentOutcome> {
  const put = (await recordPut(context, response, now)).Put;
  if (!put) throw new Error('unreachable');
  try {
    await ddb().send(new PutCommand(put));
    return { kind: 'created', response };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      return replay(context, error.Item ? unmarshall(error.Item) : undefined);
    }
    throw error;
  }
}

/**
 * What a used key already answers (docs/architecture.md, Idempotency): read when the operation failed,
 * and before an operation that commits its own writes (RouteDefinition.commitsOwnWrites). The same
 * body replays the stored response, another body is 409 IdempotencyConflict, and no record (or an
 * expired one) is undefined. Strongly consistent, so a twin's commit is seen.
 */
export async function findIdempotent(
  context: IdempotencyContext,
  now: Date,
): Promise<IdempotentOutcome | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: config().idempotencyTableName,
      Key: { pk: recordKey(context) },
      ConsistentRead: true,
    }),
  );
  // An expired record is a new operation, as in recordPut's condition.
  if (!Item || Number(Item.expires_at) < Math.floor(now.getTime() / 1000)) return undefined;
  return replay(context, Item);
}
