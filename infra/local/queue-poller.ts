import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSMessageAttributes, SQSRecord, SQSRecordAttributes } from 'aws-lambda';
import type { QueueHandler } from '../functions.ts';
import { fileSafe, readJsonFile, writeFileAtomic } from './durable-file.ts';
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
  /**
   * Where the poller records the messages it holds (the stage passes its state dir):
   * `<dir>/leases/queue-<function>.json`. A message this process received and had not finished
   * with when it died is made visible again on the next start instead of waiting out its visibility
   * timeout (minutes) behind a locked FIFO group. Without it nothing is recorded.
   */
  checkpointDir?: string;
  /**
   * With `checkpointDir`: the visibility a message gets when received, until its receipt handle is on
   * disk and it is given the queue's own visibility timeout. A crash in between hides it this long
   * at most. Default 30 s.
   */
  unrecordedVisibilitySeconds?: number;
}

/** What `<dir>/leases/queue-<function>.json` holds. */
export interface QueueLeases {
  version: 1;
  queueUrl: string;
  functionName: string;
  /** Receipt handles of the messages a batch in progress holds. */
  receiptHandles: string[];
  updatedAt: string;
}

/** Attempts to delete a finished batch while the queue does not answer: about two minutes. */
const deleteAttempts = 30;

export function queueLeaseFile(checkpointDir: string, functionName: string): string {
  return join(checkpointDir, 'leases', `queue-${fileSafe(functionName)}.json`);
}

function isLeases(value: unknown): value is QueueLeases {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<QueueLeases>;
  return (
    candidate.version === 1 &&
    typeof candidate.queueUrl === 'string' &&
    Array.isArray(candidate.receiptHandles) &&
    candidate.receiptHandles.every((handle) => typeof handle === 'string')
  );
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
 *
 * The queue keeps the messages (the emulator persists them in the state dir); what a crash of this
 * process loses is only who held which message. With `checkpointDir` the poller receives a batch with
 * a short visibility, writes its receipt handles to disk, gives the batch the queue's visibility
 * timeout, invokes the handler and clears the handles; on start it makes the messages of a batch that
 * never finished visible again, as the visibility timeout would, only sooner. Messages a handler hid
 * on purpose (a retry's backoff) are not in that list once the batch has finished.
 */
export class QueuePoller {
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  private released: Promise<void> | undefined;

  constructor(private readonly options: QueuePollerOptions) {}

  /** Starts polling; messages a previous process left in flight are released first (see the class). */
  start(): void {
    this.running ??= this.releaseAbandoned().then(() => this.loop());
  }

  /** Starts polling and resolves once the messages a previous process held are visible again. */
  async started(): Promise<void> {
    this.start();
    await this.releaseAbandoned();
  }

  private releaseAbandoned(): Promise<void> {
    this.released ??= this.releaseLeases().catch((error: unknown) =>
      this.options.log(
        `queue poller ${this.options.functionName}: releasing leases: ${(error as Error).message}`,
      ),
    );
    return this.released;
  }

  private async releaseLeases(): Promise<void> {
    const { checkpointDir, functionName, queueUrl, client, log } = this.options;
    if (!checkpointDir) return;
    const path = queueLeaseFile(checkpointDir, functionName);
    const stored = await readJsonFile(path).catch(() => undefined);
    if (!isLeases(stored) || stored.receiptHandles.length === 0) return;
    if (stored.queueUrl === queueUrl) {
      let released = 0;
      for (let start = 0; start < stored.receiptHandles.length; start += 10) {
        const handles = stored.receiptHandles.slice(start, start + 10);
        const result = await client.send(
          new ChangeMessageVisibilityBatchCommand({
            QueueUrl: queueUrl,
            // One second, not zero: fauxqs 2.4.1 with a data dir fails a change to 0 half way (its
            // SQLite row update breaks a NOT NULL constraint), losing the message until the next start.
            Entries: handles.map((handle, index) => ({
              Id: String(index),
              ReceiptHandle: handle,
              VisibilityTimeout: 1,
            })),
          }),
        );
        // A handle that fails names a message already deleted or received again: nothing to release.
        released += result.Successful?.length ?? 0;
      }
      log(`${functionName}: ${released} message(s) a stopped process held are visible again`);
    }
    await this.writeLeases([]);
  }

  private async writeLeases(receiptHandles: string[]): Promise<void> {
    const { checkpointDir, functionName, queueUrl } = this.options;
    if (!checkpointDir) return;
    const leases: QueueLeases = {
      version: 1,
      queueUrl,
      functionName,
      receiptHandles,
      updatedAt: new Date().toISOString(),
    };
    await writeFileAtomic(queueLeaseFile(checkpointDir, functionName), `${JSON.stringify(leases)}\n`);
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  /** The queue's visibility timeout, read once: what a recorded batch is given. */
  private queueVisibility: number | undefined;

  private async visibilityTimeout(): Promise<number> {
    if (this.queueVisibility === undefined) {
      const { Attributes } = await this.options.client.send(
        new GetQueueAttributesCommand({
          QueueUrl: this.options.queueUrl,
          AttributeNames: ['VisibilityTimeout'],
        }),
        { abortSignal: this.abort.signal },
      );
      this.queueVisibility = Number(Attributes?.VisibilityTimeout ?? 30);
    }
    return this.queueVisibility;
  }

  private async loop(): Promise<void> {
    const { client, queueUrl, log, functionName, checkpointDir } = this.options;
    while (!this.abort.signal.aborted) {
      try {
        const received = await client.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: this.options.batchSize ?? 10,
            WaitTimeSeconds: this.options.waitTimeSeconds ?? 5,
            MessageSystemAttributeNames: ['All'],
            MessageAttributeNames: ['All'],
            ...(checkpointDir ? { VisibilityTimeout: this.options.unrecordedVisibilitySeconds ?? 30 } : {}),
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
    const records = messages.map((message) =>
      toSqsRecord(message, this.options.queueArn, this.options.region),
    );
    if (this.options.checkpointDir) {
      await this.writeLeases(records.map((record) => record.receiptHandle));
      await this.holdForVisibilityTimeout(records);
    }
    await this.invoke(records);
    await this.writeLeases([]);
  }

  /** Recorded: the batch now gets the queue's visibility timeout, as an unrecorded receive would. */
  private async holdForVisibilityTimeout(records: SQSRecord[]): Promise<void> {
    const seconds = await this.visibilityTimeout();
    await this.options.client.send(
      new ChangeMessageVisibilityBatchCommand({
        QueueUrl: this.options.queueUrl,
        Entries: records.map((record, index) => ({
          Id: String(index),
          ReceiptHandle: record.receiptHandle,
          VisibilityTimeout: seconds,
        })),
      }),
    );
  }

  private async invoke(records: SQSRecord[]): Promise<void> {
    const { region, functionName, handler, log } = this.options;
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
    await this.deleteDone(done);
  }

  /**
   * Deletes what the handler finished, as the event source mapping does, retrying while the queue is
   * unreachable (the emulator restarting): a finished message left behind would come back only after
   * the queue's visibility timeout, and hold its FIFO group that long.
   */
  private async deleteDone(done: SQSRecord[]): Promise<void> {
    const { client, queueUrl, functionName, log } = this.options;
    for (let attempt = 0; ; attempt++) {
      try {
        await client.send(
          new DeleteMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: done.map((record, index) => ({
              Id: String(index),
              ReceiptHandle: record.receiptHandle,
            })),
          }),
        );
        return;
      } catch (error) {
        if (this.abort.signal.aborted || attempt >= deleteAttempts) throw error;
        if (attempt === 0)
          log(`queue poller ${functionName}: deleting a finished batch: ${(error as Error).message}`);
        await sleep(Math.min(250 * 2 ** attempt, 5_000), undefined, { signal: this.abort.signal }).catch(
          () => undefined,
        );
      }
    }
  }
}
