import { ChangeMessageVisibilityCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DispatchOutcome } from '../../../shared/domain/webhooks/dispatch.ts';
import type { WebhookMessage } from '../../../shared/domain/webhooks/model.ts';
import { resetMetrics } from '../../../shared/observability/metrics.ts';
import { useLocalConfig } from '../auth/local-config.ts';

const outcomes = new Map<string, DispatchOutcome | Error>();
const dispatched: string[] = [];
vi.mock('../../../shared/domain/webhooks/dispatch.ts', () => ({
  dispatchEvent: async (_ports: unknown, message: WebhookMessage): Promise<DispatchOutcome> => {
    dispatched.push(message.event.id);
    const outcome = outcomes.get(message.event.id) ?? { kind: 'done', result: 'delivered' };
    if (outcome instanceof Error) throw outcome;
    return outcome;
  },
}));

const { handler } = await import('../../../functions/webhook-dispatcher/handler.ts');
const { errorBackoffSeconds } = await import('../../../shared/domain/webhooks/queue-consumer.ts');
const sqs = mockClient(SQSClient);
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  ({ cleanUp } = await useLocalConfig({
    WEBHOOK_QUEUE_URL: 'https://sqs.test/000000000000/webhook-deliveries.fifo',
    WEBHOOK_DLQ_URL: 'https://sqs.test/000000000000/webhook-deliveries-dlq.fifo',
    // The receiver timeout decides whether an attempt fits the invocation; never inherit one from the stage.
    WEBHOOK_TIMEOUT_MS: '30000',
  }));
});

afterAll(async () => {
  sqs.restore();
  await cleanUp();
});

beforeEach(() => {
  sqs.reset();
  outcomes.clear();
  dispatched.length = 0;
});

/** An SQS record carrying the stream record of event `id` (message id `m-<id>`), in message group `group`. */
function record(id: string, group: string, body?: string): SQSRecord {
  const image = {
    entity: { S: 'Event' },
    event_id: { S: id },
    account_id: { S: 'account' },
    event: { S: 'booking.status.changed' },
    timestamp: { S: '2025-01-01T00:00:00.000Z' },
    ordering_key: { S: group },
    data: { M: {} },
  };
  return {
    messageId: `m-${id}`,
    receiptHandle: `r-${id}`,
    body: body ?? JSON.stringify({ eventName: 'INSERT', dynamodb: { NewImage: image } }),
    attributes: { MessageGroupId: group } as SQSRecord['attributes'],
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:eu-west-1:000000000000:webhook-deliveries.fifo',
    awsRegion: 'eu-west-1',
  };
}

const context = (remainingMs: number) => ({ getRemainingTimeInMillis: () => remainingMs }) as Context;
const invoke = (...records: SQSRecord[]) => handler({ Records: records } as SQSEvent, context(60_000));

describe('the webhook dispatcher', () => {
  it('hides a message to retry for its backoff and reports it, and the rest of its group (visible again), as failed', async () => {
    outcomes.set('a1', { kind: 'retry', visibilitySeconds: 300, result: 'retry in 300 s' });

    const response = await invoke(
      record('a1', 'booking-a'),
      record('a2', 'booking-a'),
      record('b1', 'booking-b'),
    );

    expect(response.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual(['m-a1', 'm-a2']);
    expect(dispatched.sort()).toEqual(['a1', 'b1']);
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand).map((call) => call.args[0].input)).toEqual([
      {
        QueueUrl: 'https://sqs.test/000000000000/webhook-deliveries.fifo',
        ReceiptHandle: 'r-a1',
        VisibilityTimeout: 300,
      },
      {
        QueueUrl: 'https://sqs.test/000000000000/webhook-deliveries.fifo',
        ReceiptHandle: 'r-a2',
        VisibilityTimeout: 1,
      },
    ]);
  });

  it('starts no attempt that could outlast the invocation, handing the message back at once', async () => {
    const response = await handler({ Records: [record('a1', 'booking-a')] } as SQSEvent, context(20_000));

    expect(response.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual(['m-a1']);
    expect(dispatched).toEqual([]);
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand)[0]?.args[0].input.VisibilityTimeout).toBe(1);
  });

  it('hides a message that failed on an unexpected error for a few seconds, not the visibility timeout', async () => {
    outcomes.set('a1', new Error('connect ECONNREFUSED 127.0.0.1:8000'));

    const response = await invoke(record('a1', 'booking-a'), record('a2', 'booking-a'));

    expect(response.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual(['m-a1', 'm-a2']);
    const [backoff, release] = sqs
      .commandCalls(ChangeMessageVisibilityCommand)
      .map((call) => call.args[0].input);
    expect(backoff?.ReceiptHandle).toBe('r-a1');
    expect(backoff?.VisibilityTimeout).toBeGreaterThanOrEqual(1);
    expect(backoff?.VisibilityTimeout).toBeLessThanOrEqual(3);
    expect(release).toMatchObject({ ReceiptHandle: 'r-a2', VisibilityTimeout: 1 });
  });

  it('still reports the message failed when the queue cannot reschedule it either', async () => {
    outcomes.set('a1', new Error('database down'));
    sqs.on(ChangeMessageVisibilityCommand).rejects(new Error('queue down'));

    const response = await invoke(record('a1', 'booking-a'));

    expect(response.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual(['m-a1']);
  });

  it('sends a delivery that failed for good to the dead-letter queue, with the reason, and deletes it', async () => {
    outcomes.set('a1', { kind: 'dead', result: 'no success after 8 attempts' });

    const response = await invoke(record('a1', 'booking-a'));

    expect(response.batchItemFailures).toEqual([]);
    expect(sqs.commandCalls(SendMessageCommand)[0]?.args[0].input).toMatchObject({
      QueueUrl: 'https://sqs.test/000000000000/webhook-deliveries-dlq.fifo',
      MessageGroupId: 'booking-a',
      MessageDeduplicationId: 'm-a1',
      MessageAttributes: {
        failure_reason: { DataType: 'String', StringValue: 'no success after 8 attempts' },
      },
    });
  });

  it('dead-letters a poison message without dispatching it', async () => {
    const response = await invoke(record('x', 'poison', 'not json'));

    expect(response.batchItemFailures).toEqual([]);
    expect(dispatched).toEqual([]);
    expect(sqs.commandCalls(SendMessageCommand)[0]?.args[0].input).toMatchObject({
      MessageBody: 'not json',
      MessageAttributes: { failure_reason: { StringValue: 'The message body is not JSON' } },
    });
  });

  it('counts how each delivery attempt ended in the WebhookDeliveries metric, with the account', async () => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    resetMetrics();
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    outcomes.set('a1', { kind: 'done', result: 'delivered', attempt: 'delivered' });
    outcomes.set('b1', { kind: 'done', result: 'already final' });
    let written: string[];
    try {
      await invoke(record('a1', 'a'), record('b1', 'b'));
    } finally {
      written = write.mock.calls.map(([chunk]) => String(chunk));
      write.mockRestore();
      vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
      resetMetrics();
    }
    const lines = written
      .flatMap((chunk) => chunk.split('\n'))
      .filter((line) => line.startsWith('{"_aws"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

    expect(lines).toEqual([
      expect.objectContaining({ WebhookDeliveries: 1, Outcome: 'delivered', account_id: 'account' }),
    ]);
  });
});

describe('the backoff after an unexpected error', () => {
  it('doubles with the receives from 2 s up to 30 s, jittered by half either way, and is never 0', () => {
    const middle = () => 0.5;

    expect([1, 2, 3, 4, 5, 50].map((receives) => errorBackoffSeconds(receives, middle))).toEqual([
      2, 4, 8, 16, 30, 30,
    ]);
    expect(errorBackoffSeconds(1, () => 0)).toBe(1);
    expect(errorBackoffSeconds(5, () => 0.999)).toBe(45);
    expect(errorBackoffSeconds(0, () => 0)).toBeGreaterThanOrEqual(1);
  });
});
