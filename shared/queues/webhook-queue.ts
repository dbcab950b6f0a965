import type { SQSClient } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { config, queueUrl } from '../config/env.ts';
import { PoisonMessageError, parseQueueMessage } from '../db/entities/webhook-message.ts';
import type { QueuedMessage, QueuedWork, WebhookQueue } from '../domain/webhooks/ports.ts';

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

/** A record of the event source mapping's batch, as the dispatcher handles it. */
export function queuedMessageOf(record: SQSRecord): QueuedMessage {
  return {
    id: record.messageId,
    body: record.body,
    group: record.attributes.MessageGroupId,
    receiveCount: Number(record.attributes.ApproximateReceiveCount ?? 1),
    receipt: record.receiptHandle,
  };
}

/**
 * The webhook queue in SQS (FIFO, fed by the Pipe from the table stream; locally by the stream poller),
 * its messages in the format of shared/db/entities/webhook-message.ts, and its dead-letter queue.
 * Environment: WEBHOOK_QUEUE_URL, WEBHOOK_DLQ_URL.
 */
export const sqsWebhookQueue: WebhookQueue = {
  async read(message: QueuedMessage): Promise<QueuedWork> {
    try {
      return await parseQueueMessage(message.body, message.id);
    } catch (error) {
      if (error instanceof PoisonMessageError) return { kind: 'poison', reason: error.message };
      throw error;
    }
  },

  async postpone(message: QueuedMessage, seconds: number): Promise<void> {
    const { client, sdk } = await sqs();
    await client.send(
      new sdk.ChangeMessageVisibilityCommand({
        QueueUrl: queueUrl('WEBHOOK_QUEUE_URL'),
        ReceiptHandle: message.receipt,
        VisibilityTimeout: seconds,
      }),
    );
  },

  async deadLetter(message: QueuedMessage, reason: string): Promise<void> {
    const url = queueUrl('WEBHOOK_DLQ_URL');
    const { client, sdk } = await sqs();
    await client.send(
      new sdk.SendMessageCommand({
        QueueUrl: url,
        MessageBody: message.body,
        MessageAttributes: {
          failure_reason: { DataType: 'String', StringValue: reason.slice(0, 1024) },
          source_message_id: { DataType: 'String', StringValue: message.id },
        },
        ...(url.endsWith('.fifo')
          ? { MessageGroupId: message.group ?? 'dead-letter', MessageDeduplicationId: message.id }
          : {}),
      }),
    );
  },
};
