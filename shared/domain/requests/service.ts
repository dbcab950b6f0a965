import { ValidationError } from '../errors.ts';
import type { Page } from '../ports.ts';
import { defaultWindowHours, type RequestRecord, requestLogRetentionDays } from './model.ts';
import type { RequestLogStore } from './ports.ts';

export interface RequestLogRead {
  since?: string | undefined;
  until?: string | undefined;
  status?: number | undefined;
  operationId?: string | undefined;
  requestId?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

const hour = 3_600_000;
const day = 24 * hour;

/**
 * One account's request log, newest first: `until` defaults to now, `since` to a day before `until`;
 * a window may not end before it starts nor span more than the retention (older records are gone).
 */
export async function readRequestLog(
  store: RequestLogStore,
  accountId: string,
  read: RequestLogRead,
  now: Date,
): Promise<Page<RequestRecord>> {
  const until = read.until === undefined ? now : new Date(read.until);
  const since =
    read.since === undefined ? new Date(until.getTime() - defaultWindowHours * hour) : new Date(read.since);
  if (since.getTime() > until.getTime())
    throw new ValidationError('`since` is after `until`.', [
      { path: 'query.since', message: 'Must not be after until' },
    ]);
  if (until.getTime() - since.getTime() > requestLogRetentionDays * day)
    throw new ValidationError(`A window spans at most ${requestLogRetentionDays} days.`, [
      { path: 'query.since', message: `At most ${requestLogRetentionDays} days before until` },
    ]);
  return await store.list({
    accountId,
    since: since.toISOString(),
    until: until.toISOString(),
    status: read.status,
    operationId: read.operationId,
    requestId: read.requestId,
    limit: read.limit,
    cursor: read.cursor,
  });
}
