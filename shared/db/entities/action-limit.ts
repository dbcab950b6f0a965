import { config } from '../../config/env.ts';
import { ApiError } from '../../domain/errors.ts';
import type { ActionLimiter } from '../../domain/webhooks/ports.ts';
import type { DynamoWrite } from '../transaction.ts';
import { accountPartition } from './account.ts';

/** Partner-triggered webhook actions (ping, redeliver, recover) an account may start per minute. */
export const webhookActionsPerMinute = 10;
const windowSeconds = 60;

/**
 * A fixed-window counter per account and minute: pk `ACCOUNT#<account_id>`, sk
 * `RATE#webhook-actions#<window start, epoch seconds>`. The increment is staged with the action's own
 * writes, on the condition that the window still has room, so only actions that commit count and a
 * refused one writes nothing. The item expires (TTL) a minute after its window.
 */
export function webhookActionLimitWrite(accountId: string, now: Date): DynamoWrite {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % windowSeconds);
  const windowEnd = windowStart + windowSeconds;
  return {
    description: `webhook action ${windowStart} of account ${accountId}`,
    item: {
      Update: {
        TableName: config().mainTableName,
        Key: { pk: accountPartition(accountId), sk: `RATE#webhook-actions#${windowStart}` },
        UpdateExpression: 'SET entity = :entity, #ttl = :ttl ADD #count :one',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':entity': 'RateWindow',
          ':ttl': windowEnd + windowSeconds,
          ':one': 1,
          ':limit': webhookActionsPerMinute,
        },
      },
    },
    onConditionFailed: () =>
      new ApiError(
        'RateLimitExceeded',
        `At most ${webhookActionsPerMinute} webhook pings, redeliveries and recoveries per minute per account.`,
        {
          retryAfter: Math.max(1, windowEnd - nowSeconds),
          details: { limit: webhookActionsPerMinute, window_seconds: windowSeconds },
        },
      ),
  };
}

export const webhookActionLimiter = { take: webhookActionLimitWrite } satisfies ActionLimiter;
