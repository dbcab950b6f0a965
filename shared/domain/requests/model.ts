/**
 * The request log (docs/support.md, Request log): one record per partner request whose token the
 * pipeline accepted. What a record holds is fixed here and nowhere else: never a body, a token, a
 * secret, a query string or a header.
 */
export const idempotencyStatuses = ['created', 'reused'] as const;
export type IdempotencyStatus = (typeof idempotencyStatuses)[number];

export interface RequestRecord {
  requestId: string;
  /** ISO 8601 UTC, milliseconds. */
  receivedAt: string;
  method: string;
  /** The request path without its query string. */
  path: string;
  operationId: string;
  status: number;
  /** The problem's `code` when the answer was one (4xx, 5xx); otherwise null. */
  code: string | null;
  durationMs: number;
  clientId: string;
  idempotencyStatus: IdempotencyStatus | null;
}

/** A record with the account it belongs to: the account is its partition, never a filter. */
export interface AccountRequestRecord extends RequestRecord {
  accountId: string;
}

/** How long records are kept (the table's TTL), and so the widest window a read may ask for. */
export const requestLogRetentionDays = 30;
/** A read that names no `since` covers the last day. */
export const defaultWindowHours = 24;
