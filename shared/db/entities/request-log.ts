import {
  type DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { ValidationError } from '../../domain/errors.ts';
import type { Page } from '../../domain/ports.ts';
import {
  type AccountRequestRecord,
  idempotencyStatuses,
  type RequestRecord,
  requestLogRetentionDays,
} from '../../domain/requests/model.ts';
import type { RequestLogQuery, RequestLogStore } from '../../domain/requests/ports.ts';
import { ddb } from '../client.ts';

/**
 * The request log lives in its own table (`requestLogTable`, shared/db/tables.ts): no stream (a write
 * per partner request would flood the outbox stream), and a TTL of 30 days.
 *
 * | Read                                   | Key                                                         |
 * |----------------------------------------|-------------------------------------------------------------|
 * | an account's requests in a window      | pk `REQUESTS#<account>#<UTC day>`, sk `<received_at>#<id>`, |
 * |                                        | newest first, one Query per day of the window               |
 * | ... by status, operation or request id | the same Query with a FilterExpression                      |
 *
 * A partition per account and day keeps each one small and spreads an account's writes over time; an
 * account's requests per second stay far below a partition's 1,000 writes (the usage plans' burst
 * limits, docs/quotas.md). Filters are applied within the window's Queries, so their reads cost what
 * the window holds (docs/capacity.md).
 */
export const requestLogPartitionPrefix = 'REQUESTS#';

const dayOf = (instant: string) => instant.slice(0, 10);
export const requestLogKey = (accountId: string, receivedAt: string, requestId: string) => ({
  pk: `${requestLogPartitionPrefix}${accountId}#${dayOf(receivedAt)}`,
  sk: `${receivedAt}#${requestId}`,
});

export interface RequestLogItem {
  pk: string;
  sk: string;
  entity: 'RequestRecord';
  account_id: string;
  request_id: string;
  received_at: string;
  method: string;
  path: string;
  operation_id: string;
  status: number;
  code: string | null;
  duration_ms: number;
  client_id: string;
  idempotency_status: string | null;
  expires_at: number;
}

export function requestLogToItem(record: AccountRequestRecord): RequestLogItem {
  return {
    ...requestLogKey(record.accountId, record.receivedAt, record.requestId),
    entity: 'RequestRecord',
    account_id: record.accountId,
    request_id: record.requestId,
    received_at: record.receivedAt,
    method: record.method,
    path: record.path,
    operation_id: record.operationId,
    status: record.status,
    code: record.code,
    duration_ms: record.durationMs,
    client_id: record.clientId,
    idempotency_status: record.idempotencyStatus,
    expires_at: Math.floor(Date.parse(record.receivedAt) / 1000) + requestLogRetentionDays * 86_400,
  };
}

export function requestLogFromItem(item: Record<string, unknown>): RequestRecord {
  const idempotencyStatus = idempotencyStatuses.find((status) => status === item.idempotency_status) ?? null;
  return {
    requestId: String(item.request_id),
    receivedAt: String(item.received_at),
    method: String(item.method),
    path: String(item.path),
    operationId: String(item.operation_id),
    status: Number(item.status),
    code: typeof item.code === 'string' ? item.code : null,
    durationMs: Number(item.duration_ms),
    clientId: String(item.client_id),
    idempotencyStatus,
  };
}

/** Where the next page starts: a day's partition, after `sk` when given (else from its newest). */
interface Position {
  day: string;
  sk?: string;
}

const dayFormat = /^\d{4}-\d{2}-\d{2}$/;

const encodeCursor = (position: Position) => Buffer.from(JSON.stringify(position)).toString('base64url');

function decodeCursor(cursor: string, query: RequestLogQuery): Position {
  try {
    const { day, sk } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<
      Record<keyof Position, unknown>
    >;
    if (
      typeof day === 'string' &&
      dayFormat.test(day) &&
      day >= dayOf(query.since) &&
      day <= dayOf(query.until) &&
      (sk === undefined || (typeof sk === 'string' && sk.startsWith(day) && sk.length <= 256))
    )
      return sk === undefined ? { day } : { day, sk };
  } catch {}
  throw new ValidationError(
    'The cursor is not valid: pass next_cursor from the previous page unchanged, with the same filters.',
    [{ path: 'query.cursor', message: 'Invalid cursor' }],
  );
}

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);
}

function filterOf(query: RequestLogQuery) {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, string | number> = {};
  const add = (attribute: string, value: string | number | undefined) => {
    if (value === undefined) return;
    conditions.push(`#${attribute} = :${attribute}`);
    names[`#${attribute}`] = attribute;
    values[`:${attribute}`] = value;
  };
  add('status', query.status);
  add('operation_id', query.operationId);
  add('request_id', query.requestId);
  return { conditions, names, values };
}

/** Bounds one page's reads: a 30-day window is 31 partitions, plus a few pages of a busy day. */
const maxQueriesPerPage = 40;
/** Items a filtered Query evaluates at once; unfiltered Queries ask for what the page still needs. */
const filteredQueryLimit = 500;
/** Puts sent at once by one ingest. */
const writeConcurrency = 25;

export function dynamoRequestLog(options: {
  tableName: string;
  client?: () => DynamoDBDocumentClient;
}): RequestLogStore {
  const client = options.client ?? ddb;
  return {
    async append(records) {
      // Unconditional puts: a batch CloudWatch delivers twice rewrites the same items.
      for (let start = 0; start < records.length; start += writeConcurrency) {
        await Promise.all(
          records
            .slice(start, start + writeConcurrency)
            .map((record) =>
              client().send(new PutCommand({ TableName: options.tableName, Item: requestLogToItem(record) })),
            ),
        );
      }
    },

    async list(query): Promise<Page<RequestRecord>> {
      const { conditions, names, values } = filterOf(query);
      const filtered = conditions.length > 0;
      const firstDay = dayOf(query.since);
      let position: Position | undefined = query.cursor
        ? decodeCursor(query.cursor, query)
        : { day: dayOf(query.until) };
      const items: RequestRecord[] = [];
      let queries = 0;
      while (position && items.length < query.limit && queries < maxQueriesPerPage) {
        const day: string = position.day;
        const after: string | undefined = position.sk;
        const partition = `${requestLogPartitionPrefix}${query.accountId}#${day}`;
        const answer: QueryCommandOutput = await client().send(
          new QueryCommand({
            TableName: options.tableName,
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
            ...(filtered
              ? { FilterExpression: conditions.join(' AND '), ExpressionAttributeNames: names }
              : {}),
            ExpressionAttributeValues: {
              ':pk': partition,
              ':from': query.since,
              // `~` sorts after every character of a request id: the records of `until` itself count.
              ':to': `${query.until}#~`,
              ...values,
            },
            ScanIndexForward: false,
            Limit: filtered ? filteredQueryLimit : query.limit - items.length,
            ...(after ? { ExclusiveStartKey: { pk: partition, sk: after } } : {}),
          }),
        );
        const { Items = [], LastEvaluatedKey } = answer;
        queries++;
        let lastTaken: string | undefined;
        for (const item of Items) {
          if (items.length >= query.limit) break;
          items.push(requestLogFromItem(item));
          lastTaken = String(item.sk);
        }
        const cutShort = lastTaken !== undefined && lastTaken !== Items.at(-1)?.sk;
        if (cutShort) position = { day, sk: lastTaken as string };
        else if (LastEvaluatedKey) position = { day, sk: String(LastEvaluatedKey.sk) };
        else position = day > firstDay ? { day: previousDay(day) } : undefined;
      }
      return { items, nextCursor: position ? encodeCursor(position) : null };
    },
  };
}
