import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import { onReset } from '../../config/reset.ts';
import { type CatalogRecords, catalogRecords } from '../../domain/catalog/catalog-stored.ts';
import { canonicalJson, recordKinds } from '../../domain/catalog/stamps.ts';
import type { RecordKind, RecordOf } from '../../domain/catalog-admin/kinds.ts';
import type { CatalogDraft, CatalogDraftStore, DraftEdit } from '../../domain/catalog-admin/ports.ts';
import { ConcurrentChangeError } from '../../domain/errors.ts';
import type { Page, PageRequest } from '../../domain/ports.ts';
import { ddb } from '../client.ts';
import { decodeCursor, encodeCursor } from '../paging.ts';
import type { DynamoWrite } from '../transaction.ts';
import { batchWrite, catalogVersions, queryPartition, recordKindOf, recordPrefixes } from './catalog.ts';

/**
 * The catalog draft, in one partition of the main table (docs/catalog-admin.md, access patterns):
 * - head     pk `CATALOG_DRAFT`, sk `HEAD`: `revision` (every change steps it, conditionally: the
 *            optimistic lock that keeps checks across records true until the change commits),
 *            `updated_at`, `based_on` (the published version the draft was first copied from).
 * - record   pk `CATALOG_DRAFT`, sk `HUB#|AMENITY#|LOUNGE#|FAST_TRACK#|TARIFF#<id>`: `data` (the record
 *            as a version stores it), `updated_at`.
 * No draft item matches the event stream's filters: edits reach no webhook.
 */
export const draftPartition = 'CATALOG_DRAFT';
export const draftHeadKey = { pk: draftPartition, sk: 'HEAD' } as const;
const draftRecordKey = (kind: RecordKind, id: string) => ({
  pk: draftPartition,
  sk: `${recordPrefixes[kind]}${id}`,
});

interface HeadItem {
  pk: string;
  sk: string;
  type: 'CatalogDraftHead';
  revision: number;
  based_on: string | null;
  updated_at: string | null;
}

const emptyRecords = (): Record<RecordKind, unknown[]> => ({
  hubs: [],
  amenities: [],
  lounges: [],
  fast_tracks: [],
  tariffs: [],
});

function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException;
}

/**
 * A store with no draft yet copies the published catalog into one, record by record and never over
 * a record already there (a change may race the copy), then writes the head. The head's existence
 * marks a complete draft; a container remembers having seen it.
 */
async function initialize(): Promise<void> {
  const current = await catalogVersions.current();
  const table = config().mainTableName;
  const puts = recordKinds.flatMap((kind) =>
    (current?.records[kind] ?? []).map((record) => ({ kind, record })),
  );
  for (let start = 0; start < puts.length; start += 25) {
    await Promise.all(
      puts.slice(start, start + 25).map(async ({ kind, record }) => {
        try {
          await ddb().send(
            new PutCommand({
              TableName: table,
              Item: {
                ...draftRecordKey(kind, record.id),
                type: 'CatalogDraftRecord',
                data: record,
                updated_at: current?.publishedAt.toISOString(),
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            }),
          );
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
      }),
    );
  }
  const head: HeadItem = {
    ...draftHeadKey,
    type: 'CatalogDraftHead',
    revision: 0,
    based_on: current?.version ?? null,
    updated_at: null,
  };
  try {
    await ddb().send(
      new PutCommand({ TableName: table, Item: head, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

let headSeen = false;

async function ensureDraft(): Promise<void> {
  if (headSeen) return;
  const { Item } = await ddb().send(
    new GetCommand({ TableName: config().mainTableName, Key: draftHeadKey, ConsistentRead: true }),
  );
  if (!Item) await initialize();
  headSeen = true;
}

/** Tests and the local stage point the same process at another table. */
onReset(() => {
  headSeen = false;
});

/** Draft entries of one kind, checked as the catalog's records are: as a catalog holding only them. */
async function recordsOf<K extends RecordKind>(kind: K, data: unknown[]): Promise<RecordOf[K][]> {
  const records = catalogRecords.parse({ ...emptyRecords(), [kind]: data });
  return records[kind] as RecordOf[K][];
}

async function draftOf(items: Record<string, unknown>[]): Promise<CatalogDraft | undefined> {
  const head = items.find((item) => item.sk === draftHeadKey.sk) as HeadItem | undefined;
  if (!head) return undefined;
  const records = emptyRecords();
  for (const item of items) {
    const kind = recordKindOf(String(item.sk));
    if (kind) records[kind].push(item.data);
  }
  return {
    revision: Number(head.revision),
    updatedAt: head.updated_at ?? null,
    records: catalogRecords.parse(records),
  };
}

type DraftPosition = { pk: string; sk: string };

export const dynamoCatalogDraftStore = {
  async load(): Promise<CatalogDraft> {
    let draft = await draftOf(await queryPartition(draftPartition, { consistentRead: true }));
    if (!draft) {
      await initialize();
      draft = await draftOf(await queryPartition(draftPartition, { consistentRead: true }));
    }
    if (!draft) throw new Error('The catalog draft could not be started');
    headSeen = true;
    return draft;
  },

  async find<K extends RecordKind>(kind: K, id: string): Promise<RecordOf[K] | undefined> {
    await ensureDraft();
    const { Item } = await ddb().send(
      new GetCommand({
        TableName: config().mainTableName,
        Key: draftRecordKey(kind, id),
        ConsistentRead: true,
      }),
    );
    if (!Item) return undefined;
    const [record] = await recordsOf(kind, [Item.data]);
    return record;
  },

  async list<K extends RecordKind>(kind: K, page: PageRequest): Promise<Page<RecordOf[K]>> {
    await ensureDraft();
    const prefix = recordPrefixes[kind];
    const start =
      page.cursor === undefined
        ? undefined
        : decodeCursor(
            page.cursor,
            (position): position is DraftPosition =>
              Object.keys(position).length === 2 &&
              position.pk === draftPartition &&
              typeof position.sk === 'string' &&
              position.sk.startsWith(prefix) &&
              position.sk.length <= 128,
          );
    const result = await ddb().send(
      new QueryCommand({
        TableName: config().mainTableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': draftPartition, ':prefix': prefix },
        ConsistentRead: true,
        Limit: page.limit + 1,
        ...(start ? { ExclusiveStartKey: { ...start } } : {}),
      }),
    );
    const found = result.Items ?? [];
    const items = found.slice(0, page.limit);
    const last = items.at(-1);
    return {
      items: await recordsOf(
        kind,
        items.map((item) => item.data),
      ),
      nextCursor: found.length > page.limit && last ? encodeCursor({ pk: last.pk, sk: last.sk }) : null,
    };
  },

  change(revision: number, edits: readonly DraftEdit[], at: Date): DynamoWrite[] {
    const table = config().mainTableName;
    const updatedAt = at.toISOString();
    const head: DynamoWrite = {
      description: `CatalogDraft revision ${revision + 1}`,
      item: {
        Update: {
          TableName: table,
          Key: draftHeadKey,
          UpdateExpression: 'SET revision = :next, updated_at = :at',
          ConditionExpression: 'revision = :revision',
          ExpressionAttributeValues: { ':next': revision + 1, ':at': updatedAt, ':revision': revision },
        },
      },
      onConditionFailed: () =>
        new ConcurrentChangeError('The catalog draft changed meanwhile; the change is checked again.'),
    };
    const records = edits.map((edit): DynamoWrite => {
      if ('remove' in edit) {
        return {
          description: `CatalogDraftRecord ${edit.kind} ${edit.remove} removed`,
          item: { Delete: { TableName: table, Key: draftRecordKey(edit.kind, edit.remove) } },
        };
      }
      return {
        description: `CatalogDraftRecord ${edit.kind} ${edit.put.id}`,
        item: {
          Put: {
            TableName: table,
            Item: {
              ...draftRecordKey(edit.kind, edit.put.id),
              type: 'CatalogDraftRecord',
              data: edit.put,
              updated_at: updatedAt,
            },
          },
        },
      };
    });
    return [head, ...records];
  },
} satisfies CatalogDraftStore;

/**
 * Makes the draft hold exactly `records` outside a request (the seed): writes what differs, removes
 * what is gone, steps the revision so a change checked against the old draft runs again. Not one
 * transaction (a catalog exceeds its 100 items): it is a development tool, run while nobody edits.
 */
export async function replaceDraft(records: CatalogRecords, at: Date): Promise<boolean> {
  const draft = await dynamoCatalogDraftStore.load();
  const updatedAt = at.toISOString();
  const writes = recordKinds.flatMap((kind) => {
    const before = new Map<string, unknown>(draft.records[kind].map((record) => [record.id, record]));
    const after = new Set(records[kind].map((record) => record.id));
    const puts = records[kind]
      .filter((record) => canonicalJson(before.get(record.id)) !== canonicalJson(record))
      .map((record) => ({
        PutRequest: {
          Item: {
            ...draftRecordKey(kind, record.id),
            type: 'CatalogDraftRecord',
            data: record,
            updated_at: updatedAt,
          },
        },
      }));
    const deletes = [...before.keys()]
      .filter((id) => !after.has(id))
      .map((id) => ({ DeleteRequest: { Key: draftRecordKey(kind, id) } }));
    return [...puts, ...deletes];
  });
  if (writes.length === 0) return false;
  await batchWrite(writes);
  await ddb().send(
    new UpdateCommand({
      TableName: config().mainTableName,
      Key: draftHeadKey,
      UpdateExpression: 'SET revision = revision + :one, updated_at = :at',
      ExpressionAttributeValues: { ':one': 1, ':at': updatedAt },
    }),
  );
  return true;
}
