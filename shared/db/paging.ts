import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config/env.ts';
import { ValidationError } from '../domain/errors.ts';
import type { Page, PageRequest } from '../domain/ports.ts';
import { ddb } from './client.ts';

/** Opaque to callers: base64url of the JSON of the key attributes a query resumes after. */
export const encodeCursor = (position: Record<string, unknown>): string =>
  Buffer.from(JSON.stringify(position)).toString('base64url');

/**
 * The position a cursor holds, when `accepts` recognises it as a position in the list asked for.
 * Anything else, a cursor edited by hand, taken from another list or not even JSON, is a 422, never a
 * DynamoDB error or a peek into another partition.
 */
export function decodeCursor<T extends Record<string, unknown>>(
  cursor: string,
  accepts: (position: Record<string, unknown>) => position is T,
): T {
  try {
    // `accepts` reads properties: on null or a number it fails, or throws into the 422 below.
    const position: Record<string, unknown> = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (/^[\w-]+$/.test(cursor) && accepts(position)) return position;
  } catch {}
  throw new ValidationError('The cursor is not valid: pass next_cursor from the previous page unchanged.', [
    { path: 'query.cursor', message: 'Invalid cursor' },
  ]);
}

/** The main-table attributes that position a `gsi1` query: base key plus index key. */
const indexPositionKeys = ['pk', 'sk', 'gsi1pk', 'gsi1sk'] as const;
export type IndexPosition = Record<(typeof indexPositionKeys)[number], string>;

export const indexCursor = (item: Record<string, unknown>) =>
  encodeCursor(Object.fromEntries(indexPositionKeys.map((key) => [key, item[key]])));

/** A `gsi1` cursor: exactly the four keys, short strings, inside the listed partition and entity type. */
export function decodeIndexCursor(cursor: string, gsi1pk: string, skPrefix = ''): IndexPosition {
  return decodeCursor(
    cursor,
    (position): position is IndexPosition =>
      Object.keys(position).length === indexPositionKeys.length &&
      indexPositionKeys.every(
        (key) => typeof position[key] === 'string' && /^.{1,512}$/s.test(position[key]),
      ) &&
      position.gsi1pk === gsi1pk &&
      String(position.gsi1sk).startsWith(skPrefix),
  );
}

export interface Gsi1PageQuery extends PageRequest {
  gsi1pk: string;
  /** Only items whose gsi1sk starts with this (one entity type of a shared partition). */
  skPrefix: string;
  /** Newest first when the sort key starts with the creation time. */
  newestFirst?: boolean;
}

/**
 * One page of a `gsi1` partition, each item mapped by `fromItem`. Reads one item more than asked, so
 * `nextCursor` is null on the last page instead of pointing at an empty one.
 */
export async function queryGsi1Page<T>(
  query: Gsi1PageQuery,
  fromItem: (item: Record<string, unknown>) => T,
): Promise<Page<T>> {
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
  return {
    items: items.map(fromItem),
    nextCursor: found.length > query.limit && last ? indexCursor(last) : null,
  };
}
