import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ChangeMessageVisibilityCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { startFauxqs } from 'fauxqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The queue emulator (fauxqs) runs inside the stage process: it restarts with the stage (covered by
 * stage-crash.test.ts and webhook-faults.test.ts), but not on its own.
 */
describe('the queue emulator', () => {
  // Phase 2: fauxqs lives in the stage process; restarting it alone needs a stage hook (stop, start
  // on the same data dir and port) before this can be written against a running stage.
  it.todo('restarted on its own in the middle of a burst loses no message and delivers every event once');

  describe('with a data dir (the persistent stage)', () => {
    let dataDir: string;
    let emulator: Awaited<ReturnType<typeof startFauxqs>>;
    let client: SQSClient;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'pts-fauxqs-'));
      emulator = await startFauxqs({ port: 0, host: '127.0.0.1', logger: false, dataDir });
      client = new SQSClient({
        region: 'eu-west-1',
        endpoint: emulator.address,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        maxAttempts: 1,
      });
    });

    afterAll(async () => {
      client.destroy();
      await emulator.stop();
      await rm(dataDir, { recursive: true, force: true });
    });

    // fauxqs 2.4.1 writes NULL into a NOT NULL column when a message goes back to visible with a
    // change to 0: the call fails half way and the message is gone until the next start. The local
    // queue poller releases with 1 s for that reason; when this test fails, fauxqs is fixed.
    it('loses a message whose visibility is changed to 0 until it restarts (fauxqs 2.4.1)', async () => {
      const { queueUrl } = emulator.createQueue('visibility-zero');
      await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'kept?' }));
      const [message] =
        (await client.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, VisibilityTimeout: 30 })))
          .Messages ?? [];

      const change = client.send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: queueUrl,
          ReceiptHandle: message?.ReceiptHandle,
          VisibilityTimeout: 0,
        }),
      );

      await expect(change).rejects.toThrow();
      const again = await client.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 1 }));
      expect(again.Messages ?? []).toEqual([]);
    });

    it('makes a message visible again with a change to 1 s', async () => {
      const { queueUrl } = emulator.createQueue('visibility-one');
      await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'kept' }));
      const [message] =
        (await client.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, VisibilityTimeout: 30 })))
          .Messages ?? [];

      await client.send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: queueUrl,
          ReceiptHandle: message?.ReceiptHandle,
          VisibilityTimeout: 1,
        }),
      );

      const again = await client.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 3 }));
      expect(again.Messages?.map((received) => received.Body)).toEqual(['kept']);
    });
  });
});
