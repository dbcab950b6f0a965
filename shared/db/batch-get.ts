import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config/env.ts';
import { ddb } from './client.ts';

type Key = Record<string, unknown>;

/** Retries of keys a BatchGetItem left unprocessed (throttling) before the read fails. */
const maxRetries = 5;

/**
 * Reads keys of the main table in one BatchGetItem, reading unprocessed keys again with backoff, and
 * returns a lookup by key. Absent items are undefined.
 */
export async function batchGetMain(
  keys: readonly { pk: string; sk: string }[],
  options: { consistentRead?: boolean } = {},
): Promise<(key: { pk: string; sk: string }) => Key | undefined> {
  const table = config().mainTableName;
  const found: Key[] = [];
  let request: Key[] = [...keys];
  for (let attempt = 0; request.length > 0; attempt++) {
    if (attempt > maxRetries) throw new Error(`BatchGetItem left ${request.length} keys unprocessed`);
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
    const { Responses, UnprocessedKeys } = await ddb().send(
      new BatchGetCommand({
        RequestItems: {
          [table]: { Keys: request, ...(options.consistentRead ? { ConsistentRead: true } : {}) },
        },
      }),
    );
    found.push(...(Responses?.[table] ?? []));
    request = UnprocessedKeys?.[table]?.Keys ?? [];
  }
  return (key) => found.find((item) => item.pk === key.pk && item.sk === key.sk);
}
