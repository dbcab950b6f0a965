import { setTimeout as sleep } from 'node:timers/promises';
import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSMessageAttributes, SQSRecord, SQSRecordAttributes } from 'aws-lambda';
import type { QueueHandler } from '../functions.ts';
import { lambdaContext } from './functions.ts';

export interface QueuePollerOptions {
  client: SQSClient;
  queueUrl: string;
  queueArn: string;
  region: string;
  functionName: string;
  handler: QueueHandler;
  batchSize?: number;
  /** The handler answers `batchItemFailures` (ReportBatchItemFailures on the mapping). */
  reportBatchItemFailures?: boolean;
  waitTimeSeconds?: number;
  log: (message: string) => void;
}

/** The message as Lambda's SQS event source mapping delivers it. */
export function toSqsRecord(message: Message, queueArn: string, region: string): SQSRecord {
  const messageAttributes: SQSMessageAttributes = {};
  for (const [name, value] of Object.entries(message.MessageAttributes ?? {})) {
    messageAttributes[name] = {
      dataType: value.DataType ?? 'String',
      ...(value.StringValue === undefined ? {} : { stringValue: value.StringValue }),
      ...(value.BinaryValue === undefined
        ? {}
        : { binaryValue: Buffer.from(value.BinaryValue).toString('base64') }),
      stringListValues: value.StringListValues ?? [],
      binaryListValues: (value.BinaryListValues ?? []).map((item) => Buffer.from(item).toString('base64')),
    };
  }
  const attributes = (message.Attributes ?? {}) as Record<string, string>;
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? '000000000000',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
      ...attributes,
    } as SQSRecordAttributes,
    messageAttributes,
    md5OfBody: message.MD5OfBody ?? '',
    ...(message.MD5OfMessageAttributes ? { md5OfMessageAttributes: message.MD5OfMessageAttributes } : {}),
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: region,
  };
}

/**
 * Lambda's SQS event source mapping: long polls, invokes the handler with a batch, deletes what
 * succeeded. A thrown error leaves the whole batch, `batchItemFailures` leaves those messages, on the
 * queue: they come back after the visibility timeout and the redrive policy moves them on.
 */
export class QueuePoller {
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;

  constructor(private readonly options: QueuePollerOptions) {}

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  private async loop(): Promise<void> {
    const { client, queueUrl, log, functionName } = this.options;
    while (!this.abort.signal.aborted) {
      try {
        const received = await client.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: this.options.batchSize ?? 10,
            WaitTimeSeconds: this.options.waitTimeSeconds ?? 5,
            MessageSystemAttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
          { abortSignal: this.abort.signal },
        );
        const messages = received.Messages ?? [];
        if (messages.length > 0) await this.deliver(messages);
      } catch (error) {
        if (this.abort.signal.aborted) return;
        log(`queue poller ${functionName}: ${(error as Error).message}`);
        await sleep(1000, undefined, { signal: this.abort.signal }).catch(() => undefined);
      }
    }
  }

  private async deliver(messages: Message[]): Promise<void> {
    const { client, queueUrl, queueArn, region, functionName, handler, log } = this.options;
    const records = messages.map((message) => toSqsRecord(message, queueArn, region));
    let failed: Set<string>;
    try {
      const response = await handler({ Records: records }, lambdaContext(functionName, 900_000, region));
      const identifiers = this.options.reportBatchItemFailures
        ? (response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier)
        : [];
      const known = new Set(records.map((record) => record.messageId));
      // An empty or unknown identifier fails the whole batch, as in Lambda.
      failed = identifiers.every((id) => id && known.has(id)) ? new Set(identifiers) : known;
    } catch (error) {
      log(`${functionName} failed on a queue batch: ${(error as Error).stack ?? String(error)}`);
      return;
    }
    const done = records.filter((record) => !failed.has(record.messageId));
    if (done.length === 0) return;
    await client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: done.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle })),
      }),
    );
  }
}
