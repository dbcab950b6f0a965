import type { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { hiddenApiKeyValue } from '../auth/usage-authorizer.ts';
import { config, usagePlanSettings } from '../config/env.ts';
import { onReset } from '../config/reset.ts';
import { type PlanName, planNames } from '../domain/quotas/plans.ts';
import type { UsagePlanAssigner } from '../domain/quotas/ports.ts';
import { dataKey } from '../secrets/data-keys.ts';

/**
 * API Gateway's usage plans and API keys (docs/quotas.md, Enforcement in AWS). The SDK client is
 * loaded on first use: only the admin and authorizer functions ever call it, and the other
 * bundles never pay for it at cold start.
 */

type Sdk = typeof import('@aws-sdk/client-api-gateway');

let sdk: Promise<{ module: Sdk; client: APIGatewayClient }> | undefined;

function apiGateway(): Promise<{ module: Sdk; client: APIGatewayClient }> {
  sdk ??= import('@aws-sdk/client-api-gateway').then((module) => ({
    module,
    client: new module.APIGatewayClient({ region: config().region }),
  }));
  return sdk;
}

/** The key's name: unique per account, so a lookup by name finds the one key (`nameQuery` is a prefix). */
export const usageKeyName = (accountId: string) => `account-${accountId}`;

/** The secret the key values derive from: HKDF of the usage key secret, one label for this purpose. */
export function usageKeySecret(): Promise<Buffer> {
  return dataKey('usageKeySecret', 'usage-key:v1');
}

let resolvedPlanIds: Promise<Record<PlanName, string>> | undefined;

/**
 * The tier plans' ids, found by their names (USAGE_PLAN_NAMES) once per container: CDK cannot hand the
 * ids to the functions the API integrates without a dependency cycle (infra/constructs/rate-limiting.ts).
 */
function planIds(): Promise<Record<PlanName, string>> {
  resolvedPlanIds ??= (async () => {
    const { usagePlanNames } = usagePlanSettings();
    if (!usagePlanNames) throw new Error('USAGE_PLAN_NAMES is not set');
    const { module, client } = await apiGateway();
    const byName = new Map<string, string>();
    for await (const page of module.paginateGetUsagePlans({ client }, { limit: 500 })) {
      for (const plan of page.items ?? []) if (plan.name && plan.id) byName.set(plan.name, plan.id);
    }
    const ids: Partial<Record<PlanName, string>> = {};
    for (const name of planNames) {
      const id = byName.get(usagePlanNames[name] ?? '');
      if (!id) throw new Error(`No usage plan named ${usagePlanNames[name]} for the ${name} plan`);
      ids[name] = id;
    }
    return ids as Record<PlanName, string>;
  })().catch((error: unknown) => {
    resolvedPlanIds = undefined;
    throw error;
  });
  return resolvedPlanIds;
}

/** Key ids never change: a container remembers them (bounded: a container serves few accounts). */
const keyIds = new Map<string, string>();
const maxRememberedKeys = 1_000;

async function findKeyId(accountId: string): Promise<string | undefined> {
  const known = keyIds.get(accountId);
  if (known) return known;
  const { module, client } = await apiGateway();
  const found = await client.send(
    new module.GetApiKeysCommand({ nameQuery: usageKeyName(accountId), includeValues: false, limit: 5 }),
  );
  const id = found.items?.find((key) => key.name === usageKeyName(accountId))?.id;
  if (id) {
    if (keyIds.size >= maxRememberedKeys) keyIds.clear();
    keyIds.set(accountId, id);
  }
  return id;
}

async function ensureKey(accountId: string): Promise<string> {
  const existing = await findKeyId(accountId);
  if (existing) return existing;
  const { module, client } = await apiGateway();
  try {
    const created = await client.send(
      new module.CreateApiKeyCommand({
        name: usageKeyName(accountId),
        description: 'Meters the account in its usage plan; derived, never handed out (docs/quotas.md)',
        value: hiddenApiKeyValue(accountId, await usageKeySecret()),
        enabled: true,
      }),
    );
    if (!created.id) throw new Error(`CreateApiKey returned no id for account ${accountId}`);
    keyIds.set(accountId, created.id);
    return created.id;
  } catch (error) {
    // A concurrent assignment created it first: use that one.
    if (!(error instanceof module.ConflictException)) throw error;
    const raced = await findKeyId(accountId);
    if (!raced) throw error;
    return raced;
  }
}

/**
 * Puts the account's key in the plan's usage plan and in no other: API Gateway lets a key belong to
 * one plan per API stage, so it leaves the others first (a request arriving in between is answered
 * 403 by the gateway; plan changes are rare operator actions). Every step tolerates having been done
 * already, so repeating an assignment is safe and repairs a partial one.
 */
export const apiGatewayUsagePlans: UsagePlanAssigner = {
  async assign(accountId, plan) {
    const ids = await planIds();
    const keyId = await ensureKey(accountId);
    const { module, client } = await apiGateway();
    for (const other of planNames.filter((name) => name !== plan)) {
      try {
        await client.send(new module.DeleteUsagePlanKeyCommand({ usagePlanId: ids[other], keyId }));
      } catch (error) {
        if (!(error instanceof module.NotFoundException)) throw error;
      }
    }
    try {
      await client.send(
        new module.CreateUsagePlanKeyCommand({ usagePlanId: ids[plan], keyId, keyType: 'API_KEY' }),
      );
    } catch (error) {
      if (!(error instanceof module.ConflictException)) throw error;
    }
  },
};

/** The staff key's value, read once per container: the authorizer names it for employee tokens. */
let staffKey: Promise<string> | undefined;

export function staffApiKeyValue(): Promise<string> {
  staffKey ??= (async () => {
    const { staffApiKeyId } = usagePlanSettings();
    if (!staffApiKeyId) throw new Error('STAFF_API_KEY_ID is not set');
    const { module, client } = await apiGateway();
    const key = await client.send(new module.GetApiKeyCommand({ apiKey: staffApiKeyId, includeValue: true }));
    if (!key.value) throw new Error(`The staff API key ${staffApiKeyId} has no readable value`);
    return key.value;
  })().catch((error: unknown) => {
    staffKey = undefined;
    throw error;
  });
  return staffKey;
}

onReset(() => {
  sdk = undefined;
  resolvedPlanIds = undefined;
  staffKey = undefined;
  keyIds.clear();
});
