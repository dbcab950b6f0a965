import type { Duration } from 'aws-cdk-lib';
import type {
  Context,
  DynamoDBBatchResponse,
  DynamoDBStreamEvent,
  SQSBatchResponse,
  SQSEvent,
} from 'aws-lambda';
import {
  type FunctionProfile,
  type InvocableFunction,
  invocableFunctions,
  type QueueUrlVariable,
  type RuntimeSettings,
  runtimeEnvironment,
  type SecretName,
} from '../shared/config/env.ts';
import type { SigningKeyPurpose } from '../shared/crypto/signing-key-vault.ts';
import { feedStreamFilterPattern } from '../shared/db/entities/event-feed.ts';
import {
  webhookDeduplicationIdPath,
  webhookEventFilterPattern,
  webhookMessageGroupIdPath,
} from '../shared/db/entities/webhook-message.ts';
import { requestLineFilterPattern } from '../shared/observability/request-log.ts';
import { routeList } from '../shared/routes/index.ts';
import type { FunctionGroup } from '../shared/routes/types.ts';
import type { FilterPattern } from './local/event-filter.ts';
import type { StageConfig } from './stage-config.ts';
import { type KeyPattern, partitionsOf } from './table-keys.ts';

/*
 * Every function of the service, declared once: one per function group of the route table, and the
 * workers (stream and queue consumers, schedules, key rotation). Each declares what it may access,
 * what invokes it and, through `functionEnvironment`, the environment it runs with. CDK builds
 * functions, grants, event source mappings, Pipes, queues and EventBridge rules from here
 * (infra/stacks/api-stack.ts); the local stage runs the same functions from DynamoDB Local's stream,
 * the SQS emulator and timers (infra/local/stage.ts).
 */

/**
 * `append`: PutItem only (the audit log: its writers can neither read, change nor delete a record).
 * `count`: GetItem and UpdateItem only, both limited to the partitions it declares (the daily usage counter).
 */
export type Access = 'read' | 'readWrite' | 'append' | 'count';
export type TableName = 'main' | 'idempotency' | 'audit' | 'requestLog';
export type BucketName = 'images';
export type BucketAccess = 'read' | 'write';
/**
 * The object actions each access grants, by key prefix. `read`: GetObject of images. `write`:
 * PutObject of images (content-addressed, never deleted), and of staged uploads (the upload URLs it
 * signs carry this permission) with GetObject to check them; nothing deletes.
 */
export const bucketGrants: Record<BucketAccess, readonly { prefix: string; actions: readonly string[] }[]> = {
  read: [{ prefix: 'images/', actions: ['s3:GetObject'] }],
  write: [
    { prefix: 'images/', actions: ['s3:PutObject'] },
    { prefix: 'uploads/', actions: ['s3:GetObject', 's3:PutObject'] },
  ],
};
export type { SecretName };

export type SigningKeyAccess = { sign: readonly SigningKeyPurpose[] } | { manage: true };

/** Least privilege: a function gets exactly these grants and nothing else. */
export interface FunctionNeeds {
  tables?: Partial<Record<TableName, Access>>;
  /**
   * The partitions it may read and write in each table of `tables` (IAM dynamodb:LeadingKeys): key
   * patterns from infra/table-keys.ts. Writes imply reads where the access reads at all.
   */
  keys?: Partial<Record<TableName, { reads?: readonly KeyPattern[]; writes?: readonly KeyPattern[] }>>;
  secrets?: Partial<Record<SecretName, 'read' | 'readWrite'>>;
  /** Objects of the service's buckets (infra/stacks/stateful-stack.ts). */
  buckets?: Partial<Record<BucketName, BucketAccess>>;
  /**
   * The private signing keys, in KMS (docs/operations.md, Signing keys): `sign` with the keys of these
   * purposes (kms:Sign, nothing else), or `manage` them (create, read public keys, schedule deletion:
   * key rotation only). Nobody can read a private key.
   */
  signingKeys?: SigningKeyAccess;
  /** Workers with an `invoke` trigger it may invoke (lambda:InvokeFunction on each, nothing else). */
  invokes?: readonly InvocableFunction[];
  memorySize?: 512 | 1024;
}

/**
 * Every function serving metered partner routes adds its requests to the daily usage counter
 * (docs/quotas.md, Headers in AWS): items `USAGE#...` of the idempotency table. Those without other
 * access to that table get exactly this (a test checks every such group has it).
 */
const dailyUsageCounter = {
  tables: { idempotency: 'count' },
  keys: { idempotency: { writes: partitionsOf('idempotency', 'dailyUsage') } },
} as const satisfies FunctionNeeds;

/** Idempotency records and the daily usage counter: functions serving metered creates. */
const idempotentCreates = { writes: partitionsOf('idempotency', 'idempotencyRecords', 'dailyUsage') };

/**
 * Where account records were stored before `npm run migrate:account-partitions` (docs/deploy.md): their
 * readers look there on a miss until every stage has run it. Reads only; goes with that fallback.
 */
const legacyAccountRecords = partitionsOf('main', 'accounts');

/**
 * What authenticating a token reads (shared/auth): the caller's account record and application, or the
 * employee's revocation. Every function serving a route with a token reads these; the account's
 * records hold its contract and eSIM reseller link too, which catalog, booking and esim read.
 */
const callerStanding = [
  ...partitionsOf('main', 'accountRecords', 'applications', 'employeeRevocations'),
  ...legacyAccountRecords,
];

/** Bookings, in their account's partition: the item is its own outbox (the processor publishes). */
const bookingWrites = partitionsOf('main', 'accounts');
/** eSIMs and orders (in their account's partition) with their events and ledger lines. */
const esimWrites = partitionsOf('main', 'accounts', 'events');

/** The Lambda of each route group; a new group in the route table does not compile until it declares its needs. */
export const routeFunctions: Record<FunctionGroup, FunctionNeeds> = {
  auth: {
    // Employee login writes its login states and one-time codes, token issuing the lockout records of
    // client ids (docs/quotas.md) and spent proof jtis, and nothing else of the main table.
    tables: { main: 'readWrite', audit: 'append' },
    keys: {
      main: {
        reads: [...callerStanding, ...partitionsOf('main', 'venues', 'venueDevices')],
        // Spent jtis of venue devices' client assertions and DPoP proofs (docs/venues.md).
        writes: partitionsOf('main', 'employeeLogin', 'clientLockouts', 'proofJtis'),
      },
      audit: { writes: partitionsOf('audit', 'auditRecords') },
    },
    secrets: {
      signingKeys: 'read',
      jwks: 'read',
      clientSecretPepper: 'read',
      idpClientSecret: 'read',
      loginStateKey: 'read',
    },
    signingKeys: { sign: ['access-token'] },
    // 512 MB (the default) since issue 40: a grant's signature is a KMS Sign (network, not CPU) and its
    // secret check one HMAC; footprint about 70 MiB after the first grant (docs/capacity.md, Memory).
  },
  meta: {},
  admin: {
    tables: { main: 'readWrite', idempotency: 'readWrite', audit: 'append' },
    // Internet-facing: it never holds the partner CA's key, the signing function signs its CSRs.
    invokes: ['certificate-signing'],
    keys: {
      main: {
        reads: partitionsOf(
          'main',
          'accountLists',
          'venueLists',
          'catalog',
          'redemptions',
          'bookingLookups',
          // A booking's or an eSIM's ledger lines in the support tools (docs/support.md).
          'ledgerSubjects',
        ),
        writes: [
          ...partitionsOf('main', 'venues', 'venueDevices', 'enrollmentCodes'),
          ...partitionsOf(
            'main',
            'accountRecords',
            'accounts',
            'applications',
            'employeeRevocations',
            'esimPools',
            'iccidRegistry',
          ),
          // An employee's redelivery of a webhook (docs/webhooks.md).
          ...partitionsOf('main', 'webhookDeliveries', 'redeliveries'),
          // The ledger lines of a cancel on the partner's behalf (docs/support.md).
          ...partitionsOf('main', 'ledger'),
          // An employee's suspend or resume of an eSIM sends esim.status.changed (docs/esim.md).
          ...partitionsOf('main', 'events'),
        ],
      },
      idempotency: idempotentCreates,
      audit: { writes: partitionsOf('audit', 'auditRecords') },
    },
    secrets: {
      jwks: 'read',
      clientSecretPepper: 'read',
      idempotencyEncryptionKey: 'read',
      // Account creation and plan changes create the account's API Gateway key (docs/quotas.md).
      usageKeySecret: 'read',
      // The support views of an eSIM show its traveller's share link.
      esimShareLinkKey: 'read',
    },
    memorySize: 1024,
  },
  // The audit log's reader: the only function that may read the audit table, and it writes nothing.
  audit: {
    // The main table for the employee's revocation only (shared/auth/employee-standing.ts).
    tables: { main: 'read', audit: 'read' },
    keys: {
      main: { reads: partitionsOf('main', 'employeeRevocations') },
      audit: { reads: partitionsOf('audit', 'auditRecords', 'auditIndexes') },
    },
    secrets: { jwks: 'read' },
  },
  catalog: {
    tables: { main: 'read', ...dailyUsageCounter.tables },
    keys: {
      main: { reads: [...callerStanding, ...partitionsOf('main', 'catalog')] },
      ...dailyUsageCounter.keys,
    },
    secrets: { jwks: 'read' },
    buckets: { images: 'read' },
  },
  booking: {
    tables: { main: 'readWrite', idempotency: 'readWrite' },
    keys: {
      // A per_pass confirm's and cancel's ledger lines (docs/billing.md).
      main: {
        reads: [...callerStanding, ...partitionsOf('main', 'catalog')],
        writes: [...bookingWrites, ...partitionsOf('main', 'ledger')],
      },
      idempotency: idempotentCreates,
    },
    // GET /.well-known/pass-keys.json publishes the public pass keys: never the key set. The wallet
    // passes are signed with the pass-type certificate and the Google Wallet key (docs/wallet.md).
    secrets: {
      jwks: 'read',
      passKeysPublic: 'read',
      idempotencyEncryptionKey: 'read',
      applePassCertificate: 'read',
      googleWalletKey: 'read',
    },
    // A pkpass is an RSA signature and a zip on the request path: more memory buys more CPU.
    memorySize: 1024,
  },
  // Orders, eSIMs, pool claims and their events in the main table (which also holds the catalog it
  // checks tariffs against); idempotency records for order and top-up. No pass or signing keys.
  esim: {
    tables: { main: 'readWrite', idempotency: 'readWrite' },
    keys: {
      // Orders claim eSIMs from the account's pool.
      main: {
        reads: [...callerStanding, ...partitionsOf('main', 'catalog')],
        // A confirm's and a top-up's ledger lines (docs/billing.md).
        writes: [...esimWrites, ...partitionsOf('main', 'esimPools', 'ledger')],
      },
      idempotency: idempotentCreates,
    },
    // Each eSIM answer signs its traveller's share link (docs/esim.md, Install help).
    secrets: { jwks: 'read', idempotencyEncryptionKey: 'read', esimShareLinkKey: 'read' },
  },
  // The idempotency table and key: recover takes an optional Idempotency-Key. Read-write access to that
  // table covers the daily usage counter too.
  webhooks: {
    tables: { main: 'readWrite', idempotency: 'readWrite' },
    keys: {
      main: {
        reads: callerStanding,
        writes: partitionsOf(
          'main',
          'accounts',
          'events',
          'redeliveries',
          'webhookDeliveries',
          'recoveryJobs',
        ),
      },
      idempotency: idempotentCreates,
    },
    secrets: { jwks: 'read', webhookEncryptionKey: 'read', idempotencyEncryptionKey: 'read' },
  },
  sandbox: {
    tables: { main: 'readWrite', ...dailyUsageCounter.tables },
    // Sandbox bookings and eSIM usage.
    // Sandbox bookings' pass uses go through the redemption use case (docs/redemptions.md).
    keys: {
      main: {
        reads: callerStanding,
        writes: [...esimWrites, ...partitionsOf('main', 'redemptions', 'ledger')],
      },
      ...dailyUsageCounter.keys,
    },
    // The simulated profile report answers the eSIM with its share link.
    secrets: { jwks: 'read', esimShareLinkKey: 'read' },
  },
  // The plan comes from the authorizer's context; the main table only when a request arrives without
  // one. The day's usage is the service's own count, not API Gateway's.
  quotas: {
    tables: { main: 'read', ...dailyUsageCounter.tables },
    keys: { main: { reads: callerStanding }, ...dailyUsageCounter.keys },
    secrets: { jwks: 'read' },
  },
  // The request log's reader (docs/support.md): partners their own account's, employees any one's.
  requests: {
    tables: { main: 'read', requestLog: 'read', ...dailyUsageCounter.tables },
    keys: {
      main: { reads: callerStanding },
      requestLog: { reads: partitionsOf('requestLog', 'requestRecords') },
      ...dailyUsageCounter.keys,
    },
    secrets: { jwks: 'read' },
  },
  // Catalog administration (docs/catalog-admin.md): the only writer of the images bucket.
  'catalog-admin': {
    tables: { main: 'readWrite', idempotency: 'readWrite', audit: 'append' },
    keys: {
      // Account contracts live in the account's records.
      main: {
        reads: callerStanding,
        writes: partitionsOf('main', 'accountRecords', 'catalog', 'catalogDrafts'),
      },
      // Its routes are on the admin API, which meters nothing.
      idempotency: { writes: partitionsOf('idempotency', 'idempotencyRecords') },
      audit: { writes: partitionsOf('audit', 'auditRecords') },
    },
    secrets: { jwks: 'read', idempotencyEncryptionKey: 'read' },
    buckets: { images: 'write' },
    // Uploads hash and inspect up to 5 MiB; more memory buys more CPU.
    memorySize: 1024,
  },
  // {venue_url} (docs/venues.md, docs/redemptions.md): device registration spends an enrollment code
  // and creates the device; every other request spends its DPoP proof's jti. A redemption writes its
  // item and the booking's pass use (the booking is its own outbox: no event item). Scanned QRs are
  // checked against the public pass keys only. Idempotency records under the venue's tenant alone.
  venue: {
    tables: { main: 'readWrite', idempotency: 'readWrite' },
    keys: {
      main: {
        reads: partitionsOf('main', 'venues', 'passReferences', 'venueRedemptions'),
        writes: partitionsOf(
          'main',
          'enrollmentCodes',
          'venueDevices',
          'proofJtis',
          'redemptions',
          'accounts',
          // A per_visit pass's visit line (docs/billing.md).
          'ledger',
        ),
      },
      idempotency: { writes: partitionsOf('idempotency', 'venueIdempotencyRecords') },
    },
    secrets: { jwks: 'read', passKeysPublic: 'read', idempotencyEncryptionKey: 'read' },
  },
  // Statements and lines (docs/billing.md): reads, the finance export (the account list) and employees'
  // adjustments, audited in their transaction. Its admin-host routes meter nothing.
  billing: {
    tables: { main: 'readWrite', idempotency: 'readWrite', audit: 'append' },
    keys: {
      main: {
        reads: [...callerStanding, ...partitionsOf('main', 'accountLists')],
        writes: partitionsOf('main', 'ledger'),
      },
      idempotency: idempotentCreates,
      audit: { writes: partitionsOf('audit', 'auditRecords') },
    },
    secrets: { jwks: 'read', idempotencyEncryptionKey: 'read' },
  },
  // {es2plus_url} (docs/esim.md, Profile state): the SM-DP+'s notifications. It finds the eSIM's account
  // in the ICCID registry and writes the eSIM with its event; no token, so no key set, no idempotency
  // table (a replayed call identifier is recorded on the eSIM itself).
  es2plus: {
    tables: { main: 'readWrite' },
    keys: { main: { reads: partitionsOf('main', 'iccidRegistry'), writes: esimWrites } },
  },
  // The events feed's reader (docs/events.md): the caller's standing and its account's feed, nothing else.
  events: {
    tables: { main: 'read', ...dailyUsageCounter.tables },
    keys: {
      main: { reads: [...callerStanding, ...partitionsOf('main', 'eventFeeds')] },
      ...dailyUsageCounter.keys,
    },
    secrets: { jwks: 'read' },
  },
  // {esim_page_url}'s one read (docs/esim.md, Install help): the share link's key to verify it, the eSIM
  // (the account's partition) and the partner's display name (its account record). Writes nothing.
  'esim-page': {
    tables: { main: 'read' },
    keys: { main: { reads: partitionsOf('main', 'accounts', 'accountRecords') } },
    secrets: { esimShareLinkKey: 'read' },
  },
};

export type QueueName = 'webhook-deliveries';

/** An SQS queue of the service, with its dead-letter queue. */
export interface QueueDefinition {
  /** Queue name; the dead-letter queue is `<name>-dlq` (FIFO: `<name>.fifo` and `<name>-dlq.fifo`). */
  name: QueueName;
  /** FIFO queue and dead-letter queue (ordered per message group). */
  fifo?: boolean;
  /** Environment variable through which the functions using the queue learn its URL. */
  urlEnvironmentVariable: QueueUrlVariable;
  /** Environment variable with the dead-letter queue URL, for consumers that dead-letter explicitly. */
  deadLetterUrlEnvironmentVariable?: QueueUrlVariable;
  visibilityTimeoutSeconds: number;
  /** Receives before a message moves to the dead-letter queue. */
  maxReceiveCount: number;
}

/** Queues of the service; their consumers name them in `workers`. */
export const queues: readonly QueueDefinition[] = [
  {
    // Webhook deliveries (docs/webhooks.md): fed by the webhook-events pipe, consumed by the dispatcher.
    name: 'webhook-deliveries',
    fifo: true,
    urlEnvironmentVariable: 'WEBHOOK_QUEUE_URL',
    deadLetterUrlEnvironmentVariable: 'WEBHOOK_DLQ_URL',
    visibilityTimeoutSeconds: 360,
    // The dispatcher dead-letters spent schedules itself; this is the net for crashes. A message waiting
    // behind a failing one of its group is received again with each retry of it (batches of 10), so
    // the net sits far above attempts x events per booking (8 x 7).
    maxReceiveCount: 100,
  },
];

/**
 * An EventBridge Pipe from the main table's stream to one of `queues`: each record that passes the
 * filter becomes one message whose body is the record, as Pipes sends it.
 */
export interface StreamPipe {
  name: string;
  filterPatterns: readonly FilterPattern[];
  /** `name` of the target in `queues`. */
  queueName: QueueName;
  /** FIFO targets: Pipes dynamic paths into the record for MessageGroupId and MessageDeduplicationId. */
  messageGroupIdPath?: string;
  messageDeduplicationIdPath?: string;
}

/** Pipes of the service, the same definitions CDK gives its CfnPipe. */
export const streamPipes: readonly StreamPipe[] = [
  {
    // Outbox event items to the webhook queue (infra/constructs/webhook-pipeline.ts in AWS).
    name: 'webhook-events',
    filterPatterns: [webhookEventFilterPattern],
    queueName: 'webhook-deliveries',
    messageGroupIdPath: webhookMessageGroupIdPath,
    messageDeduplicationIdPath: webhookDeduplicationIdPath,
  },
];

/** Fed by the main table's stream (an event source mapping in AWS). */
export interface StreamTrigger {
  kind: 'stream';
  batchSize?: number;
  /** Lambda event filtering: only records matching one of the patterns reach the function. */
  filterPatterns?: readonly FilterPattern[];
  /** Retries of a failed batch before it is skipped and logged (Lambda: on-failure destination). */
  maximumRetryAttempts?: number;
  /** The handler answers `batchItemFailures`; the batch is retried from the first failed record. */
  reportBatchItemFailures?: boolean;
}

/** Consumes one of `queues` (an SQS event source mapping in AWS). */
export interface QueueTrigger {
  kind: 'queue';
  queue: QueueName;
  batchSize?: number;
  /** The handler answers `batchItemFailures` (partial batch response). */
  reportBatchItemFailures?: boolean;
}

/** A setting of the stage (infra/stage-config.ts) that is a duration. */
export type StageInterval = {
  [K in keyof StageConfig]: StageConfig[K] extends Duration ? K : never;
}[keyof StageConfig];

/** An EventBridge cron expression's fields, in UTC (`*` where unset). */
export interface CronFields {
  minute: string;
  hour: string;
  day: string;
}

/** Invoked by EventBridge at a fixed rate, or at fixed times. */
export interface ScheduleTrigger {
  kind: 'schedule';
  /**
   * A rate in minutes, which the local stage runs on a timer too, or a stage setting (too long for a
   * local timer), or fixed times (`cron`: the local stage runs those only when a test calls them).
   */
  every: { minutes: number } | StageInterval | { cron: CronFields };
  description?: string;
  /** EventBridge retries of a failed invocation. */
  retryAttempts?: number;
  /**
   * Run once by the first deploy (a CDK Trigger with this construct id), so what the schedule
   * maintains exists from the start. The local stage does the same work when it starts.
   */
  firstRunId?: string;
  /** An alarm when a run fails, with this description. */
  errorAlarm?: string;
}

/**
 * Invoked synchronously (Lambda Invoke) by the functions that name it in `invokes`: no API, no event
 * source. Its name must be one of `invocableFunctions` (shared/config/env.ts).
 */
export interface InvokeTrigger {
  kind: 'invoke';
}

/**
 * Fed by CloudWatch Logs: a subscription filter with `filterPattern` on the log group of every function
 * serving a route of the partner host (`logSubscriptionSources`). The local stage hands the matching
 * lines of those functions' output to the worker in the same event format, within a second.
 */
export interface LogSubscriptionTrigger {
  kind: 'logSubscription';
  filterPattern: string;
}

export interface WorkerDefinition extends FunctionNeeds {
  /** The route group it exists for: where the group is not deployed, nothing needs the worker. */
  servesGroup: FunctionGroup;
  trigger: StreamTrigger | QueueTrigger | ScheduleTrigger | InvokeTrigger | LogSubscriptionTrigger;
  /** Default: 30 s for stream consumers and invoked functions, a sixth of the queue's visibility timeout for queue consumers, the interval minus 10 s (at most 300 s) for schedules (300 s for cron schedules). */
  timeoutSeconds?: number;
}

/** Functions that serve no route; features add theirs here. */
const workerDefinitions = {
  'key-rotation': {
    servesGroup: 'auth',
    secrets: {
      signingKeys: 'readWrite',
      jwks: 'readWrite',
      passSigningKeys: 'readWrite',
      passKeysPublic: 'readWrite',
    },
    signingKeys: { manage: true },
    timeoutSeconds: 30,
    trigger: {
      kind: 'schedule',
      every: 'keyRotationInterval',
      description: 'Rotates the token signing key; old keys stay published while their tokens live.',
      retryAttempts: 2,
      // The first deploy creates the first signing key, so tokens can be issued right away.
      firstRunId: 'FirstSigningKey',
      errorAlarm: 'The signing key rotation failed: tokens keep using the current key until fixed.',
    },
  },
  'booking-processor': {
    // The one Lambda reader of the main table's stream (the webhook Pipe is the other: DynamoDB
    // Streams advises at most two per shard). Every booking change publishes its events (the item is
    // the outbox), new bookings are issued (pass, hold), and outbox events are numbered into their
    // account's events feed (docs/events.md).
    servesGroup: 'booking',
    tables: { main: 'readWrite' },
    keys: {
      main: { writes: [...bookingWrites, ...partitionsOf('main', 'events', 'passReferences', 'eventFeeds')] },
    },
    secrets: { passSigningKeys: 'read' },
    signingKeys: { sign: ['pass'] },
    trigger: {
      kind: 'stream',
      // Events are appended per account and batch (one transaction per 40 of an account's events);
      // bookings are handled one by one in order whatever the batch size.
      batchSize: 100,
      filterPatterns: [
        { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { entity: { S: ['Booking'] } } } },
        feedStreamFilterPattern,
      ],
      // An event given up on would be missing from the feed for good: retry for as long as Lambda
      // allows (the record's age caps it at 6 h). A booking given up on is issued by the recovery sweep.
      maximumRetryAttempts: 10_000,
      reportBatchItemFailures: true,
    },
  },
  'booking-expiry': {
    // Issued bookings past their hold become Expired; unused per_visit passes get their no_show line.
    servesGroup: 'booking',
    tables: { main: 'readWrite' },
    keys: {
      main: {
        reads: partitionsOf('main', 'bookingSweeps'),
        writes: [...bookingWrites, ...partitionsOf('main', 'ledger')],
      },
    },
    trigger: { kind: 'schedule', every: { minutes: 1 } },
  },
  'recovery-sweep': {
    // Records stuck in an intermediate state (bookings Processing past two minutes) are re-driven.
    servesGroup: 'booking',
    tables: { main: 'readWrite' },
    keys: {
      main: {
        reads: partitionsOf('main', 'bookingSweeps'),
        writes: [...bookingWrites, ...partitionsOf('main', 'passReferences')],
      },
    },
    // It issues passes, like the processor: the one other signer.
    secrets: { passSigningKeys: 'read' },
    signingKeys: { sign: ['pass'] },
    trigger: {
      kind: 'schedule',
      every: { minutes: 1 },
      description: 'Re-drives records stranded in an intermediate state (docs/reliability.md).',
      errorAlarm: 'The recovery sweep failed: stranded bookings stay Processing until it runs again.',
    },
  },
  'esim-expiry': {
    // eSIM packages past expires_at become Expired (docs/esim.md): it reads the expiry index and
    // rewrites eSIMs with their outbox events, in the main table only.
    servesGroup: 'esim',
    tables: { main: 'readWrite' },
    keys: {
      main: { reads: partitionsOf('main', 'esimExpiry'), writes: esimWrites },
    },
    trigger: { kind: 'schedule', every: { minutes: 1 } },
  },
  'certificate-signing': {
    // Signs partner CSRs for the admin function: the only reader of the partner CA's key, behind no API
    // (docs/operations.md, Keys).
    servesGroup: 'admin',
    secrets: { partnerCa: 'read' },
    timeoutSeconds: 10,
    trigger: { kind: 'invoke' },
  },
  'certificate-expiry': {
    // Counts active partner certificates expiring within 30 days (docs/operations.md): a Query of the
    // expiry index; it writes only the certificate items of accounts older than them (docs/accounts.md).
    servesGroup: 'admin',
    tables: { main: 'readWrite' },
    keys: {
      main: {
        reads: partitionsOf('main', 'accountLists', 'certificateExpiry'),
        writes: partitionsOf('main', 'accountRecords'),
      },
    },
    trigger: {
      kind: 'schedule',
      every: { minutes: 24 * 60 },
      description:
        'Counts partner certificates that expire within 30 days (the CertificatesExpiringSoon alarm).',
      retryAttempts: 2,
      errorAlarm:
        'The certificate expiry check failed: expiring partner certificates go unnoticed until fixed.',
    },
  },
  'statement-closing': {
    // Closes last month's statements (docs/billing.md, Statements): the account list, every total shard
    // of the month, the closed statement with its outbox event. Nothing else.
    servesGroup: 'billing',
    tables: { main: 'readWrite' },
    keys: {
      main: { reads: partitionsOf('main', 'accountLists'), writes: partitionsOf('main', 'ledger', 'events') },
    },
    timeoutSeconds: 900,
    trigger: {
      kind: 'schedule',
      every: { cron: { minute: '0', hour: '0', day: '2' } },
      description: "Closes last month's statements at 00:00 UTC on the 2nd (docs/billing.md).",
      retryAttempts: 2,
      errorAlarm: "Closing last month's statements failed: run it again (a re-run changes nothing closed).",
    },
  },
  'request-log': {
    // Stores the request lines of the partner-facing functions' logs (docs/support.md, Request log):
    // PutItem of request records, nothing else.
    servesGroup: 'requests',
    tables: { requestLog: 'append' },
    keys: { requestLog: { writes: partitionsOf('requestLog', 'requestRecords') } },
    timeoutSeconds: 30,
    trigger: { kind: 'logSubscription', filterPattern: requestLineFilterPattern },
  },
  'webhook-dispatcher': {
    // Signs and delivers webhooks (docs/webhooks.md), retrying through message visibility.
    servesGroup: 'webhooks',
    tables: { main: 'readWrite' },
    keys: {
      // The subscription (in the account's partition) and the deliveries.
      main: { writes: partitionsOf('main', 'accounts', 'webhookDeliveries') },
    },
    secrets: { webhookEncryptionKey: 'read' },
    trigger: { kind: 'queue', queue: 'webhook-deliveries', batchSize: 10, reportBatchItemFailures: true },
  },
} satisfies Record<string, WorkerDefinition>;

export type Worker = keyof typeof workerDefinitions;
export const workers: Readonly<Record<Worker, WorkerDefinition>> = workerDefinitions;
export const workerNames = Object.keys(workers) as Worker[];

/**
 * Functions API Gateway itself invokes, before any route's Lambda: the partner API's authorizer
 * (docs/quotas.md), which verifies the token and names the usage plan key metering the caller.
 */
const gatewayFunctionDefinitions = {
  authorizer: {
    // The account's plan from its record; the JWKS to verify; the secret the usage keys derive from.
    tables: { main: 'read' },
    keys: { main: { reads: [...partitionsOf('main', 'accountRecords'), ...legacyAccountRecords] } },
    secrets: { jwks: 'read', usageKeySecret: 'read' },
  },
} satisfies Record<string, FunctionNeeds>;

export type GatewayFunction = keyof typeof gatewayFunctionDefinitions;
export const gatewayFunctions: Readonly<Record<GatewayFunction, FunctionNeeds>> = gatewayFunctionDefinitions;
export const gatewayFunctionNames = Object.keys(gatewayFunctions) as GatewayFunction[];

export type ServiceFunction = FunctionGroup | Worker | GatewayFunction;

export function isWorker(name: ServiceFunction): name is Worker {
  return name in workers;
}

export function isGatewayFunction(name: ServiceFunction): name is GatewayFunction {
  return name in gatewayFunctions;
}

/** Every function's grants, by name. */
export const functionNeeds: Record<ServiceFunction, FunctionNeeds> = {
  ...routeFunctions,
  ...workers,
  ...gatewayFunctions,
};
export const serviceFunctions = Object.keys(functionNeeds) as ServiceFunction[];

// biome-ignore lint/suspicious/noConfusingVoidType: a handler without partial failures returns nothing, as in aws-lambda's own types
type Nothing = void;

export type StreamHandler = (
  event: DynamoDBStreamEvent,
  context: Context,
) => Promise<DynamoDBBatchResponse | Nothing>;
export type QueueHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | Nothing>;

/** A stream trigger with the function it invokes: what an event source mapping (or the local poller) needs. */
export type StreamConsumer = Omit<StreamTrigger, 'kind'> & { functionName: string };
/** A queue trigger with its queue and the function it invokes. */
export type QueueConsumer = Omit<QueueTrigger, 'kind' | 'queue'> & {
  functionName: Worker;
  queue: QueueDefinition;
};
/** A fixed-rate schedule. */
export interface ScheduledFunction {
  functionName: Worker;
  rateMinutes: number;
}

function triggersOf<K extends WorkerDefinition['trigger']['kind']>(
  kind: K,
): [Worker, Extract<WorkerDefinition['trigger'], { kind: K }>][] {
  return workerNames.flatMap((name) => {
    const trigger = workers[name].trigger;
    return trigger.kind === kind
      ? [[name, trigger as Extract<WorkerDefinition['trigger'], { kind: K }>]]
      : [];
  });
}

export function queueNamed(name: QueueName): QueueDefinition {
  const queue = queues.find((candidate) => candidate.name === name);
  if (!queue) throw new Error(`No queue ${name} in infra/functions.ts`);
  return queue;
}

export const streamConsumers: readonly StreamConsumer[] = triggersOf('stream').map(
  ([functionName, { kind: _, ...consumer }]) => ({ functionName, ...consumer }),
);

export const queueConsumers: readonly QueueConsumer[] = triggersOf('queue').map(
  ([functionName, { kind: _, queue, ...consumer }]) => ({
    functionName,
    queue: queueNamed(queue),
    ...consumer,
  }),
);

/**
 * Schedules at a rate in minutes: the ones the local stage runs on a timer. Key rotation is not among
 * them (its interval outlives any local stage); the local stage creates the first key when it starts.
 */
export const schedules: readonly ScheduledFunction[] = triggersOf('schedule').flatMap(
  ([functionName, { every }]) =>
    typeof every === 'object' && 'minutes' in every ? [{ functionName, rateMinutes: every.minutes }] : [],
);

/** A log subscription trigger with its function. */
export interface LogSubscriber {
  functionName: Worker;
  filterPattern: string;
}

export const logSubscribers: readonly LogSubscriber[] = triggersOf('logSubscription').map(
  ([functionName, { filterPattern }]) => ({ functionName, filterPattern }),
);

/** The functions whose log groups feed the log subscriptions: every group serving a partner-host route. */
export const logSubscriptionSources: readonly FunctionGroup[] = [
  ...new Set(routeList.filter((route) => route.hosts.includes('api')).map((route) => route.group)),
];

/** The workers other functions invoke, by the names shared/config/env.ts routes callers with. */
export const invokedWorkers: readonly InvocableFunction[] = triggersOf('invoke').map(([name]) => {
  const invocable = invocableFunctions.find((candidate) => candidate === name);
  if (!invocable)
    throw new Error(`${name} has an invoke trigger but is not in invocableFunctions (shared/config/env.ts)`);
  return invocable;
});

/** The URLs of one of `queues` and its dead-letter queue. */
export interface QueueUrls {
  url: string;
  deadLetterUrl: string;
}

/** The stage's part of every function's environment: CDK fills it with tokens and ARNs, the local stage with endpoints. */
export type StageSettings = Omit<RuntimeSettings, 'queueUrls'>;

/** Queues a function uses: the one it consumes (and dead-letters to). */
function queuesUsedBy(name: ServiceFunction): QueueDefinition[] {
  if (!isWorker(name)) return [];
  const { trigger } = workers[name];
  return trigger.kind === 'queue' ? [queueNamed(trigger.queue)] : [];
}

/** What the environment table (shared/config/env.ts) asks of a function to decide which variables it gets. */
export function functionProfile(name: ServiceFunction): FunctionProfile {
  return {
    ...functionNeeds[name],
    queueUrlVariables: queuesUsedBy(name).flatMap((queue) =>
      queue.deadLetterUrlEnvironmentVariable
        ? [queue.urlEnvironmentVariable, queue.deadLetterUrlEnvironmentVariable]
        : [queue.urlEnvironmentVariable],
    ),
  };
}

/**
 * The environment of one function: the variables the table in shared/config/env.ts assigns it, from
 * the stage's settings and the URLs of the queues its declaration names. CDK puts it on the Lambda,
 * the local stage merges every function's into its process.
 */
export function functionEnvironment(
  name: ServiceFunction,
  stage: StageSettings,
  queueUrls: Partial<Record<QueueName, QueueUrls>> = {},
): Record<string, string> {
  const urls: Partial<Record<QueueUrlVariable, string>> = {};
  for (const queue of queuesUsedBy(name)) {
    const known = queueUrls[queue.name];
    if (!known) throw new Error(`${name} uses the ${queue.name} queue, whose URL is not known here`);
    urls[queue.urlEnvironmentVariable] = known.url;
    if (queue.deadLetterUrlEnvironmentVariable)
      urls[queue.deadLetterUrlEnvironmentVariable] = known.deadLetterUrl;
  }
  return runtimeEnvironment({ ...stage, queueUrls: urls }, functionProfile(name));
}
