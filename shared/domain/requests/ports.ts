import type { Page } from '../ports.ts';
import type { AccountRequestRecord, RequestRecord } from './model.ts';

/** One read of an account's request log, newest first, within [since, until]. */
export interface RequestLogQuery {
  accountId: string;
  /** ISO 8601 UTC instants, since <= until, at most the retention apart. */
  since: string;
  until: string;
  status?: number | undefined;
  operationId?: string | undefined;
  requestId?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** Request log storage (shared/db/entities/request-log.ts). */
export interface RequestLogStore {
  /** Stores records; storing one twice (a redelivered batch) keeps one. */
  append(records: readonly AccountRequestRecord[]): Promise<void>;
  list(query: RequestLogQuery): Promise<Page<RequestRecord>>;
}
