import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import type { DailyUsageStore } from '../../domain/quotas/ports.ts';
import { ddb } from '../client.ts';

/**
 * The requests of one usage owner (`account:<id>`, `staff`) on one UTC day, every container's flushes
 * added up (docs/quotas.md, Headers in AWS): pk `USAGE#<owner>#<day>` in the idempotency table, which
 * has the shape it needs (a partition key, the TTL attribute `expires_at`) and, unlike the main table,
 * no stream: a counter written about once a second per container would otherwise flood the outbox
 * stream with changes nobody reads. The key holds the day, so only today's item is ever written or
 * read; `expires_at` (a couple of days after the day) lets DynamoDB remove it, whenever it does.
 */
export const dailyUsagePartitionPrefix = 'USAGE#';
export const dailyUsageKey = (owner: string, day: string) => ({
  pk: `${dailyUsagePartitionPrefix}${owner}#${day}`,
});

export interface DailyUsageItem {
  pk: string;
  entity: 'DailyUsage';
  owner: string;
  day: string;
  requests: number;
  expires_at: number;
}

export const dynamoDailyUsageStore = {
  /** One UpdateItem: `ADD` is atomic across containers, and UPDATED_NEW answers the day's total. */
  async add(owner: string, day: string, requests: number, expiresAt: number): Promise<number> {
    const { Attributes } = await ddb().send(
      new UpdateCommand({
        TableName: config().idempotencyTableName,
        Key: dailyUsageKey(owner, day),
        UpdateExpression:
          'SET entity = :entity, #owner = :owner, #day = :day, expires_at = :expiresAt ADD #requests :requests',
        ExpressionAttributeNames: { '#owner': 'owner', '#day': 'day', '#requests': 'requests' },
        ExpressionAttributeValues: {
          ':entity': 'DailyUsage',
          ':owner': owner,
          ':day': day,
          ':expiresAt': expiresAt,
          ':requests': requests,
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const total = Number(Attributes?.requests);
    if (!Number.isInteger(total)) throw new Error(`No request count answered for ${owner} on ${day}`);
    return total;
  },

  async read(owner: string, day: string): Promise<number> {
    const { Item } = await ddb().send(
      new GetCommand({
        TableName: config().idempotencyTableName,
        Key: dailyUsageKey(owner, day),
        ConsistentRead: true,
        ProjectionExpression: '#requests',
        ExpressionAttributeNames: { '#requests': 'requests' },
      }),
    );
    const total = Number(Item?.requests ?? 0);
    if (!Number.isInteger(total)) throw new Error(`The request count of ${owner} on ${day} is not a number`);
    return total;
  },
} satisfies DailyUsageStore;
