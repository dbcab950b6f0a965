import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { StreamHandler, StreamPipe } from '../functions.ts';

/** The value at a Pipes dynamic path parameter such as `$.dynamodb.NewImage.ordering_key.S`. */
function valueAt(record: unknown, path: string): string | undefined {
  let value: unknown = record;
  for (const key of path.replace(/^\$\./, '').split('.')) {
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  return typeof value === 'string' ? value : undefined;
}

/**
 * An EventBridge Pipe's SQS target: each (already filtered) stream record becomes one message whose
 * body is the record as Pipes sends it, in stream order. A failure fails the batch, which the stream
 * poller retries; the FIFO deduplication id absorbs the records sent twice.
 */
export function pipeToQueue(client: SQSClient, queueUrl: string, pipe: StreamPipe): StreamHandler {
  return async (event) => {
    for (const record of event.Records) {
      const groupId = pipe.messageGroupIdPath ? valueAt(record, pipe.messageGroupIdPath) : undefined;
      const deduplicationId = pipe.messageDeduplicationIdPath
        ? valueAt(record, pipe.messageDeduplicationIdPath)
        : undefined;
      await client.send(
        new SendMessageCommand({
          QueueUrl: queueUrl,
          MessageBody: JSON.stringify(record),
          ...(groupId ? { MessageGroupId: groupId } : {}),
          ...(deduplicationId ? { MessageDeduplicationId: deduplicationId } : {}),
        }),
      );
    }
  };
}
