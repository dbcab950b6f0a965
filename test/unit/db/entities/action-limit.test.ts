import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookActionLimitWrite } from '../../../../shared/db/entities/action-limit.ts';
import { ApiError } from '../../../../shared/domain/errors.ts';
import { useLocalConfig } from '../../auth/local-config.ts';

let cleanUp: () => Promise<void>;
beforeAll(async () => {
  ({ cleanUp } = await useLocalConfig());
});
afterAll(() => cleanUp());

describe('the webhook action counter', () => {
  it('counts in the account’s window of the minute, on the condition that it holds fewer than 10', () => {
    const write = webhookActionLimitWrite('acc-1', new Date('2030-05-01T10:00:42.500Z'));
    const windowStart = Date.parse('2030-05-01T10:00:00.000Z') / 1000;

    expect(write.item.Update).toMatchObject({
      Key: { pk: 'ACCOUNT#acc-1', sk: `RATE#webhook-actions#${windowStart}` },
      UpdateExpression: 'SET entity = :entity, #ttl = :ttl ADD #count :one',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeValues: { ':limit': 10, ':ttl': windowStart + 120 },
    });
  });

  it('refuses past the limit with 429 RateLimitExceeded, retrying when the window ends', () => {
    const refused = webhookActionLimitWrite(
      'acc-1',
      new Date('2030-05-01T10:00:42.500Z'),
    ).onConditionFailed?.(undefined);

    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'RateLimitExceeded', retryAfter: 18 });
  });
});
