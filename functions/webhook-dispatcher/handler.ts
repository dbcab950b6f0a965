import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { config, queueUrl, webhookDeliveryConfig } from '../../shared/config/env.ts';
import { dispatchStore } from '../../shared/db/entities/delivery.ts';
import { PoisonMessageError, parseQueueMessage } from '../../shared/db/entities/webhook-message.ts';
import {
  type AttemptOutcome,
  type DispatchOutcome,
  dispatchEvent,
} from '../../shared/domain/webhooks/dispatch.ts';
import type { DispatchPorts } from '../../shared/domain/webhooks/ports.ts';
import { runRecovery } from '../../shared/domain/webhooks/recovery.ts';
import { parseWebhookSettings } from '../../shared/domain/webhooks/settings.ts';
import { postOnce } from '../../shared/net/safe-https.ts';
import { logger } from '../../shared/observability/logger.ts';
import { countWebhookOutcome } from '../../shared/observability/metrics.ts';
import { webhookSecretOpener } from '../../shared/secrets/webhook-secrets.ts';
import { processClock } from '../../shared/util/clock.ts';

/**
 * SQS consumer of the webhook queue (FIFO, fed by the Pipe from the table stream; locally by the stream
 * poller). Each message is one event, or a recovery job whose events it delivers in order (message
 * format: shared/db/entities/webhook-message.ts).
 * A retry hides its message for the backoff step (ChangeMessageVisibility) and reports it as a batch
 * item failure; a delivery that failed for good, or a message that is not an event, is sent to the
 * dead-letter queue and deleted. The redrive policy stays as the net for unexpected errors.
 *
 * Environment: WEBHOOK_QUEUE_URL, WEBHOOK_DLQ_URL, and optionally WEBHOOK_RETRY_SCHEDULE,
 * WEBHOOK_TIMEOUT_MS (docs/webhooks.md).
 */
const processor = new BatchProcessor(EventType.SQS);

let client: SQSClient | undefined;

/**
 * The SQS SDK and client load with the first retry or dead letter: a delivery that succeeds is deleted
 * by the event source mapping, so most cold starts never need them (docs/bench.md, "Cold start").
 */
async function sqs(): Promise<{ client: SQSClient; sdk: typeof import('@aws-sdk/client-sqs') }> {
  const sdk = await import('@aws-sdk/client-sqs');
  const { region, sqsEndpoint } = config();
  client ??= new sdk.SQSClient({ region, ...(sqsEndpoint ? { endpoint: sqsEndpoint } : {}) });
  return { client, sdk };
}

const ports: DispatchPorts = {
  store: dispatchStore,
  opener: webhookSecretOpener,
  sender: { post: postOnce },
  // Read where used, so the local stage, restarted in process with other settings, sees them.
  get settings() {
    return parseWebhookSettings(webhookDeliveryConfig());
  },
  log: logger,
  now: () => processClock.now(),
  random: Math.random,
};

/** A message released untried comes back after this long: never 0 (see `errorBackoffSeconds`). */
export const releaseSeconds = 1;

/** Thrown for a message that stays queued: the batch reports it as failed. */
class DeliveryPendingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryPendingError';
  }
}

async function deadLetter(record: SQSRecord, reason: string): Promise<void> {
  const url = queueUrl('WEBHOOK_DLQ_URL');
  const { client, sdk } = await sqs();
  await client.send(
    new sdk.SendMessageCommand({
      QueueUrl: url,
      MessageBody: record.body,
      MessageAttributes: {
        failure_reason: { DataType: 'String', StringValue: reason.slice(0, 1024) },
        source_message_id: { DataType: 'String', StringValue: record.messageId },
      },
      ...(url.endsWith('.fifo')
        ? {
            MessageGroupId: record.attributes.MessageGroupId ?? 'dead-letter',
            MessageDeduplicationId: record.messageId,
          }
        : {}),
    }),
  );
}

/** Seconds a message waits after an unexpected error, before jitter: doubling per receive, at most this. */
const errorBackoffMaxSeconds = 30;

/**
 * The wait after an unexpected error (DynamoDB unreachable, a bug): short and jittered, growing with the
 * message's receives, instead of the queue's visibility timeout (six minutes), so a two-second outage
 * delays webhooks by seconds. At least 1 s: a change to 0 loses the message on the persistent local
 * stage (fauxqs 2.4.1, docs/reliability.md).
 */
export function errorBackoffSeconds(receiveCount: number, random: () => number): number {
  const base = Math.min(errorBackoffMaxSeconds, 2 ** Math.min(Math.max(receiveCount, 1), 5));
  return Math.max(1, Math.round(base * (0.5 + random())));
}

async function processRecord(record: SQSRecord, hasTime: () => boolean): Promise<void> {
  try {
    await dispatchRecord(record, hasTime);
  } catch (error) {
    if (error instanceof DeliveryPendingError) throw error;
    const seconds = errorBackoffSeconds(Number(record.attributes.ApproximateReceiveCount ?? 1), ports.random);
    logger.error('Webhook message failed; retried shortly', {
      message_id: record.messageId,
      retry_in_seconds: seconds,
      error,
    });
    // When the queue itself is unreachable too, the message comes back after its visibility timeout.
    await hide(record, seconds).catch((hideError: unknown) =>
      logger.error('Webhook message could not be rescheduled', {
        message_id: record.messageId,
        error: hideError,
      }),
    );
    throw error;
  }
}

async function dispatchRecord(record: SQSRecord, hasTime: () => boolean): Promise<void> {
  let parsed: Awaited<ReturnType<typeof parseQueueMessage>>;
  try {
    parsed = await parseQueueMessage(record.body, record.messageId);
  } catch (error) {
    if (!(error instanceof PoisonMessageError)) throw error;
    logger.error('Webhook message dead-lettered', { message_id: record.messageId, reason: error.message });
    await deadLetter(record, error.message);
    return;
  }
  // A recovery job delivers its events itself; a final failure of one of them is recorded on its
  // delivery, and the job goes on with the next: nothing of a job goes to the dead-letter queue.
  const { accountId } = parsed.kind === 'event' ? parsed.message.event : parsed.job;
  const count = (attempt: AttemptOutcome) => countWebhookOutcome(attempt, accountId);
  const outcome: DispatchOutcome =
    parsed.kind === 'event'
      ? await dispatchEvent(ports, parsed.message)
      : await runRecovery(ports, parsed.job, hasTime, count);
  if (parsed.kind === 'event' && outcome.attempt) count(outcome.attempt);
  const context = {
    message_id: record.messageId,
    ...(parsed.kind === 'event'
      ? { event_id: parsed.message.event.id }
      : { recovery_id: parsed.job.recoveryId }),
    result: outcome.result,
  };
  if (outcome.kind === 'done') {
    logger.info('Webhook message done', context);
    return;
  }
  if (outcome.kind === 'dead') {
    logger.warn('Webhook delivery failed for good', context);
    await deadLetter(record, outcome.result);
    return;
  }
  await hide(record, outcome.visibilitySeconds);
  throw new DeliveryPendingError(outcome.result);
}

async function hide(record: SQSRecord, seconds: number): Promise<void> {
  const { client, sdk } = await sqs();
  await client.send(
    new sdk.ChangeMessageVisibilityCommand({
      QueueUrl: queueUrl('WEBHOOK_QUEUE_URL'),
      ReceiptHandle: record.receiptHandle,
      VisibilityTimeout: seconds,
    }),
  );
}

/**
 * Message groups (one per booking) run in parallel; within a group, in order, and once one fails the
 * rest of its group in this batch are reported failed untried, so nothing overtakes it. They are made
 * visible again after a second (not 0, see `errorBackoffSeconds`): a FIFO group stays locked while any
 * of its messages is in flight, and only the failed one should wait for its backoff. A message is not
 * started when the invocation could end during its attempt (a group's messages run one after the
 * other, each up to the receiver timeout).
 */
function groupOrderedHandler(context: Context) {
  const groups = new Map<string, Promise<boolean>>();
  const hasTime = () => context.getRemainingTimeInMillis() > ports.settings.timeoutMs + 5_000;
  const startOrRelease = async (record: SQSRecord, previousSucceeded: boolean): Promise<void> => {
    const enoughTime = hasTime();
    if (previousSucceeded && enoughTime) return processRecord(record, hasTime);
    await hide(record, releaseSeconds);
    throw new DeliveryPendingError(enoughTime ? 'an earlier event of its group is pending' : 'out of time');
  };
  return (record: SQSRecord): Promise<void> => {
    const group = record.attributes.MessageGroupId ?? record.messageId;
    const current = (groups.get(group) ?? Promise.resolve(true)).then((ok) => startOrRelease(record, ok));
    groups.set(
      group,
      current.then(
        () => true,
        () => false,
      ),
    );
    return current;
  };
}

export const handler = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
  processPartialResponse(event, groupOrderedHandler(context), processor, {
    context,
    throwOnFullBatchFailure: false,
  });
