import { createHash } from 'node:crypto';
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
} from '../../domain/catalog/records.ts';
import { batchGetMain } from '../batch-get.ts';
import { ddb } from '../client.ts';

/**
 * The catalog, single-table (docs/catalog.md has the access-pattern table):
 * - pointer     pk `CATALOG`, sk `CURRENT`: the published version and when it was published.
 * - snapshot    pk `CATALOG#<version>`, sk `HUB#|AMENITY#|LOUNGE#|FAST_TRACK#|TARIFF#<id>`: one immutable
 *               version, written in full before the pointer moves to it, so a reader never sees half.
 * - image blob  pk `CATALOG_IMAGE#<sha256>`, sk `BLOB`: bytes, content-addressed, immutable.
 * - contract    pk `ACCOUNT#<id>`, sk `CATALOG_CONTRACT`; the default for accounts without one is
 *               pk `CATALOG`, sk `CONTRACT#DEFAULT`.
 */
export const catalogPointerKey = { pk: 'CATALOG', sk: 'CURRENT' } as const;
export const defaultContractKey = { pk: 'CATALOG', sk: 'CONTRACT#DEFAULT' } as const;
export const contractKey = (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'CATALOG_CONTRACT' });
export const snapshotPartition = (version: string) => `CATALOG#${version}`;
export const imageBlobKey = (sha256: string) => ({ pk: `CATALOG_IMAGE#${sha256}`, sk: 'BLOB' });

const recordPrefixes = {
  hubs: 'HUB#',
  amenities: 'AMENITY#',
  lounges: 'LOUNGE#',
  fast_tracks: 'FAST_TRACK#',
  tariffs: 'TARIFF#',
} as const satisfies Record<keyof CatalogRecords, string>;

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

interface ContractItem extends ContractTerms {
  pk: string;
  sk: string;
  type: 'CatalogContract';
  updated_at: string;
}

/** The version is the hash of the content: publishing the same catalog twice changes nothing. */
export function catalogVersion(records: CatalogRecords): string {
  return createHash('sha256').update(JSON.stringify(records)).digest('hex').slice(0, 20);
}

function pointerFromItem(item: Record<string, unknown>): CatalogPointer {
  const stored = item as unknown as PointerItem;
  return {
    version: stored.version,
    updatedAt: new Date(stored.updated_at),
    previousVersion: stored.previous_version,
  };
}

function contractFromItem(item: Record<string, unknown>): Contract {
  const stored = item as unknown as ContractItem;
  return {
    ...contractTerms.parse({
      lounges: stored.lounges,
      fast_tracks: stored.fast_tracks,
      tariffs: stored.tariffs,
    }),
    updatedAt: stored.updated_at,
  };
}

export interface CatalogState {
  pointer: CatalogPointer | undefined;
  /** The account's own contract, else the default one, else undefined. */
  contract: Contract | undefined;
}

/** Every catalog request starts here: pointer, account contract and default contract in ONE BatchGetItem. */
export async function readCatalogState(accountId: string): Promise<CatalogState> {
  const own = contractKey(accountId);
  const found = await batchGetMain([catalogPointerKey, own, defaultContractKey]);
  const pointer = found(catalogPointerKey);
  const contract = found(own) ?? found(defaultContractKey);
  return {
    pointer: pointer ? pointerFromItem(pointer) : undefined,
    contract: contract ? contractFromItem(contract) : undefined,
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
  const perBatch = batchGetLimit - 2;
  const batches: string[][] = [];
  for (let start = 0; start === 0 || start < accounts.length; start += perBatch) {
    batches.push(accounts.slice(start, start + perBatch));
  }
  const reads = await Promise.all(
    batches.map((batch, index) =>
      batchGetMain([
        ...(index === 0 ? [catalogPointerKey, defaultContractKey] : []),
        ...batch.map(contractKey),
      ]),
    ),
  );
  const [first] = reads;
  const pointer = first?.(catalogPointerKey);
  const defaultContract = first?.(defaultContractKey);
  const contracts = new Map<string, Contract | undefined>();
  batches.forEach((batch, index) => {
    for (const accountId of batch) {
      const own = reads[index]?.(contractKey(accountId));
      contracts.set(accountId, own ? contractFromItem(own) : undefined);
    }
  });
  return {
    pointer: pointer ? pointerFromItem(pointer) : undefined,
    defaultContract: defaultContract ? contractFromItem(defaultContract) : undefined,
    contracts,
  };
}

/** The records of one version: a Query of its partition (cold start or a new version only). */
export async function loadSnapshot(version: string): Promise<CatalogRecords> {
  const records: Record<keyof CatalogRecords, unknown[]> = {
    hubs: [],
    amenities: [],
    lounges: [],
    fast_tracks: [],
    tariffs: [],
  };
  const kinds = Object.entries(recordPrefixes) as [keyof CatalogRecords, string][];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: config().mainTableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': snapshotPartition(version) },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const kind = kinds.find(([, prefix]) => String(item.sk).startsWith(prefix))?.[0];
      if (kind) records[kind].push(item.data);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return catalogRecords.parse(records);
}

export async function readImageBlob(sha256: string): Promise<Uint8Array | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: config().mainTableName, Key: imageBlobKey(sha256) }),
  );
  return Item?.bytes instanceof Uint8Array ? Item.bytes : undefined;
}

async function batchWrite(
  requests: NonNullable<BatchWriteCommandInput['RequestItems']>[string],
): Promise<void> {
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

export async function putImageBlob(sha256: string, contentType: string, bytes: Uint8Array): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: config().mainTableName,
      Item: { ...imageBlobKey(sha256), type: 'CatalogImageBlob', content_type: contentType, bytes },
    }),
  );
}

export async function readCatalogPointer(): Promise<CatalogPointer | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: config().mainTableName, Key: catalogPointerKey, ConsistentRead: true }),
  );
  return Item ? pointerFromItem(Item) : undefined;
}

async function deleteSnapshot(version: string): Promise<void> {
  const keys: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: config().mainTableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': snapshotPartition(version) },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: startKey,
      }),
    );
    keys.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  await batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));
}

/**
 * A change time at least one second after the previous one: Last-Modified has second precision, and
 * two changes within one second must still tell If-Modified-Since apart.
 */
function changeTime(now: Date, previous: Date | undefined): Date {
  if (!previous) return now;
  const next = (Math.floor(previous.getTime() / 1000) + 1) * 1000;
  return now.getTime() >= next ? now : new Date(next);
}

export interface PublishOutcome {
  version: string;
  changed: boolean;
}

/**
 * Publishes a catalog: writes its snapshot, then moves the pointer (conditional on the version it
 * replaces, so two publishers never interleave), then drops the version before the replaced one. The
 * replaced one stays for readers still loading it. Image blobs must be written first.
 */
export async function publishCatalog(records: CatalogRecords, now: Date): Promise<PublishOutcome> {
  const version = catalogVersion(records);
  const current = await readCatalogPointer();
  if (current?.version === version) return { version, changed: false };

  const partition = snapshotPartition(version);
  const items = (Object.entries(recordPrefixes) as [keyof CatalogRecords, string][]).flatMap(
    ([kind, prefix]) =>
      records[kind].map((record) => ({
        PutRequest: {
          Item: { pk: partition, sk: `${prefix}${record.id}`, type: 'CatalogRecord', data: record },
        },
      })),
  );
  await batchWrite(items);

  const pointer: PointerItem = {
    ...catalogPointerKey,
    type: 'CatalogPointer',
    version,
    ...(current ? { previous_version: current.version } : {}),
    updated_at: changeTime(now, current?.updatedAt).toISOString(),
  };
  await ddb().send(
    new PutCommand({
      TableName: config().mainTableName,
      Item: pointer,
      ConditionExpression: current ? 'version = :current' : 'attribute_not_exists(pk)',
      ...(current ? { ExpressionAttributeValues: { ':current': current.version } } : {}),
    }),
  );
  const obsolete = current?.previousVersion;
  if (obsolete && obsolete !== version) await deleteSnapshot(obsolete);
  return { version, changed: true };
}

/**
 * Sets the contract of an account (or the default one). Unchanged terms are not written again, so
 * Last-Modified and the ETags of the account's pages stay put.
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
  const stored = Item ? contractFromItem(Item) : undefined;
  if (stored) {
    const same = (Object.keys(terms) as (keyof ContractTerms)[]).every(
      (kind) => JSON.stringify(stored[kind]) === JSON.stringify(terms[kind]),
    );
    if (same) return false;
  }
  const updatedAt = changeTime(now, stored ? new Date(stored.updatedAt) : undefined);
  const item: ContractItem = {
    ...key,
    type: 'CatalogContract',
    ...terms,
    updated_at: updatedAt.toISOString(),
  };
  await ddb().send(new PutCommand({ TableName: config().mainTableName, Item: item }));
  return true;
}
