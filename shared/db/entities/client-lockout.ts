import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { config } from '../../config/env.ts';
import type {
  ClientFailureWindow,
  LockoutKey,
  LockoutRecords,
  LockoutState,
  LockoutStore,
  LockRequest,
} from '../../domain/quotas/ports.ts';
import { ddb } from '../client.ts';

/**
 * Token endpoint lockout, in the main table under pk `LOCKOUT#<client_id>`: one item per source
 * address (sk `SOURCE#<address>`, the series of that pair) and one per client (sk `ALL_SOURCES`, the
 * failures of the current window, for the ceiling). Both are removed by their TTL (`ttl`, epoch
 * seconds). DynamoDB deletes expired items late (hours, on DynamoDB Local maybe never), so every read
 * and write treats an item whose `ttl` has passed as absent. `locked_until_ms` exists only once the
 * pair was locked in the series.
 */
export const clientLockoutPartitionPrefix = 'LOCKOUT#';
export const clientLockoutKeys = ({ clientId, source }: LockoutKey) => ({
  pk: `${clientLockoutPartitionPrefix}${clientId}`,
  sk: `SOURCE#${source}`,
});
export const clientFailureWindowKeys = (clientId: string) => ({
  pk: `${clientLockoutPartitionPrefix}${clientId}`,
  sk: 'ALL_SOURCES',
});

export interface ClientLockoutItem {
  pk: string;
  sk: string;
  entity: 'ClientLockout';
  client_id: string;
  source: string;
  failures: number;
  lockouts: number;
  locked_until_ms?: number;
  ttl: number;
}

export interface ClientFailureWindowItem {
  pk: string;
  sk: string;
  entity: 'ClientFailureWindow';
  client_id: string;
  failures: number;
  ttl: number;
}

export function clientLockoutToItem(state: LockoutState): ClientLockoutItem {
  return {
    ...clientLockoutKeys(state),
    entity: 'ClientLockout',
    client_id: state.clientId,
    source: state.source,
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
    source: stored.source,
    failures: Number(stored.failures ?? 0),
    lockouts: Number(stored.lockouts ?? 0),
    lockedUntilMs: stored.locked_until_ms === undefined ? null : Number(stored.locked_until_ms),
    expiresAt: Number(stored.ttl),
  };
}

export function clientFailureWindowToItem(window: ClientFailureWindow): ClientFailureWindowItem {
  return {
    ...clientFailureWindowKeys(window.clientId),
    entity: 'ClientFailureWindow',
    client_id: window.clientId,
    failures: window.failures,
    ttl: window.endsAt,
  };
}

export function clientFailureWindowFromItem(item: Record<string, unknown>): ClientFailureWindow {
  const stored = item as unknown as ClientFailureWindowItem;
  return { clientId: stored.client_id, failures: Number(stored.failures ?? 0), endsAt: Number(stored.ttl) };
}

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);
const isLive = (item: Record<string, unknown>, now: Date) => Number(item.ttl) > nowSeconds(now);

/** Not locked at `now`: no lockout yet in the series, or the last one is over. */
const notLocked = '(attribute_not_exists(locked_until_ms) OR locked_until_ms <= :nowMs)';

/** An expired item could be replaced concurrently by another request; a few rounds settle it. */
const maxRounds = 3;

export class DynamoLockoutStore implements LockoutStore {
  async find(key: LockoutKey, now: Date): Promise<LockoutRecords> {
    const [pair, client] = await Promise.all([
      this.liveItem(clientLockoutKeys(key), now),
      this.liveItem(clientFailureWindowKeys(key.clientId), now),
    ]);
    return {
      pair: pair && clientLockoutFromItem(pair),
      client: client && clientFailureWindowFromItem(client),
    };
  }

  async addFailure(key: LockoutKey, now: Date, expiresAt: number): Promise<LockoutState> {
    const fresh: LockoutState = { ...key, failures: 1, lockouts: 0, lockedUntilMs: null, expiresAt };
    for (let round = 0; round < maxRounds; round++) {
      try {
        const { Attributes } = await ddb().send(
          new UpdateCommand({
            TableName: config().mainTableName,
            Key: clientLockoutKeys(key),
            UpdateExpression:
              'SET entity = :entity, client_id = :clientId, #source = :source, #ttl = :ttl, ' +
              'lockouts = if_not_exists(lockouts, :zero) ADD failures :one',
            ConditionExpression: `attribute_not_exists(pk) OR (#ttl > :nowSeconds AND ${notLocked})`,
            ExpressionAttributeNames: { '#ttl': 'ttl', '#source': 'source' },
            ExpressionAttributeValues: {
              ':entity': 'ClientLockout',
              ':clientId': key.clientId,
              ':source': key.source,
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
        if (!Attributes) throw new Error(`No attributes returned for the lockout of ${key.clientId}`);
        return clientLockoutFromItem(Attributes);
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        const old = error.Item ? unmarshall(error.Item) : undefined;
        // Live and locked: a failure during a lockout is not counted.
        if (old && isLive(old, now)) return clientLockoutFromItem(old);
        // Expired (TTL not applied yet): start a fresh series, unless someone else just did.
        if (await this.replaceExpired(clientLockoutToItem(fresh), now)) return fresh;
      }
    }
    throw new Error(`The lockout of ${key.clientId} kept changing under concurrent requests`);
  }

  async addClientFailure(clientId: string, now: Date, endsAt: number): Promise<ClientFailureWindow> {
    for (let round = 0; round < maxRounds; round++) {
      try {
        const { Attributes } = await ddb().send(
          new UpdateCommand({
            TableName: config().mainTableName,
            Key: clientFailureWindowKeys(clientId),
            UpdateExpression:
              'SET entity = :entity, client_id = :clientId, #ttl = if_not_exists(#ttl, :ttl) ADD failures :one',
            ConditionExpression: 'attribute_not_exists(pk) OR #ttl > :nowSeconds',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: {
              ':entity': 'ClientFailureWindow',
              ':clientId': clientId,
              ':ttl': endsAt,
              ':one': 1,
              ':nowSeconds': nowSeconds(now),
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        if (!Attributes) throw new Error(`No attributes returned for the failures of ${clientId}`);
        return clientFailureWindowFromItem(Attributes);
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        // The window is over (TTL not applied yet): start the next one, unless someone else just did.
        const fresh = { clientId, failures: 1, endsAt };
        if (await this.replaceExpired(clientFailureWindowToItem(fresh), now)) return fresh;
      }
    }
    throw new Error(`The failures of ${clientId} kept changing under concurrent requests`);
  }

  async lock(key: LockoutKey, request: LockRequest): Promise<boolean> {
    try {
      await ddb().send(
        new UpdateCommand({
          TableName: config().mainTableName,
          Key: clientLockoutKeys(key),
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

  async clear(key: LockoutKey): Promise<void> {
    await ddb().send(new DeleteCommand({ TableName: config().mainTableName, Key: clientLockoutKeys(key) }));
  }

  private async liveItem(
    key: { pk: string; sk: string },
    now: Date,
  ): Promise<Record<string, unknown> | undefined> {
    const { Item } = await ddb().send(
      new GetCommand({ TableName: config().mainTableName, Key: key, ConsistentRead: true }),
    );
    return Item && isLive(Item, now) ? Item : undefined;
  }

  private async replaceExpired(
    item: ClientLockoutItem | ClientFailureWindowItem,
    now: Date,
  ): Promise<boolean> {
    try {
      await ddb().send(
        new PutCommand({
          TableName: config().mainTableName,
          Item: item,
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
