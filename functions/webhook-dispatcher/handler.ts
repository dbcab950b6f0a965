import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { webhookDeliveryConfig } from '../../shared/config/env.ts';
import { dispatchStore } from '../../shared/db/entities/delivery.ts';
import type { DispatchPorts } from '../../shared/domain/webhooks/ports.ts';
import {
  groupOrderedConsumer,
  type QueueConsumerPorts,
} from '../../shared/domain/webhooks/queue-consumer.ts';
import { parseWebhookSettings } from '../../shared/domain/webhooks/settings.ts';
import { postOnce } from '../../shared/net/safe-https.ts';
import { logger } from '../../shared/observability/logger.ts';
import { countWebhookOutcome } from '../../shared/observability/metrics.ts';
import { queuedMessageOf, sqsWebhookQueue } from '../../shared/queues/webhook-queue.ts';
import { webhookSecretOpener } from '../../shared/secrets/webhook-secrets.ts';
import { processClock } from '../../shared/util/clock.ts';

/**
 * SQS consumer of the webhook queue (shared/domain/webhooks/queue-consumer.ts says what it does with a
 * message). Environment: WEBHOOK_QUEUE_URL, WEBHOOK_DLQ_URL, and optionally WEBHOOK_RETRY_SCHEDULE,
 * WEBHOOK_TIMEOUT_MS (docs/webhooks.md).
 */
const processor = new BatchProcessor(EventType.SQS);

const dispatch: DispatchPorts = {
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

const ports: QueueConsumerPorts = {
  dispatch,
  queue: sqsWebhookQueue,
  log: logger,
  countAttempt: countWebhookOutcome,
};

export const handler = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
  const consume = groupOrderedConsumer(ports, () => context.getRemainingTimeInMillis());
  return processPartialResponse(event, (record: SQSRecord) => consume(queuedMessageOf(record)), processor, {
    context,
    throwOnFullBatchFailure: false,
  });
};
