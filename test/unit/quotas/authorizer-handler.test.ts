import { APIGatewayClient, GetApiKeyCommand } from '@aws-sdk/client-api-gateway';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../functions/authorizer/handler.ts';
import { ensureSigningKeys } from '../../../shared/auth/signing-keys.ts';
import { issuePartnerToken } from '../../../shared/auth/token-issuer.ts';
import { hiddenApiKeyValue } from '../../../shared/auth/usage-authorizer.ts';
import { quotaSettingsByStage } from '../../../shared/domain/quotas/settings.ts';
import { secretStore } from '../../../shared/secrets/store.ts';
import { usageKeySecret } from '../../../shared/usage-plans/api-gateway.ts';
import { useLocalConfig } from '../auth/local-config.ts';

const accountId = '0b3c6a7e-0000-4000-8000-000000000001';
const methodArn = 'arn:aws:execute-api:eu-west-1:123456789012:a1b2c3d4e5/live/GET/v2/b2b/rate-limits';
const plans = quotaSettingsByStage.prod.plans;
const dynamo = mockClient(DynamoDBDocumentClient);
const apiGateway = mockClient(APIGatewayClient);

function eventWith(
  authorization: string | undefined,
): Pick<APIGatewayRequestAuthorizerEvent, 'headers' | 'methodArn'> {
  return { methodArn, headers: authorization === undefined ? {} : { Authorization: authorization } };
}

const partnerToken = async () =>
  (await issuePartnerToken({ clientId: 'pts_c', accountId, scopes: ['webhooks'] })).accessToken;

let cleanUp: () => Promise<void>;
beforeEach(async () => {
  ({ cleanUp } = await useLocalConfig({ STAGE: 'prod', STAFF_API_KEY_ID: 'staffkey1' }));
  await ensureSigningKeys(secretStore(), new Date(Date.now() - 3_600_000));
  dynamo.reset();
  apiGateway.reset();
});
afterEach(() => cleanUp());

describe('the partner API authorizer', () => {
  it('meters a partner token with the account’s hidden key and its plan from the account record', async () => {
    dynamo.on(GetCommand).resolves({ Item: { account_id: accountId, plan: 'premium', status: 'Active' } });

    const answer = await handler(eventWith(`Bearer ${await partnerToken()}`));

    expect(answer.usageIdentifierKey).toBe(hiddenApiKeyValue(accountId, await usageKeySecret()));
    expect(answer.principalId).toBe(accountId);
    expect(answer.policyDocument.Statement[0]).toEqual({
      Action: 'execute-api:Invoke',
      Effect: 'Allow',
      Resource: 'arn:aws:execute-api:eu-west-1:123456789012:a1b2c3d4e5/live/*',
    });
    expect(answer.context).toMatchObject({
      plan: 'premium',
      plan_rate: plans.premium.rate,
      plan_burst: plans.premium.burst,
      plan_daily_quota: plans.premium.dailyQuota,
      account_id: accountId,
    });
  });

  it('meters an account without a plan on its record by the default plan', async () => {
    dynamo.on(GetCommand).resolves({ Item: { account_id: accountId, status: 'Active' } });

    const answer = await handler(eventWith(`Bearer ${await partnerToken()}`));

    expect(answer.context.plan).toBe('standard');
    expect(answer.context.rate_limit_policy).toBe('"burst";q=100;w=2, "daily";q=100000;w=86400');
  });

  it('answers Unauthorized, not an error, for a missing, malformed or forged token', async () => {
    const forged = `${(await partnerToken()).slice(0, -4)}AAAA`;

    for (const authorization of [undefined, 'Basic YTpi', 'Bearer not-a-jwt', `Bearer ${forged}`]) {
      await expect(handler(eventWith(authorization)), String(authorization)).rejects.toThrow(
        /^Unauthorized$/,
      );
    }
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('fails, so the gateway answers 500 and the alarm rings, when the account cannot be read', async () => {
    dynamo.on(GetCommand).rejects(new Error('DynamoDB is unavailable'));

    await expect(handler(eventWith(`Bearer ${await partnerToken()}`))).rejects.toThrow(
      'DynamoDB is unavailable',
    );
  });

  it('meters every employee token with the staff key, read once from API Gateway', async () => {
    const { signCompactJws } = await import('../../../shared/crypto/jws.ts');
    const { signerOf } = await import('../../../shared/crypto/es256-key.ts');
    const { activeKey } = await import('../../../shared/auth/keys.ts');
    const { readSigningKeys } = await import('../../../shared/auth/signing-keys.ts');
    const set = await readSigningKeys(secretStore());
    if (!set) throw new Error('no signing keys');
    const key = activeKey(set);
    const iat = Math.floor(Date.now() / 1000);
    const employeeToken = await signCompactJws(
      'at+jwt',
      {
        scopes: ['identity.account:*'],
        iss: 'https://auth.test.invalid',
        aud: 'https://admin.test.invalid',
        sub: 'employee-42',
        iat,
        exp: iat + 600,
        jti: 'jti-1',
      },
      await signerOf(key),
    );
    apiGateway.on(GetApiKeyCommand).resolves({ id: 'staffkey1', value: 'staff-key-value' });

    const first = await handler(eventWith(`Bearer ${employeeToken}`));
    const second = await handler(eventWith(`Bearer ${employeeToken}`));

    for (const answer of [first, second]) {
      expect(answer.usageIdentifierKey).toBe('staff-key-value');
      expect(answer.context.plan).toBe('staff');
    }
    expect(apiGateway.commandCalls(GetApiKeyCommand)).toHaveLength(1);
    expect(apiGateway.commandCalls(GetApiKeyCommand)[0]?.args[0].input).toEqual({
      apiKey: 'staffkey1',
      includeValue: true,
    });
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
  });
});
