/**
 * Table shapes shared by CDK (infra/stacks/stateful-stack.ts) and the local stage (infra/local), so
 * the tables DynamoDB Local serves are the ones AWS gets.
 */
export interface TableShape {
  /** Stable id used for CDK logical ids and local table names. */
  id: string;
  partitionKey: string;
  sortKey?: string;
  timeToLiveAttribute: string;
  stream: boolean;
  globalSecondaryIndexes: readonly {
    indexName: string;
    partitionKey: string;
    sortKey: string;
    /** All attributes unless stated; keys-only indexes are written only when their keys change. */
    projection?: 'KEYS_ONLY';
  }[];
}

/** Single-table design for accounts, applications, catalog, bookings, passes, eSIMs, webhooks and events. */
export const mainTable: TableShape = {
  id: 'Main',
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'ttl',
  stream: true,
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    // The booking sweeps (shared/db/entities/booking.ts): they read only the keys (docs/capacity.md).
    { indexName: 'sweeps', partitionKey: 'sweep_pk', sortKey: 'sweep_sk', projection: 'KEYS_ONLY' },
    // The support tools' booking lookups (shared/db/entities/booking.ts, docs/capacity.md).
    { indexName: 'bookingsById', partitionKey: 'booking_ref', sortKey: 'lookup_sk', projection: 'KEYS_ONLY' },
    {
      indexName: 'bookingsByEmail',
      partitionKey: 'email_key',
      sortKey: 'lookup_sk',
      projection: 'KEYS_ONLY',
    },
    {
      indexName: 'bookingsByLastName',
      partitionKey: 'last_name_key',
      sortKey: 'lookup_sk',
      projection: 'KEYS_ONLY',
    },
    {
      indexName: 'bookingsByTransport',
      partitionKey: 'transport_key',
      sortKey: 'lookup_sk',
      projection: 'KEYS_ONLY',
    },
  ],
};

/** Idempotency records live apart so they never reach the event stream. TTL 72 h. */
export const idempotencyTable: TableShape = {
  id: 'Idempotency',
  partitionKey: 'pk',
  timeToLiveAttribute: 'expires_at',
  stream: false,
  globalSecondaryIndexes: [],
};

/**
 * The audit log (shared/db/entities/audit.ts): append-only, no stream, one index per filter. Writers
 * get PutItem only; only the function that serves the audit log reads it.
 */
export const auditTable: TableShape = {
  id: 'Audit',
  partitionKey: 'pk',
  sortKey: 'sk',
  // Unused for now: records are kept; a retention period would set it.
  timeToLiveAttribute: 'expires_at',
  stream: false,
  globalSecondaryIndexes: [
    { indexName: 'byActor', partitionKey: 'actor_key', sortKey: 'sk' },
    { indexName: 'byTarget', partitionKey: 'target_key', sortKey: 'sk' },
    { indexName: 'byAction', partitionKey: 'action_key', sortKey: 'sk' },
  ],
};

/**
 * The request log (shared/db/entities/request-log.ts): one item per partner request, written by the
 * request-log function only, removed by TTL after 30 days; no stream, no index.
 */
export const requestLogTable: TableShape = {
  id: 'RequestLog',
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'expires_at',
  stream: false,
  globalSecondaryIndexes: [],
};

export const tables = [mainTable, idempotencyTable, auditTable, requestLogTable] as const;
