import {
  BatchWriteCommand,
  type BatchWriteCommandInput,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import {
  type CatalogRecords,
  type Contract,
  type ContractTerms,
  catalogRecords,
  contractTerms,
  termsOf,
} from '../../domain/catalog/catalog-stored.ts';
import type { CatalogVersions, PublishedVersion } from '../../domain/catalog/ports.ts';
import { type Publication, publishCatalog } from '../../domain/catalog/publication.ts';
import {
  type CatalogStamps,
  canonicalJson,
  changeTimeAfter,
  type RecordKind,
  type RecordStamp,
  stampKey,
} from '../../domain/catalog/stamps.ts';
import { ConcurrentChangeError } from '../../domain/errors.ts';
import { batchGetMain } from '../batch-get.ts';
import { ddb } from '../client.ts';
import { commitWrites, DynamoUnitOfWork, type DynamoWrite } from '../transaction.ts';
import { accountRecordKey, legacyAccountRecordKey } from './account.ts';

/**
 * The published catalog, single-table (docs/catalog.md has the access-pattern table):
 * - pointer     pk `CATALOG`, sk `CURRENT`: the published version and when it was published.
 * - snapshot    pk `CATALOG#<version>`, sk `HUB#|AMENITY#|LOUNGE#|FAST_TRACK#|TARIFF#<id>`: one immutable
 *               version, written in full before the pointer moves to it, so a reader never sees half;
 *               each record with its stamps (`changed_at`, `listed_at`).
 * - contract    pk `ACCOUNT_ADMIN#<id>`, sk `CATALOG_CONTRACT`; the default for accounts without one is
 *               pk `CATALOG`, sk `CONTRACT#DEFAULT`.
 * Image bytes live in S3 (shared/storage/image-objects.ts); the draft in catalog-draft.ts.
 */
/** The catalog's own partition: the pointer to the current version and the default contract. */
export const catalogPartition = 'CATALOG';
export const catalogPointerKey = { pk: catalogPartition, sk: 'CURRENT' } as const;
export const defaultContractKey = { pk: catalogPartition, sk: 'CONTRACT#DEFAULT' } as const;
export const contractKey = (accountId: string) => accountRecordKey(accountId, 'CATALOG_CONTRACT');
export const snapshotPartitionPrefix = 'CATALOG#';
export const snapshotPartition = (version: string) => `${snapshotPartitionPrefix}${version}`;

export const recordPrefixes = {
  hubs: 'HUB#',
  amenities: 'AMENITY#',
  lounges: 'LOUNGE#',
  fast_tracks: 'FAST_TRACK#',
  tariffs: 'TARIFF#',
} as const satisfies Record<RecordKind, string>;

export const recordKindOf = (sk: string): RecordKind | undefined =>
  (Object.entries(recordPrefixes) as [RecordKind, string][]).find(([, prefix]) => sk.startsWith(prefix))?.[0];

export interface CatalogPointer {
  version: string;
  updatedAt: Date;
  previousVersion: string | undefined;
}

interface PointerItem {
  pk: string;
  sk: string;
  type: 'CatalogPointer';
  version: string;
  previous_version?: string;
  updated_at: string;
}

export interface ContractItem extends ContractTerms {
  pk: string;
  sk: string;
  type: 'CatalogContract';
  updated_at: string;
}

function pointerFromItem(item: Record<string, unknown>): CatalogPointer {
  const stored = item as unknown as PointerItem;
  return {
    version: stored.version,
    updatedAt: new Date(stored.updated_at),
    previousVersion: stored.previous_version,
  };
}

export async function contractFromItem(item: Record<string, unknown>): Promise<Contract> {
  const stored = item as unknown as ContractItem;
  return { ...contractTerms.parse(termsOf(stored)), updatedAt: stored.updated_at };
}

export interface CatalogState {
  pointer: CatalogPointer | undefined;
  /** The account's own contract, else the default one, else undefined. */
  contract: Contract | undefined;
}

/**
 * Every catalog request starts here: pointer, account contract and default contract in ONE BatchGetItem
 * (with the contract's key before the migration, docs/deploy.md: one more key, no more round trips).
 */
export async function readCatalogState(accountId: string): Promise<CatalogState> {
  const own = contractKey(accountId);
  const legacy = legacyAccountRecordKey(own);
  const found = await batchGetMain([catalogPointerKey, own, legacy, defaultContractKey]);
  const pointer = found(catalogPointerKey);
  const contract = found(own) ?? found(legacy) ?? found(defaultContractKey);
  return {
    pointer: pointer ? pointerFromItem(pointer) : undefined,
    contract: contract ? await contractFromItem(contract) : undefined,
  };
}

export interface CatalogStates {
  pointer: CatalogPointer | undefined;
  defaultContract: Contract | undefined;
  /** Each account's own contract; undefined when it has none. */
  contracts: Map<string, Contract | undefined>;
}

/** Keys per BatchGetItem: DynamoDB's limit. */
const batchGetLimit = 100;

/**
 * The pointer, the default contract and the contracts of many accounts: one BatchGetItem per hundred
 * keys, sent together. The per-container cache refreshes everything it serves with this read.
 */
export async function readCatalogStates(accountIds: readonly string[]): Promise<CatalogStates> {
  const accounts = [...new Set(accountIds)];
  // Two keys per account: its contract's and the one before the migration (docs/deploy.md).
  const perBatch = Math.floor((batchGetLimit - 2) / 2);
  const batches: string[][] = [];
  for (let start = 0; start === 0 || start < accounts.length; start += perBatch) {
    batches.push(accounts.slice(start, start + perBatch));
  }
  const reads = await Promise.all(
    batches.map((batch, index) =>
      batchGetMain([
        ...(index === 0 ? [catalogPointerKey, defaultContractKey] : []),
        ...batch.flatMap((accountId) => [
          contractKey(accountId),
          legacyAccountRecordKey(contractKey(accountId)),
        ]),
      ]),
    ),
  );
  const [first] = reads;
  const pointer = first?.(catalogPointerKey);
  const defaultContract = first?.(defaultContractKey);
  const contracts = new Map<string, Contract | undefined>(
    await Promise.all(
      batches.flatMap((batch, index) =>
        batch.map(async (accountId) => {
          const found = reads[index];
          const own =
            found?.(contractKey(accountId)) ?? found?.(legacyAccountRecordKey(contractKey(accountId)));
          return [accountId, own ? await contractFromItem(own) : undefined] as const;
        }),
      ),
    ),
  );
  return {
    pointer: pointer ? pointerFromItem(pointer) : undefined,
    defaultContract: defaultContract ? await contractFromItem(defaultContract) : undefined,
    contracts,
  };
}

const emptyRecords = (): Record<RecordKind, unknown[]> => ({
  hubs: [],
  amenities: [],
  lounges: [],
  fast_tracks: [],
  tariffs: [],
});

/** Every item of a partition, page by page. */
export async function queryPartition(
  pk: string,
  options: { consistentRead?: boolean; projection?: string } = {},
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: config().mainTableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ...(options.consistentRead ? { ConsistentRead: true } : {}),
        ...(options.projection ? { ProjectionExpression: options.projection } : {}),
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

export interface LoadedSnapshot {
  records: CatalogRecords;
  /** Missing for versions published before records carried stamps. */
  stamps: CatalogStamps;
}

/** The records of one version: a Query of its partition (cold start or a new version only). */
export async function loadSnapshot(version: string): Promise<LoadedSnapshot> {
  const records = emptyRecords();
  const stamps: Record<string, RecordStamp> = {};
  for (const item of await queryPartition(snapshotPartition(version))) {
    const kind = recordKindOf(String(item.sk));
    if (!kind) continue;
    records[kind].push(item.data);
    const data = item.data as { id?: unknown } | undefined;
    if (typeof item.changed_at === 'string' && typeof item.listed_at === 'string' && data?.id) {
      stamps[stampKey(kind, String(data.id))] = { changedAt: item.changed_at, listedAt: item.listed_at };
    }
  }
  return { records: catalogRecords.parse(records), stamps };
}

export type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** BatchWriteItem in chunks of 25, writing unprocessed items again with backoff. */
export async function batchWrite(requests: readonly WriteRequest[]): Promise<void> {
  const table = config().mainTableName;
  for (let start = 0; start < requests.length; start += 25) {
    let pending = requests.slice(start, start + 25);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** Math.min(attempt, 6)));
      const { UnprocessedItems } = await ddb().send(
        new BatchWriteCommand({ RequestItems: { [table]: pending } }),
      );
      pending = UnprocessedItems?.[table] ?? [];
    }
  }
}

export async function readCatalogPointer(): Promise<CatalogPointer | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: config().mainTableName, Key: catalogPointerKey, ConsistentRead: true }),
  );
  return Item ? pointerFromItem(Item) : undefined;
}

/** The published versions in the main table: the pointer and one partition per version. */
export const catalogVersions: CatalogVersions = {
  async current(): Promise<PublishedVersion | undefined> {
    const pointer = await readCatalogPointer();
    if (!pointer) return undefined;
    const { records, stamps } = await loadSnapshot(pointer.version);
    return {
      version: pointer.version,
      previousVersion: pointer.previousVersion,
      publishedAt: pointer.updatedAt,
      records,
      stamps,
    };
  },

  async write(version: string, records: CatalogRecords, stamps: CatalogStamps): Promise<void> {
    const partition = snapshotPartition(version);
    const items = (Object.entries(recordPrefixes) as [RecordKind, string][]).flatMap(([kind, prefix]) =>
      records[kind].map((record) => {
        const stamp = stamps[stampKey(kind, record.id)];
        return {
          PutRequest: {
            Item: {
              pk: partition,
              sk: `${prefix}${record.id}`,
              type: 'CatalogRecord',
              data: record,
              ...(stamp ? { changed_at: stamp.changedAt, listed_at: stamp.listedAt } : {}),
            },
          },
        };
      }),
    );
    await batchWrite(items);
  },

  async drop(version: string): Promise<void> {
    const keys = await queryPartition(snapshotPartition(version), { projection: 'pk, sk' });
    await batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));
  },

  movePointer(from: string | undefined, to: { version: string; publishedAt: Date }): DynamoWrite {
    const pointer: PointerItem = {
      ...catalogPointerKey,
      type: 'CatalogPointer',
      version: to.version,
      ...(from === undefined ? {} : { previous_version: from }),
      updated_at: to.publishedAt.toISOString(),
    };
    return {
      description: `CatalogPointer -> ${to.version}`,
      item: {
        Put: {
          TableName: config().mainTableName,
          Item: pointer,
          ConditionExpression: from === undefined ? 'attribute_not_exists(pk)' : 'version = :current',
          ...(from === undefined ? {} : { ExpressionAttributeValues: { ':current': from } }),
        },
      },
      onConditionFailed: () =>
        new ConcurrentChangeError('Another publication moved the catalog meanwhile; publish again.'),
    };
  },
};

/**
 * Publishes records directly, outside a request (the seed, tests): the same publication as the admin
 * operation, its pointer move committed on its own.
 */
export async function publishRecords(records: CatalogRecords, now: Date): Promise<Publication> {
  const uow = new DynamoUnitOfWork();
  const publication = await publishCatalog(catalogVersions, records, now, uow);
  await commitWrites(uow.writes);
  return publication;
}

/**
 * Sets the contract of an account (or the default one) outside a request (the seed). Unchanged terms
 * are not written again, so Last-Modified and the ETags of the account's pages stay put.
 */
export async function putContract(
  owner: string | 'default',
  terms: ContractTerms,
  now: Date,
): Promise<boolean> {
  const key = owner === 'default' ? defaultContractKey : contractKey(owner);
  const { Item } = await ddb().send(
    new GetCommand({ TableName: config().mainTableName, Key: key, ConsistentRead: true }),
  );
  const stored = Item ? await contractFromItem(Item) : undefined;
  if (stored && sameTerms(stored, terms)) return false;
  const updatedAt = changeTimeAfter(now, stored ? new Date(stored.updatedAt) : undefined);
  const item: ContractItem = {
    ...key,
    type: 'CatalogContract',
    ...termsOf(terms),
    updated_at: updatedAt.toISOString(),
  };
  await ddb().send(new PutCommand({ TableName: config().mainTableName, Item: item }));
  return true;
}

export function sameTerms(a: ContractTerms, b: ContractTerms): boolean {
  return canonicalJson(termsOf(a)) === canonicalJson(termsOf(b));
}
