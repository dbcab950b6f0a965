import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { config } from '../../config/env.ts';
import type { LockoutState, LockoutStore, LockRequest } from '../../domain/quotas/ports.ts';
import { ddb } from '../client.ts';

/**
 * Token endpoint lockout of one client_id: pk `LOCKOUT#<client_id>`, sk `LOCKOUT`, in the main table,
 * removed by its TTL (`ttl`, epoch seconds) a while after the last failure. DynamoDB deletes expired
 * items late (hours, on DynamoDB Local maybe never), so every read and write treats an item whose `ttl`
 * has passed as absent. `locked_until_ms` exists only once the client was locked in the series.
 */
export const clientLockoutPartitionPrefix = 'LOCKOUT#';
export const clientLockoutKeys = (clientId: string) => ({
  pk: `${clientLockoutPartitionPrefix}${clientId}`,
  sk: 'LOCKOUT',
});

export interface ClientLockoutItem {
  pk: string;
  sk: string;
  entity: 'ClientLockout';
  client_id: string;
  failures: number;
  lockouts: number;
  locked_until_ms?: number;
  ttl: number;
}

export function clientLockoutToItem(state: LockoutState): ClientLockoutItem {
  return {
    ...clientLockoutKeys(state.clientId),
    entity: 'ClientLockout',
    client_id: state.clientId,
    failures: state.failures,
    lockouts: state.lockouts,
    ...(state.lockedUntilMs === null ? {} : { locked_until_ms: state.lockedUntilMs }),
    ttl: state.expiresAt,
  };
}

export function clientLockoutFromItem(item: Record<string, unknown>): LockoutState {
  const stored = item as unknown as ClientLockoutItem;
  return {
    clientId: stored.client_id,
    failures: Number(stored.failures ?? 0),
    lockouts: Number(stored.lockouts ?? 0),
    lockedUntilMs: stored.locked_until_ms === undefined ? null : Number(stored.locked_until_ms),
    expiresAt: Number(stored.ttl),
  };
}

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);
const isLive = (item: Record<string, unknown>, now: Date) => Number(item.ttl) > nowSeconds(now);

/** Not locked at `now`: no lockout yet in the series, or the last one is over. */
const notLocked = '(attribute_not_exists(locked_until_ms) OR locked_until_ms <= :nowMs)';

/** An expired item could be replaced concurrently by another request; a few rounds settle it. */
const maxRounds = 3;

export class DynamoLockoutStore implements LockoutStore {
  async find(clientId: string, now: Date): Promise<LockoutState | undefined> {
    const { Item } = await ddb().send(
      new GetCommand({
        TableName: config().mainTableName,
        Key: clientLockoutKeys(clientId),
        ConsistentRead: true,
      }),
    );
    return Item && isLive(Item, now) ? clientLockoutFromItem(Item) : undefined;
  }

  async addFailure(clientId: string, now: Date, expiresAt: number): Promise<LockoutState> {
    for (let round = 0; round < maxRounds; round++) {
      try {
        const { Attributes } = await ddb().send(
          new UpdateCommand({
            TableName: config().mainTableName,
            Key: clientLockoutKeys(clientId),
            UpdateExpression:
              'SET entity = :entity, client_id = :clientId, #ttl = :ttl, lockouts = if_not_exists(lockouts, :zero) ' +
              'ADD failures :one',
            ConditionExpression: `attribute_not_exists(pk) OR (#ttl > :nowSeconds AND ${notLocked})`,
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: {
              ':entity': 'ClientLockout',
              ':clientId': clientId,
              ':ttl': expiresAt,
              ':zero': 0,
              ':one': 1,
              ':nowSeconds': nowSeconds(now),
              ':nowMs': now.getTime(),
            },
            ReturnValues: 'ALL_NEW',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        if (!Attributes) throw new Error(`No attributes returned for the lockout of ${clientId}`);
        return clientLockoutFromItem(Attributes);
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        const old = error.Item ? unmarshall(error.Item) : undefined;
        // Live and locked: a failure during a lockout is not counted.
        if (old && isLive(old, now)) return clientLockoutFromItem(old);
        // Expired (TTL not applied yet): start a fresh series, unless someone else just did.
        if (await this.replaceExpired(clientId, now, expiresAt)) {
          return { clientId, failures: 1, lockouts: 0, lockedUntilMs: null, expiresAt };
        }
      }
    }
    throw new Error(`The lockout of ${clientId} kept changing under concurrent requests`);
  }

  async lock(clientId: string, request: LockRequest): Promise<boolean> {
    try {
      await ddb().send(
        new UpdateCommand({
          TableName: config().mainTableName,
          Key: clientLockoutKeys(clientId),
          UpdateExpression: 'SET failures = :zero, locked_until_ms = :until, #ttl = :ttl ADD lockouts :one',
          ConditionExpression: `failures >= :threshold AND #ttl > :nowSeconds AND ${notLocked}`,
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: {
            ':zero': 0,
            ':one': 1,
            ':until': request.lockedUntilMs,
            ':ttl': request.expiresAt,
            ':threshold': request.threshold,
            ':nowSeconds': nowSeconds(request.now),
            ':nowMs': request.now.getTime(),
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async clear(clientId: string): Promise<void> {
    await ddb().send(
      new DeleteCommand({ TableName: config().mainTableName, Key: clientLockoutKeys(clientId) }),
    );
  }

  private async replaceExpired(clientId: string, now: Date, expiresAt: number): Promise<boolean> {
    try {
      await ddb().send(
        new PutCommand({
          TableName: config().mainTableName,
          Item: clientLockoutToItem({ clientId, failures: 1, lockouts: 0, lockedUntilMs: null, expiresAt }),
          ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :nowSeconds',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':nowSeconds': nowSeconds(now) },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
