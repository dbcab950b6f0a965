import { createHash, randomBytes, randomInt } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { config } from '../../config/env.ts';
import type { PoolCounts, ResellerLink } from '../../domain/esim/model.ts';
import type { ClaimOutcome, IccidClaim, IccidPool, LoadOutcome, Resellers } from '../../domain/esim/ports.ts';
import { batchGetMain } from '../batch-get.ts';
import { ddb } from '../client.ts';
import { conditionError, type DynamoWrite, isDynamoWrite, type TransactItem } from '../transaction.ts';
import { accountRecordKey, getAccountRecord } from './account.ts';
import { esimKeys, newEsimPut } from './esim.ts';
import { esimOrderChange } from './esim-order.ts';

/**
 * ICCID pools (docs/esim.md, Pools).
 *
 * - Pool entry: pk `ESIM_POOL#<account_id>#<shard>`, sk `<spread>#<iccid>`, one item per available
 *   ICCID. The spread is the first 8 hex digits of SHA-256(iccid): sequential ICCIDs scatter over the
 *   pool, so confirms that start reading at random points meet different ICCIDs. The shard is the
 *   spread's first hex digit: an account's pool is 16 partition keys, so a bulk load (four
 *   transactions of 50 ICCIDs in flight, thousands of writes per second) and the confirms beside it
 *   spread over 16 keys instead of meeting one key's 1,000 writes per second (docs/capacity.md).
 * - Registry: pk `ICCID#<iccid>`, sk `ICCID`, the account the ICCID belongs to, for good. Written once,
 *   on the condition it does not exist, in the transaction that adds the pool entry: an ICCID enters a
 *   pool at most once ever, so an issued ICCID can never come back.
 * - Issuing deletes the pool entry on the condition that it exists, in the same transaction as the new
 *   eSIM (conditional on its key being new) and the order change (conditional on Pending). Of two
 *   confirms that pick one ICCID, at most one transaction commits.
 */
export const poolShards = 16;
export const poolPartitionPrefix = 'ESIM_POOL#';
export const poolPartition = (accountId: string, shard: number) =>
  `${poolPartitionPrefix}${accountId}#${shard}`;
const spreadOf = (iccid: string) => createHash('sha256').update(iccid).digest('hex').slice(0, 8);
const shardOf = (spread: string) => Number.parseInt(spread.slice(0, 1), 16) % poolShards;
export const poolEntryKey = (accountId: string, iccid: string) => {
  const spread = spreadOf(iccid);
  return { pk: poolPartition(accountId, shardOf(spread)), sk: `${spread}#${iccid}` };
};
/** A random point of one shard's sort keys (they all start with the shard's hex digit). */
export const randomPointOf = (shard: number) =>
  `${shard.toString(16)}${randomBytes(4).toString('hex').slice(1)}`;
export const iccidPartitionPrefix = 'ICCID#';
export const iccidRegistryKey = (iccid: string) => ({ pk: `${iccidPartitionPrefix}${iccid}`, sk: 'ICCID' });
/** The account's eSIM reseller link, in its administrative partition. */
export const resellerKey = (accountId: string) => accountRecordKey(accountId, 'ESIM_RESELLER');

const table = () => config().mainTableName;

async function queryIccids(
  accountId: string,
  shard: number,
  range: { from?: string; before?: string },
  limit: number,
): Promise<string[]> {
  const condition = range.from
    ? 'pk = :pk AND sk >= :bound'
    : range.before
      ? 'pk = :pk AND sk < :bound'
      : 'pk = :pk';
  const bound = range.from ?? range.before;
  const result = await ddb().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: condition,
      ExpressionAttributeValues: {
        ':pk': poolPartition(accountId, shard),
        ...(bound ? { ':bound': bound } : {}),
      },
      ProjectionExpression: 'iccid',
      ConsistentRead: true,
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map((item) => String(item.iccid));
}

/**
 * Up to `count` available ICCIDs from a random point of a random shard, wrapping around to the
 * shard's start and moving on to the next shards while there are too few. Strongly consistent: an
 * empty answer has read every shard, so it means an empty pool.
 */
async function candidates(accountId: string, count: number): Promise<string[]> {
  const first = randomInt(poolShards);
  const found: string[] = [];
  for (let step = 0; step < poolShards && found.length < count; step++) {
    const shard = (first + step) % poolShards;
    const start = randomPointOf(shard);
    found.push(...(await queryIccids(accountId, shard, { from: start }, count - found.length)));
    if (found.length < count)
      found.push(...(await queryIccids(accountId, shard, { before: start }, count - found.length)));
  }
  return found;
}

type Reason = { Code?: string | undefined };

/** The issuing transaction's items, in this order: pool entry, eSIM, order, then the ledger's. */
const poolIndex = 0;
const esimIndex = 1;
const orderIndex = 2;
const firstChargeIndex = 3;

function claimOutcome(reasons: readonly Reason[], charges: readonly DynamoWrite[]): ClaimOutcome | undefined {
  const code = (index: number) => reasons[index]?.Code;
  if (code(orderIndex) === 'ConditionalCheckFailed') return 'order-changed';
  const refusedCharge = charges.findIndex(
    (_, index) => code(firstChargeIndex + index) === 'ConditionalCheckFailed',
  );
  if (refusedCharge >= 0) {
    // The ledger learns its month closed from its own refusal (shared/db/entities/ledger.ts).
    conditionError(charges[refusedCharge], undefined);
    return 'statement-closed';
  }
  const contested = (index: number) =>
    code(index) === 'ConditionalCheckFailed' || code(index) === 'TransactionConflict';
  if (contested(poolIndex) || contested(esimIndex)) return 'iccid-taken';
  if (code(orderIndex) === 'TransactionConflict') return 'order-changed';
  return undefined;
}

/**
 * One attempt, never retried here: a conflict means another confirm holds this ICCID (or this
 * order), and the caller does better picking another candidate than waiting for it.
 */
async function claim({ order, confirmed, esim, charges }: IccidClaim): Promise<ClaimOutcome> {
  const chargeWrites = charges.map((write) => {
    if (!isDynamoWrite(write)) throw new Error(`Not a DynamoDB write: ${write.description}`);
    return write;
  });
  const items: TransactItem[] = [];
  items[poolIndex] = {
    Delete: {
      TableName: table(),
      Key: poolEntryKey(order.accountId, esim.iccid),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
  items[esimIndex] = newEsimPut(esim);
  items[orderIndex] = esimOrderChange(order, confirmed);
  items.push(...chargeWrites.map((write) => write.item));
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: items }));
    return 'issued';
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const outcome = claimOutcome(error.CancellationReasons ?? [], chargeWrites);
    if (!outcome) throw error;
    return outcome;
  }
}

async function owners(iccids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(iccids)];
  const found = new Map<string, string>();
  for (let offset = 0; offset < unique.length; offset += 100) {
    const keys = unique.slice(offset, offset + 100).map(iccidRegistryKey);
    const lookup = await batchGetMain(keys, { consistentRead: true });
    for (const key of keys) {
      const item = lookup(key);
      if (item) found.set(String(item.iccid), String(item.account_id));
    }
  }
  return found;
}

function loadItems(accountId: string, iccid: string, loadedAt: string): TransactItem[] {
  return [
    {
      Put: {
        TableName: table(),
        Item: {
          ...iccidRegistryKey(iccid),
          entity: 'Iccid',
          iccid,
          account_id: accountId,
          loaded_at: loadedAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    {
      Put: {
        TableName: table(),
        Item: { ...poolEntryKey(accountId, iccid), entity: 'EsimPoolIccid', iccid, loaded_at: loadedAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** Attempts of one ICCID's load while another load of the same ICCID holds it. */
const maxLoadAttempts = 4;

/** One ICCID on its own: added, or the account that already holds it. */
async function loadOne(accountId: string, iccid: string, loadedAt: string): Promise<LoadOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: loadItems(accountId, iccid, loadedAt) }));
      return 'added';
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const registry = error.CancellationReasons?.[0];
      if (registry?.Code === 'ConditionalCheckFailed') {
        const owner = registry.Item ? unmarshall(registry.Item).account_id : undefined;
        return owner === accountId ? 'present' : 'elsewhere';
      }
      // A concurrent load of the same ICCID is committing: its outcome decides ours.
      const conflict = error.CancellationReasons?.some((reason) => reason.Code === 'TransactionConflict');
      if (!conflict || attempt >= maxLoadAttempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/** ICCIDs per transaction: two items each, within DynamoDB's 100 items per transaction. */
const iccidsPerTransaction = 50;
/** Transactions a load runs at once. */
const loadConcurrency = 4;

/**
 * Adds fifty ICCIDs per transaction; a transaction that meets an ICCID loaded meanwhile (a race with
 * another load) is redone one ICCID at a time, so each gets its own outcome.
 */
async function load(
  accountId: string,
  iccids: readonly string[],
  now: Date,
): Promise<Map<string, LoadOutcome>> {
  const outcomes = new Map<string, LoadOutcome>();
  const loadedAt = now.toISOString();
  const chunks: string[][] = [];
  const unique = [...new Set(iccids)];
  for (let offset = 0; offset < unique.length; offset += iccidsPerTransaction) {
    chunks.push(unique.slice(offset, offset + iccidsPerTransaction));
  }
  const loadChunk = async (chunk: string[]) => {
    try {
      await ddb().send(
        new TransactWriteCommand({
          TransactItems: chunk.flatMap((iccid) => loadItems(accountId, iccid, loadedAt)),
        }),
      );
      for (const iccid of chunk) outcomes.set(iccid, 'added');
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      for (const iccid of chunk) outcomes.set(iccid, await loadOne(accountId, iccid, loadedAt));
    }
  };
  let next = 0;
  const workers = Array.from({ length: Math.min(loadConcurrency, chunks.length) }, async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++];
      if (chunk) await loadChunk(chunk);
    }
  });
  await Promise.all(workers);
  return outcomes;
}

/** Items of a partition (or of a sort key prefix), counted by DynamoDB page by page. */
async function count(pk: string, skPrefix?: string): Promise<number> {
  let total = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const result = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: skPrefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk, ...(skPrefix ? { ':prefix': skPrefix } : {}) },
        Select: 'COUNT',
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    total += result.Count ?? 0;
    start = result.LastEvaluatedKey;
  } while (start);
  return total;
}

async function counts(accountId: string): Promise<PoolCounts> {
  const [issued, ...shards] = await Promise.all([
    count(esimKeys(accountId, '').pk, 'ESIM#'),
    ...Array.from({ length: poolShards }, (_, shard) => count(poolPartition(accountId, shard))),
  ]);
  return { available: shards.reduce((sum, each) => sum + each, 0), issued };
}

export const iccidPool = { candidates, claim, owners, load, counts } satisfies IccidPool;

export const resellers = {
  async find(accountId) {
    const item = await getAccountRecord(resellerKey(accountId));
    return item ? linkFromItem(item) : undefined;
  },
  link(link, alreadyLinked): DynamoWrite {
    return {
      description: `eSIM reseller link of ${link.accountId}`,
      item: {
        Put: {
          TableName: table(),
          Item: {
            ...resellerKey(link.accountId),
            entity: 'EsimReseller',
            account_id: link.accountId,
            reseller_id: link.resellerId,
            linked_at: link.linkedAt,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: (oldItem) => alreadyLinked(oldItem ? linkFromItem(oldItem) : undefined),
    };
  },
} satisfies Resellers;

function linkFromItem(item: Record<string, unknown>): ResellerLink {
  return {
    accountId: String(item.account_id),
    resellerId: String(item.reseller_id),
    linkedAt: String(item.linked_at),
  };
}
