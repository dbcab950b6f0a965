import type {
  Context,
  DynamoDBBatchResponse,
  DynamoDBStreamEvent,
  SQSBatchResponse,
  SQSEvent,
} from 'aws-lambda';
import {
  webhookDeduplicationIdPath,
  webhookEventFilterPattern,
  webhookMessageGroupIdPath,
} from '../shared/db/entities/webhook-message.ts';
import type { FilterPattern } from './local/event-filter.ts';

/*
 * The service's workers, declared once: stream consumers, queues, pipes and schedules. CDK builds event
 * source mappings, Pipes, queues and EventBridge rules from these (infra/stacks/api-stack.ts), and the
 * local stage runs the same functions from DynamoDB Local's stream and the SQS emulator (infra/local).
 */

// biome-ignore lint/suspicious/noConfusingVoidType: a handler without partial failures returns nothing, as in aws-lambda's own types
type Nothing = void;

export type StreamHandler = (
  event: DynamoDBStreamEvent,
  context: Context,
) => Promise<DynamoDBBatchResponse | Nothing>;
export type QueueHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | Nothing>;

/** A Lambda fed by the main table's stream (an event source mapping in AWS). */
export interface StreamConsumer {
  /** Function directory under functions/ (its handler.ts exports `handler`). */
  functionName: string;
  batchSize?: number;
  /** Lambda event filtering: only records matching one of the patterns reach the function. */
  filterPatterns?: readonly FilterPattern[];
  /** Retries of a failed batch before it is skipped and logged (Lambda: on-failure destination). */
  maximumRetryAttempts?: number;
  /** The handler answers `batchItemFailures`; the batch is retried from the first failed record. */
  reportBatchItemFailures?: boolean;
}

/** An SQS queue of the service, with its dead-letter queue and the Lambda that consumes it. */
export interface QueueDefinition {
  /** Queue name; the dead-letter queue is `<name>-dlq` (FIFO: `<name>.fifo` and `<name>-dlq.fifo`). */
  name: string;
  /** FIFO queue and dead-letter queue (ordered per message group). */
  fifo?: boolean;
  /** Environment variable through which producers learn the queue URL. */
  urlEnvironmentVariable: string;
  /** Environment variable with the dead-letter queue URL, for consumers that dead-letter explicitly. */
  deadLetterUrlEnvironmentVariable?: string;
  visibilityTimeoutSeconds: number;
  /** Receives before a message moves to the dead-letter queue. */
  maxReceiveCount: number;
  consumer?: {
    functionName: string;
    batchSize?: number;
    /** The handler answers `batchItemFailures` (partial batch response). */
    reportBatchItemFailures?: boolean;
  };
}

/** Stream consumers of the main table; features add theirs here, and CDK can build its mappings from the same list. */
export const streamConsumers: readonly StreamConsumer[] = [
  {
    // New bookings are issued (pass, hold) from the stream: functions/booking-processor.
    functionName: 'booking-processor',
    batchSize: 10,
    filterPatterns: [
      {
        eventName: ['INSERT'],
        dynamodb: { NewImage: { entity: { S: ['Booking'] }, status: { S: ['Processing'] } } },
      },
    ],
    maximumRetryAttempts: 5,
    reportBatchItemFailures: true,
  },
];

/** A function EventBridge invokes at a fixed rate; the local stage calls it on the same interval. */
export interface ScheduledFunction {
  functionName: string;
  rateMinutes: number;
}

/** Scheduled functions of the service; features add theirs here. */
export const schedules: readonly ScheduledFunction[] = [
  // Issued bookings past their hold become Expired: functions/booking-expiry.
  { functionName: 'booking-expiry', rateMinutes: 1 },
  // eSIM packages past expires_at become Expired: functions/esim-expiry.
  { functionName: 'esim-expiry', rateMinutes: 1 },
];

/** Queues of the service; features add theirs here, and CDK can build its mappings from the same list. */
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
    consumer: { functionName: 'webhook-dispatcher', batchSize: 10, reportBatchItemFailures: true },
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
  queueName: string;
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
