import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { type ActorType, type AuditOutcome, type AuditRecord, actorTypes } from '../../domain/audit/model.ts';
import type { AuditLog, AuditPage, AuditQuery } from '../../domain/audit/ports.ts';
import { ValidationError } from '../../domain/errors.ts';
import { ddb } from '../client.ts';
import type { DynamoWrite } from '../transaction.ts';

/**
 * The audit log lives in its own table (`auditTable`, shared/db/tables.ts): nothing else is written
 * there, so IAM can grant the writers PutItem only (no UpdateItem, no DeleteItem), its writes never
 * reach the main table's stream, and it can carry one index per filter.
 *
 * Access patterns (newest first, `since` as a sort key condition):
 *
 * | Read                    | Key                                            |
 * |-------------------------|------------------------------------------------|
 * | all records             | pk `AUDIT`, sk `<at>#<id>`                     |
 * | by actor id             | index `byActor`: actor_key `ACTOR#<id>`, sk    |
 * | by target id            | index `byTarget`: target_key `TARGET#<id>`, sk |
 * | by action (operation)   | index `byAction`: action_key `ACTION#<action>` |
 *
 * A query with several filters reads the index of the most selective one (actor, then target, then
 * action) and applies the rest as filter expressions. One partition key holds every record: admin
 * traffic is far below a partition's 1,000 writes per second, and no LSI caps its size.
 */

/** Every record's partition; the indexes' partitions lead with their filter. */
export const auditPartition = 'AUDIT';
export const auditIndexPartitionPrefixes = { actor: 'ACTOR#', target: 'TARGET#', action: 'ACTION#' } as const;
const allRecords = auditPartition;

export interface AuditItem {
  pk: string;
  sk: string;
  actor_key?: string;
  target_key?: string;
  action_key: string;
  entity: 'AuditRecord';
  id: string;
  at: string;
  actor_type: ActorType;
  actor_id: string | null;
  actor_roles: string[];
  action: string;
  target_type: string;
  target_id: string | null;
  request_id: string | null;
  outcome: AuditOutcome;
  reason: string | null;
  details: Record<string, unknown>;
}

export function auditToItem(record: AuditRecord): AuditItem {
  return {
    pk: allRecords,
    sk: `${record.at}#${record.id}`,
    // Sparse: a record that names no actor or target stays out of that index.
    ...(record.actor.id === null
      ? {}
      : { actor_key: `${auditIndexPartitionPrefixes.actor}${record.actor.id}` }),
    ...(record.target.id === null
      ? {}
      : { target_key: `${auditIndexPartitionPrefixes.target}${record.target.id}` }),
    action_key: `${auditIndexPartitionPrefixes.action}${record.action}`,
    entity: 'AuditRecord',
    id: record.id,
    at: record.at,
    actor_type: record.actor.type,
    actor_id: record.actor.id,
    actor_roles: [...record.actor.roles],
    action: record.action,
    target_type: record.target.type,
    target_id: record.target.id,
    request_id: record.requestId,
    outcome: record.outcome,
    reason: record.reason,
    details: { ...record.details },
  };
}

const nullableString = (value: unknown) => (typeof value === 'string' ? value : null);

export function auditFromItem(item: Record<string, unknown>): AuditRecord {
  const actorType = actorTypes.find((type) => type === item.actor_type) ?? 'employee';
  return {
    id: String(item.id),
    at: String(item.at),
    actor: {
      type: actorType,
      id: nullableString(item.actor_id),
      roles: Array.isArray(item.actor_roles) ? item.actor_roles.map(String) : [],
    },
    action: String(item.action),
    target: { type: String(item.target_type), id: nullableString(item.target_id) },
    requestId: nullableString(item.request_id),
    outcome: item.outcome === 'refused' ? 'refused' : 'succeeded',
    reason: nullableString(item.reason),
    details:
      item.details !== null && typeof item.details === 'object' && !Array.isArray(item.details)
        ? (item.details as Record<string, unknown>)
        : {},
  };
}

const sortKeyFormat = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9a-f-]{36}$/;

/** Opaque to callers: the last record's sort key. The partition always comes from the filters. */
const encodeCursor = (sk: string) => Buffer.from(JSON.stringify({ sk })).toString('base64url');

function decodeCursor(cursor: string): string {
  try {
    const { sk } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { sk?: unknown };
    if (typeof sk === 'string' && sortKeyFormat.test(sk)) return sk;
  } catch {}
  throw new ValidationError('The cursor is not valid: pass next_cursor from the previous page unchanged.', [
    { path: 'query.cursor', message: 'Invalid cursor' },
  ]);
}

interface IndexChoice {
  indexName?: string;
  keyAttribute: string;
  keyValue: string;
}

function indexFor(query: AuditQuery): IndexChoice {
  if (query.actorId !== undefined)
    return {
      indexName: 'byActor',
      keyAttribute: 'actor_key',
      keyValue: `${auditIndexPartitionPrefixes.actor}${query.actorId}`,
    };
  if (query.targetId !== undefined)
    return {
      indexName: 'byTarget',
      keyAttribute: 'target_key',
      keyValue: `${auditIndexPartitionPrefixes.target}${query.targetId}`,
    };
  if (query.action !== undefined)
    return {
      indexName: 'byAction',
      keyAttribute: 'action_key',
      keyValue: `${auditIndexPartitionPrefixes.action}${query.action}`,
    };
  return { keyAttribute: 'pk', keyValue: allRecords };
}

/** Filters the chosen index does not already apply (names aliased: `action` is a reserved word). */
function filtersFor(query: AuditQuery, index: IndexChoice) {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, string> = {};
  const add = (attribute: string, value: string | undefined) => {
    if (value === undefined) return;
    conditions.push(`#${attribute} = :${attribute}`);
    names[`#${attribute}`] = attribute;
    values[`:${attribute}`] = value;
  };
  add('actor_type', query.actorType);
  add('target_type', query.targetType);
  if (index.keyAttribute !== 'target_key') add('target_id', query.targetId);
  if (index.keyAttribute !== 'action_key') add('action', query.action);
  return { conditions, names, values };
}

/** Bounds the reads one page may cost when filters skip most items; the cursor then resumes. */
const maxQueriesPerPage = 5;

export function dynamoAuditLog(options: {
  tableName: string;
  client?: () => DynamoDBDocumentClient;
}): AuditLog {
  const client = options.client ?? ddb;
  return {
    append(record: AuditRecord): DynamoWrite {
      return {
        description: `AuditRecord ${record.action}`,
        item: {
          Put: {
            TableName: options.tableName,
            Item: auditToItem(record),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      };
    },

    async list(query: AuditQuery): Promise<AuditPage> {
      const index = indexFor(query);
      const { conditions, names, values } = filtersFor(query, index);
      const keyCondition = `${index.keyAttribute} = :key${query.since ? ' AND sk >= :since' : ''}`;
      const base: QueryCommandInput = {
        TableName: options.tableName,
        ...(index.indexName ? { IndexName: index.indexName } : {}),
        KeyConditionExpression: keyCondition,
        ...(conditions.length > 0
          ? { FilterExpression: conditions.join(' AND '), ExpressionAttributeNames: names }
          : {}),
        ExpressionAttributeValues: {
          ':key': index.keyValue,
          ...(query.since ? { ':since': query.since } : {}),
          ...values,
        },
        ScanIndexForward: false,
        Limit: query.limit + 1,
      };
      const startKey = (sk: string) => ({
        pk: allRecords,
        sk,
        ...(index.keyAttribute === 'pk' ? {} : { [index.keyAttribute]: index.keyValue }),
      });
      let start: Record<string, unknown> | undefined =
        query.cursor === undefined ? undefined : startKey(decodeCursor(query.cursor));
      const found: Record<string, unknown>[] = [];
      for (let round = 0; round < maxQueriesPerPage && found.length <= query.limit; round++) {
        const result = await client().send(
          new QueryCommand({ ...base, ...(start ? { ExclusiveStartKey: start } : {}) }),
        );
        found.push(...(result.Items ?? []));
        start = result.LastEvaluatedKey;
        if (!start) break;
      }
      const items = found.slice(0, query.limit);
      const resumeAt = found.length > query.limit ? items.at(-1)?.sk : start?.sk;
      return {
        items: items.map(auditFromItem),
        nextCursor: typeof resumeAt === 'string' ? encodeCursor(resumeAt) : null,
      };
    },
  };
}
