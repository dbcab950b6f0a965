import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../functions/quotas/handler.ts';
import { lambdaContext } from '../../../infra/local/functions.ts';
import { ensureSigningKeys } from '../../../shared/auth/keys.ts';
import { issuePartnerToken } from '../../../shared/auth/tokens.ts';
import { quotaSettingsByStage } from '../../../shared/domain/quotas/settings.ts';
import { secretStore } from '../../../shared/secrets/store.ts';
import { useLocalConfig } from '../auth/local-config.ts';
import { eventOf, partner } from '../http/pipeline/support.ts';

const dynamo = mockClient(DynamoDBDocumentClient);
const context = lambdaContext('quotas', 29_000, 'eu-west-1');

let cleanUp: () => Promise<void>;
beforeEach(async () => {
  ({ cleanUp } = await useLocalConfig());
  await ensureSigningKeys(secretStore(), new Date(Date.now() - 3_600_000));
  dynamo.reset();
});
afterEach(() => cleanUp());

async function rateLimits(authorizer?: Record<string, string>) {
  const { accessToken } = await issuePartnerToken({
    clientId: 'pts_c',
    accountId: partner.accountId,
    scopes: ['catalog.lounges:read'],
  });
  const event = eventOf({
    method: 'GET',
    resource: '/v2/b2b/rate-limits',
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  if (authorizer) event.requestContext.authorizer = authorizer;
  const response = await handler(event, context);
  return { ...response, json: JSON.parse(response.body) as Record<string, unknown> };
}

describe('GET /v2/b2b/rate-limits', () => {
  it('answers the plan of the gateway’s context, with RateLimit-Policy, without reading the account', async () => {
    const response = await rateLimits({
      plan: 'sandbox',
      plan_rate: '5',
      plan_burst: '10',
      plan_daily_quota: '5000',
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers?.['RateLimit-Policy']).toBe('"burst";q=10;w=2, "daily";q=5000;w=86400');
    expect(response.json).toMatchObject({ plan: 'sandbox', rate: 5, burst: 10, daily_quota: 5000 });
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('reads the plan from the account record when the request carries no gateway context, usage unknown', async () => {
    dynamo.on(GetCommand).resolves({ Item: { account_id: partner.accountId, plan: 'premium' } });

    const response = await rateLimits();

    const premium = quotaSettingsByStage.local.plans.premium;
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({ plan: 'premium', rate: premium.rate, burst: premium.burst });
    expect(response.json.policies).toEqual([
      expect.objectContaining({ policy: 'burst', remaining: null, reset_seconds: null }),
      expect.objectContaining({ policy: 'daily', remaining: null, reset_seconds: expect.any(Number) }),
    ]);
  });
});
