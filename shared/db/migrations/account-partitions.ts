import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import { ddb } from '../client.ts';
import {
  accountPartition,
  accountRecordKey,
  accountStore,
  legacyAccountRecordKey,
} from '../entities/account.ts';
import { transact } from '../transaction.ts';

/*
 * Moves the administrative items of every account (record, managers, contract, eSIM reseller link,
 * partner certificates) from `ACCOUNT#<id>` to `ACCOUNT_ADMIN#<id>` (shared/db/entities/account.ts).
 * Paged over the account list index, one transaction per item: a rerun moves only what is left, and a
 * run can resume from the cursor of the last page it finished. Once it has run on every stage, the
 * read fallbacks to the old key (`legacyAccountRecordKey`) and this module go.
 */

/** The sort keys of the administrative items: exactly one, or every one starting with a prefix. */
const administrativeSortKeys = [
  { equals: 'ACCOUNT' },
  { prefix: 'MANAGER#' },
  { equals: 'CATALOG_CONTRACT' },
  { equals: 'ESIM_RESELLER' },
  { prefix: 'CERTIFICATE#' },
] as const;

type SortKey = (typeof administrativeSortKeys)[number];

async function legacyItems(accountId: string, sortKey: SortKey): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: config().mainTableName,
        KeyConditionExpression:
          'equals' in sortKey ? 'pk = :pk AND sk = :sk' : 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: {
          ':pk': accountPartition(accountId),
          ':sk': 'equals' in sortKey ? sortKey.equals : sortKey.prefix,
        },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * One item to its new key and away from the old one, in one transaction. Where the new key holds an
 * item already, it was written after the deploy and is the newer: the old one is only deleted.
 */
async function moveItem(item: Record<string, unknown>, accountId: string): Promise<'moved' | 'superseded'> {
  const key = accountRecordKey(accountId, String(item.sk));
  const oldKey = legacyAccountRecordKey(key);
  const deleteOld = {
    Delete: {
      TableName: config().mainTableName,
      Key: oldKey,
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
  const outcome = await transact([
    {
      Put: {
        TableName: config().mainTableName,
        Item: { ...item, ...key },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    deleteOld,
  ]);
  if (outcome.committed) return 'moved';
  if (outcome.reason === 'condition' && outcome.index === 0) {
    const deleted = await transact([deleteOld]);
    if (deleted.committed || deleted.reason === 'condition') return 'superseded';
  } else if (outcome.reason === 'condition') {
    // Another run moved it meanwhile.
    return 'superseded';
  }
  throw new Error(`Moving ${oldKey.pk} ${key.sk} met a concurrent writer; run the migration again`);
}

export interface MigrationPage {
  accounts: number;
  moved: number;
  superseded: number;
  /** Where the next page starts (pass it to resume); undefined after the last page. */
  nextCursor: string | undefined;
}

/** One page of accounts (the account list, newest first) and all their administrative items. */
export async function migrateAccountPartitionsPage(
  cursor: string | undefined,
  limit = 100,
): Promise<MigrationPage> {
  const page = await accountStore.list({ limit, cursor });
  let moved = 0;
  let superseded = 0;
  for (const account of page.items) {
    for (const sortKey of administrativeSortKeys) {
      for (const item of await legacyItems(account.accountId, sortKey)) {
        if ((await moveItem(item, account.accountId)) === 'moved') moved++;
        else superseded++;
      }
    }
  }
  return { accounts: page.items.length, moved, superseded, nextCursor: page.nextCursor ?? undefined };
}
