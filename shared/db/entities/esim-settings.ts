import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import type { EsimSettings } from '../../domain/esim/model.ts';
import type { EsimSettingsStore } from '../../domain/esim/ports.ts';
import { ddb } from '../client.ts';
import type { DynamoWrite } from '../transaction.ts';
import { accountPartition } from './account.ts';

/**
 * An account's eSIM settings (docs/esim.md, Usage thresholds): pk `ACCOUNT#<account_id>`, sk
 * `ESIM_SETTINGS`, in the partner's own partition since the partner changes them. No item while the
 * account has never set them: the defaults apply.
 */
export const esimSettingsKey = (accountId: string) => ({
  pk: accountPartition(accountId),
  sk: 'ESIM_SETTINGS',
});

interface EsimSettingsItem {
  pk: string;
  sk: string;
  entity: 'EsimSettings';
  usage_thresholds: number[];
  updated_at: string;
}

async function find(accountId: string): Promise<EsimSettings | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: config().mainTableName,
      Key: esimSettingsKey(accountId),
      ConsistentRead: true,
    }),
  );
  if (!Item) return undefined;
  const stored = Item as EsimSettingsItem;
  return { usageThresholds: [...stored.usage_thresholds], updatedAt: stored.updated_at };
}

function putWrite(accountId: string, settings: EsimSettings & { updatedAt: string }): DynamoWrite {
  const item: EsimSettingsItem = {
    ...esimSettingsKey(accountId),
    entity: 'EsimSettings',
    usage_thresholds: [...settings.usageThresholds],
    updated_at: settings.updatedAt,
  };
  return {
    description: `eSIM settings of account ${accountId}`,
    item: { Put: { TableName: config().mainTableName, Item: item } },
  };
}

export const esimSettingsStore = { find, putWrite } satisfies EsimSettingsStore;
