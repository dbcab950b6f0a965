import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type QueueLeases, QueuePoller, queueLeaseFile } from '../../../infra/local/queue-poller.ts';

/** The pollers run on timers: on a loaded machine (CI on 2 cores) a second is not always enough. */
const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 20 });

const queueUrl = 'http://sqs.eu-west-1.localhost:9999/000000000000/deliveries.fifo';
const queueArn = 'arn:aws:sqs:eu-west-1:000000000000:deliveries.fifo';

let stateDir: string;
const running: QueuePoller[] = [];

beforeEach(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'pts-queue-poller-'));
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((poller) => poller.stop()));
  await rm(stateDir, { recursive: true, force: true });
});

/** An SQS queue in memory behind a real SQSClient: receive hands out what is queued, in order. */
function fakeQueue(bodies: string[]) {
  const client = new SQSClient({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const queued: Message[] = bodies.map((body, index) => ({
    MessageId: `message-${index}`,
    ReceiptHandle: `receipt-${index}`,
    Body: body,
  }));
  const calls: string[] = [];
  const released: string[] = [];
  const deleted: string[] = [];
  /** Deletes to refuse before the queue answers again (the emulator restarting). */
  const outage = { deletesRefused: 0 };
  const mock = mockClient(client);
  mock.on(GetQueueAttributesCommand).resolves({ Attributes: { VisibilityTimeout: '360' } });
  mock.on(ReceiveMessageCommand).callsFake(async (input: ReceiveMessageCommand['input']) => {
    calls.push(`receive@${input.VisibilityTimeout ?? 'queue'}`);
    const messages = queued.splice(0, input.MaxNumberOfMessages ?? 1);
    if (messages.length === 0) await sleep(5);
    return { Messages: messages };
  });
  mock
    .on(ChangeMessageVisibilityBatchCommand)
    .callsFake((input: ChangeMessageVisibilityBatchCommand['input']) => {
      const entries = input.Entries ?? [];
      calls.push(`visibility@${entries[0]?.VisibilityTimeout}`);
      released.push(...entries.map((entry) => `${entry.ReceiptHandle}@${entry.VisibilityTimeout}`));
      return {
        Successful: entries
          .filter((entry) => entry.ReceiptHandle !== 'gone')
          .map((entry) => ({ Id: entry.Id })),
        Failed: entries
          .filter((entry) => entry.ReceiptHandle === 'gone')
          .map((entry) => ({ Id: entry.Id, Code: 'ReceiptHandleIsInvalid', SenderFault: true })),
      };
    });
  mock.on(DeleteMessageBatchCommand).callsFake((input: DeleteMessageBatchCommand['input']) => {
    if (outage.deletesRefused > 0) {
      outage.deletesRefused--;
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9999'), { code: 'ECONNREFUSED' });
    }
    deleted.push(...(input.Entries ?? []).map((entry) => entry.ReceiptHandle ?? ''));
    return { Successful: [] };
  });
  return { client, calls, released, deleted, outage };
}

function poller(
  client: SQSClient,
  handler: (event: SQSEvent) => Promise<SQSBatchResponse | undefined>,
  logs: string[] = [],
): QueuePoller {
  const created = new QueuePoller({
    client,
    queueUrl,
    queueArn,
    region: 'eu-west-1',
    functionName: 'test-dispatcher',
    handler,
    batchSize: 10,
    reportBatchItemFailures: true,
    waitTimeSeconds: 0,
    log: (message) => logs.push(message),
    checkpointDir: stateDir,
  });
  running.push(created);
  return created;
}

async function storedLeases(): Promise<QueueLeases> {
  return JSON.parse(await readFile(queueLeaseFile(stateDir, 'test-dispatcher'), 'utf8')) as QueueLeases;
}

async function leaveLeases(receiptHandles: string[], url = queueUrl): Promise<void> {
  const leases: QueueLeases = {
    version: 1,
    queueUrl: url,
    functionName: 'test-dispatcher',
    receiptHandles,
    updatedAt: new Date().toISOString(),
  };
  await mkdir(join(stateDir, 'leases'), { recursive: true });
  await writeFile(queueLeaseFile(stateDir, 'test-dispatcher'), JSON.stringify(leases));
}

describe('the queue poller', () => {
  it('keeps deleting a finished batch while the queue does not answer, so it never comes back', async () => {
    const queue = fakeQueue(['first']);
    queue.outage.deletesRefused = 2;
    const logs: string[] = [];
    poller(queue.client, async () => ({ batchItemFailures: [] }), logs).start();

    await vi.waitFor(() => expect(queue.deleted).toEqual(['receipt-0']), { timeout: 5_000 });
    expect(logs).toEqual([expect.stringMatching(/deleting a finished batch: connect ECONNREFUSED/)]);
  });
});

describe('the queue poller leases', () => {
  it('records the receipt handles of a batch while its handler runs and clears them once it has finished', async () => {
    const queue = fakeQueue(['first', 'second']);
    const heldDuringHandler: string[][] = [];
    const handled: string[] = [];
    poller(queue.client, async (event) => {
      heldDuringHandler.push((await storedLeases()).receiptHandles);
      handled.push(...event.Records.map((record) => record.body));
      return { batchItemFailures: [] };
    }).start();

    await waitFor(() => expect(handled).toEqual(['first', 'second']));
    await waitFor(async () => expect((await storedLeases()).receiptHandles).toEqual([]));
    expect(heldDuringHandler).toEqual([['receipt-0', 'receipt-1']]);
    expect(queue.deleted).toEqual(['receipt-0', 'receipt-1']);
  });

  it('receives with a short visibility and gives the batch the queue visibility timeout once its handles are on disk', async () => {
    const queue = fakeQueue(['first']);
    const callsBeforeHandler: string[] = [];
    poller(queue.client, async () => {
      callsBeforeHandler.push(...queue.calls);
      return { batchItemFailures: [] };
    }).start();

    await waitFor(() => expect(callsBeforeHandler).toEqual(['receive@30', 'visibility@360']));
    expect(queue.released).toEqual(['receipt-0@360']);
  });

  it('makes the messages a killed process held visible again before its first receive, then forgets them', async () => {
    await leaveLeases(['receipt-a', 'gone', ...Array.from({ length: 10 }, (_, index) => `receipt-${index}`)]);
    const queue = fakeQueue([]);
    const logs: string[] = [];

    await poller(queue.client, async () => undefined, logs).started();

    expect(queue.released).toEqual([
      'receipt-a@1',
      'gone@1',
      ...Array.from({ length: 10 }, (_, index) => `receipt-${index}@1`),
    ]);
    expect(queue.calls.slice(0, 3)).toEqual(['visibility@1', 'visibility@1', 'receive@30']);
    expect(logs).toContain('test-dispatcher: 11 message(s) a stopped process held are visible again');
    expect((await storedLeases()).receiptHandles).toEqual([]);
  });

  it('does not touch the leases of another queue (the stage was recreated with new queues)', async () => {
    await leaveLeases(['receipt-a'], 'http://sqs.eu-west-1.localhost:1111/000000000000/old.fifo');
    const queue = fakeQueue([]);

    await poller(queue.client, async () => undefined).started();

    expect(queue.released).toEqual([]);
    expect((await storedLeases()).receiptHandles).toEqual([]);
  });

  it('does not release, after a restart, a message its handler hid on purpose in a finished batch', async () => {
    const queue = fakeQueue(['retry later']);
    const first = poller(queue.client, async (event) => ({
      batchItemFailures: event.Records.map((record) => ({ itemIdentifier: record.messageId })),
    }));
    first.start();
    await waitFor(() =>
      expect(queue.calls.filter((call) => call.startsWith('receive')).length).toBeGreaterThan(2),
    );
    await first.stop();

    await poller(queue.client, async () => undefined).started();

    expect(queue.released.filter((change) => change.endsWith('@1'))).toEqual([]);
    expect(queue.deleted).toEqual([]);
  });
});
