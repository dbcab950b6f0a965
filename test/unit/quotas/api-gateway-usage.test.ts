import {
  APIGatewayClient,
  ConflictException,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteUsagePlanKeyCommand,
  GetApiKeysCommand,
  GetUsagePlansCommand,
  NotFoundException,
} from '@aws-sdk/client-api-gateway';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hiddenApiKeyValue } from '../../../shared/auth/usage-authorizer.ts';
import {
  apiGatewayUsagePlans,
  usageKeyName,
  usageKeySecret,
} from '../../../shared/usage-plans/api-gateway.ts';
import { useLocalConfig } from '../auth/local-config.ts';

const accountId = '0b3c6a7e-0000-4000-8000-000000000001';
const apiGateway = mockClient(APIGatewayClient);
const planNamesJson = JSON.stringify({
  sandbox: 'api-sandbox',
  standard: 'api-standard',
  premium: 'api-premium',
});
const exceptionMeta = { $metadata: {}, message: 'x' };

let cleanUp: () => Promise<void>;
beforeEach(async () => {
  ({ cleanUp } = await useLocalConfig({ STAGE: 'prod', USAGE_PLAN_NAMES: planNamesJson }));
  apiGateway.reset();
  apiGateway.on(GetUsagePlansCommand).resolves({
    items: [
      { id: 'p-sandbox', name: 'api-sandbox' },
      { id: 'p-standard', name: 'api-standard' },
      { id: 'p-premium', name: 'api-premium' },
      { id: 'p-staff', name: 'api-staff' },
    ],
  });
});
afterEach(() => cleanUp());

describe('assigning an account to a plan in API Gateway', () => {
  it('creates the account’s key with its derived value, then puts it in that plan and in no other', async () => {
    apiGateway.on(GetApiKeysCommand).resolves({ items: [] });
    apiGateway.on(CreateApiKeyCommand).resolves({ id: 'key-1' });
    apiGateway.on(DeleteUsagePlanKeyCommand).rejects(new NotFoundException(exceptionMeta));

    await apiGatewayUsagePlans.assign(accountId, 'premium');

    expect(apiGateway.commandCalls(CreateApiKeyCommand)[0]?.args[0].input).toMatchObject({
      name: usageKeyName(accountId),
      value: hiddenApiKeyValue(accountId, await usageKeySecret()),
      enabled: true,
    });
    expect(apiGateway.commandCalls(DeleteUsagePlanKeyCommand).map((call) => call.args[0].input)).toEqual([
      { usagePlanId: 'p-sandbox', keyId: 'key-1' },
      { usagePlanId: 'p-standard', keyId: 'key-1' },
    ]);
    expect(apiGateway.commandCalls(CreateUsagePlanKeyCommand)[0]?.args[0].input).toEqual({
      usagePlanId: 'p-premium',
      keyId: 'key-1',
      keyType: 'API_KEY',
    });
  });

  it('reuses the existing key and tolerates a key already in the plan, so repeating it is safe', async () => {
    apiGateway.on(GetApiKeysCommand).resolves({ items: [{ id: 'key-9', name: usageKeyName(accountId) }] });
    apiGateway.on(DeleteUsagePlanKeyCommand).resolves({});
    apiGateway.on(CreateUsagePlanKeyCommand).rejects(new ConflictException(exceptionMeta));

    await apiGatewayUsagePlans.assign(accountId, 'standard');

    expect(apiGateway.commandCalls(CreateApiKeyCommand)).toHaveLength(0);
    expect(apiGateway.commandCalls(CreateUsagePlanKeyCommand)[0]?.args[0].input.usagePlanId).toBe(
      'p-standard',
    );
  });

  it('fails when a usage plan named in USAGE_PLAN_NAMES does not exist', async () => {
    apiGateway.on(GetUsagePlansCommand).resolves({ items: [{ id: 'p-sandbox', name: 'api-sandbox' }] });
    apiGateway.on(GetApiKeysCommand).resolves({ items: [{ id: 'key-9', name: usageKeyName(accountId) }] });

    await expect(apiGatewayUsagePlans.assign(accountId, 'standard')).rejects.toThrow(/api-standard/);
  });
});
