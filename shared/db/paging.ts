import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config/env.ts';
import { ValidationError } from '../domain/errors.ts';
import type { Page } from '../domain/ports.ts';
import { ddb } from './client.ts';

function invalidCursor(): ValidationError {
  return new ValidationError('The cursor is not valid: pass next_cursor from the previous page unchanged.', [
    { path: 'query.cursor', message: 'Invalid cursor' },
  ]);
}

/** Opaque to callers: base64url of the JSON of the key attributes a query resumes after. */
export function encodeCursor(item: Record<string, unknown>, keys: readonly string[]): string {
  return Buffer.from(JSON.stringify(Object.fromEntries(keys.map((key) => [key, item[key]])))).toString(
    'base64url',
  );
}

/**
 * Decodes a cursor of exactly `keys`, each a short non-empty string, that `belongs` accepts as a
 * position in the list asked for: a cursor edited by hand or taken from another list is a 422, never a
 * DynamoDB error or a peek into another partition.
 */
export function decodeCursor<K extends string>(
  cursor: string,
  keys: readonly K[],
  belongs: (position: Record<K, string>) => boolean,
): Record<K, string> {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidCursor();
  const entries = Object.entries(value);
  if (entries.length !== keys.length) throw invalidCursor();
  const position: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const part: unknown = (value as Record<string, unknown>)[key];
    if (typeof part !== 'string' || part.length === 0 || part.length > 512) throw invalidCursor();
    position[key] = part;
  }
  const complete = position as Record<K, string>;
  if (!belongs(complete)) throw invalidCursor();
  return complete;
}

/** The main-table attributes that position a `gsi1` query: base key plus index key. */
const indexPositionKeys = ['pk', 'sk', 'gsi1pk', 'gsi1sk'] as const;
export type IndexPosition = Record<(typeof indexPositionKeys)[number], string>;

export const indexCursor = (item: Record<string, unknown>) => encodeCursor(item, indexPositionKeys);

/** A `gsi1` cursor, accepted only inside the listed partition and entity type. */
export function decodeIndexCursor(cursor: string, gsi1pk: string, skPrefix = ''): IndexPosition {
  return decodeCursor(
    cursor,
    indexPositionKeys,
    (position) => position.gsi1pk === gsi1pk && position.gsi1sk.startsWith(skPrefix),
  );
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
export async function queryGsi1Page(query: Gsi1PageQuery): Promise<Page<Record<string, unknown>>> {
  const start =
    query.cursor === undefined ? undefined : decodeIndexCursor(query.cursor, query.gsi1pk, query.skPrefix);
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
  return { items, nextCursor: found.length > query.limit && last ? indexCursor(last) : null };
}
