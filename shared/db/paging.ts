import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config/env.ts';
import { ValidationError } from '../domain/errors.ts';
import { ddb } from './client.ts';

/** The main-table attributes that position a `gsi1` query: base key plus index key. */
export interface IndexPosition {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
}

const positionKeys = ['pk', 'sk', 'gsi1pk', 'gsi1sk'] as const;

function invalidCursor(): ValidationError {
  return new ValidationError('The cursor is not valid: pass next_cursor from the previous page unchanged.', [
    { path: 'query.cursor', message: 'Invalid cursor' },
  ]);
}

/** Opaque to callers: base64url of the last item's key. */
export function encodeCursor(item: Record<string, unknown>): string {
  const position = Object.fromEntries(positionKeys.map((key) => [key, item[key]]));
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/**
 * Decodes a cursor and checks it belongs to the listed partition, so a cursor edited by hand or taken
 * from another list is a 422, never a DynamoDB error or a peek into another partition.
 */
export function decodeCursor(cursor: string, gsi1pk: string, skPrefix = ''): IndexPosition {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidCursor();
  const record = value as Record<string, unknown>;
  if (Object.keys(record).length !== positionKeys.length) throw invalidCursor();
  for (const key of positionKeys) {
    const part = record[key];
    if (typeof part !== 'string' || part.length === 0 || part.length > 512) throw invalidCursor();
  }
  const position = record as unknown as IndexPosition;
  if (position.gsi1pk !== gsi1pk || !position.gsi1sk.startsWith(skPrefix)) throw invalidCursor();
  return position;
}

export interface Gsi1PageQuery {
  gsi1pk: string;
  /** Only items whose gsi1sk starts with this (one entity type of a shared partition). */
  skPrefix: string;
  limit: number;
  cursor: string | undefined;
  /** Newest first when the sort key starts with the creation time. */
  newestFirst?: boolean;
}

/**
 * One page of a `gsi1` partition. Reads one item more than asked, so `nextCursor` is null on the last
 * page instead of pointing at an empty one.
 */
export async function queryGsi1Page(query: Gsi1PageQuery): Promise<{
  items: Record<string, unknown>[];
  nextCursor: string | null;
}> {
  const start =
    query.cursor === undefined ? undefined : decodeCursor(query.cursor, query.gsi1pk, query.skPrefix);
  const result = await ddb().send(
    new QueryCommand({
      TableName: config().mainTableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
      ExpressionAttributeValues: { ':pk': query.gsi1pk, ':prefix': query.skPrefix },
      ScanIndexForward: !query.newestFirst,
      Limit: query.limit + 1,
      ...(start ? { ExclusiveStartKey: { ...start } } : {}),
    }),
  );
  const found = result.Items ?? [];
  const items = found.slice(0, query.limit);
  const last = items.at(-1);
  return { items, nextCursor: found.length > query.limit && last ? encodeCursor(last) : null };
}
