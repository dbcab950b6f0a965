import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../functions/quotas/handler.ts';
import { lambdaContext } from '../../../infra/local/functions.ts';
import { fingerprintOfPem } from '../../../shared/auth/certificate-standing.ts';
import { ensureSigningKeys } from '../../../shared/auth/signing-keys.ts';
import { issuePartnerToken } from '../../../shared/auth/token-issuer.ts';
import { accountKeys } from '../../../shared/db/entities/account.ts';
import { applicationKeys } from '../../../shared/db/entities/application.ts';
import { quotaSettingsByStage } from '../../../shared/domain/quotas/settings.ts';
import { logger } from '../../../shared/observability/logger.ts';
import { secretStore } from '../../../shared/secrets/store.ts';
import { useLocalConfig } from '../auth/local-config.ts';
import { clientCert, eventOf, partner } from '../http/pipeline/support.ts';

const dynamo = mockClient(DynamoDBDocumentClient);
const certificateStanding = { active_certificate_fingerprints: [fingerprintOfPem(clientCert.clientCertPem)] };
const context = lambdaContext('quotas', 29_000, 'eu-west-1');

let cleanUp: () => Promise<void>;
beforeEach(async () => {
  ({ cleanUp } = await useLocalConfig());
  await ensureSigningKeys(secretStore(), new Date(Date.now() - 3_600_000));
  dynamo.reset();
  // The token's application is active: the verifier reads it once per container and bound.
  dynamo.on(GetCommand, { Key: applicationKeys('pts_c') }).resolves({
    Item: { client_id: 'pts_c', account_id: partner.accountId, status: 'Active', account_status: 'Active' },
  });
  // Its certificate is active: read from the account item, once per container and bound.
  dynamo.on(GetCommand, { Key: accountKeys(partner.accountId) }).resolves({ Item: certificateStanding });
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

const usageKey = { pk: `USAGE#account:${partner.accountId}#2030-01-01` };

describe('GET /v2/b2b/rate-limits', () => {
  it('answers the plan of the gateway’s context and the day from the service’s own count, without reading the account', async () => {
    dynamo.on(UpdateCommand).resolves({ Attributes: { requests: 42 } });
    dynamo.on(GetCommand, { TableName: 'idempotency-test' }).resolves({ Item: { requests: 42 } });

    const response = await rateLimits({
      account_id: partner.accountId,
      plan: 'sandbox',
      plan_rate: '5',
      plan_burst: '10',
      plan_daily_quota: '5000',
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers?.['RateLimit-Policy']).toBe('"burst";q=10;w=2, "daily";q=5000;w=86400');
    expect(response.headers?.RateLimit).toBe('"daily";r=4958;t=86400');
    expect(response.json).toMatchObject({ plan: 'sandbox', rate: 5, burst: 10, daily_quota: 5000 });
    expect(response.json.policies).toEqual([
      { policy: 'burst', quota: 10, window_seconds: 2, remaining: null, reset_seconds: null },
      { policy: 'daily', quota: 5000, window_seconds: 86_400, remaining: 4958, reset_seconds: 86_400 },
    ]);
    // The request is counted in the gateway's day (the event's requestTimeEpoch, 2030-01-01T00:00Z).
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      TableName: 'idempotency-test',
      Key: usageKey,
      ExpressionAttributeValues: expect.objectContaining({ ':requests': 1 }),
    });
    const accountReads = dynamo
      .commandCalls(GetCommand, { TableName: 'main-test' })
      .filter((call) => call.args[0].input.Key?.pk !== applicationKeys('pts_c').pk)
      // Authentication reads only the certificate fingerprints of the account (a projection).
      .filter((call) => call.args[0].input.ProjectionExpression === undefined);
    expect(accountReads).toHaveLength(0);
  });

  it('leaves the day’s remaining unknown rather than failing when the count cannot be read', async () => {
    dynamo.on(UpdateCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);

    const response = await rateLimits({
      account_id: partner.accountId,
      plan: 'sandbox',
      plan_rate: '5',
      plan_burst: '10',
      plan_daily_quota: '5000',
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers?.RateLimit).toBeUndefined();
    expect(response.json.policies).toEqual([
      expect.objectContaining({ policy: 'burst', remaining: null }),
      { policy: 'daily', quota: 5000, window_seconds: 86_400, remaining: null, reset_seconds: 86_400 },
    ]);
    expect(warn).toHaveBeenCalledWith(
      'Daily usage flush failed; retried with the next one',
      expect.objectContaining({ owner: `account:${partner.accountId}`, requests: 1 }),
    );
    warn.mockRestore();
  });

  it('reads the plan from the account record when the request carries no gateway context, the burst unknown', async () => {
    dynamo
      .on(GetCommand, { Key: accountKeys(partner.accountId) })
      .resolves({ Item: { ...certificateStanding, account_id: partner.accountId, plan: 'premium' } });
    dynamo.on(GetCommand, { TableName: 'idempotency-test' }).resolves({});

    const response = await rateLimits();

    const premium = quotaSettingsByStage.local.plans.premium;
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({ plan: 'premium', rate: premium.rate, burst: premium.burst });
    expect(response.json.policies).toEqual([
      expect.objectContaining({ policy: 'burst', remaining: null, reset_seconds: null }),
      expect.objectContaining({
        policy: 'daily',
        remaining: premium.dailyQuota,
        reset_seconds: expect.any(Number),
      }),
    ]);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});
