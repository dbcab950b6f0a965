import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../support/api.ts';
import { commandLineOf, StageProcess, waitUntilGone } from './support/stage-process.ts';
import { eventually, newKeys, pool, Receiver, World } from './support/world.ts';

/** DynamoDB Local answers again on the stage's endpoint. */
async function serving(endpoint: string): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'eu-west-1',
    maxAttempts: 1,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await eventually(() => client.send(new ListTablesCommand({ Limit: 1 })), 30_000, 100);
  } finally {
    client.destroy();
  }
}

interface BurstResult {
  keys: string[];
  /** Booking ids the first answers gave (202 before, during or after the outage), by key. */
  acceptedFirst: Map<string, string>;
  /** What the first attempt of each create got: a status, or no answer. */
  firstStatuses: (number | 'no answer')[];
  /** The booking id each key finally answers with. */
  bookingIds: string[];
}

/**
 * The stage's database process dies in the middle of a burst and comes back on the same port and data
 * (the stage does not restart it: the test starts the same command line again, as a supervisor would).
 */
describe('DynamoDB Local stopped and started again in the middle of a burst of creates', () => {
  let stage: StageProcess;
  let world: World;
  let receiver: Receiver;
  let subscribedAt: string;
  let sqs: SQSClient;
  const restarted: ChildProcess[] = [];

  beforeAll(async () => {
    stage = await StageProcess.create({ WEBHOOK_RETRY_SCHEDULE: '1,1,1,1', WEBHOOK_TIMEOUT_MS: '2000' });
    await stage.start();
    world = new World(stage);
    receiver = await new Receiver(stage.stageJson.webhook_receiver).start();
    subscribedAt = new Date().toISOString();
    await world.subscribe(receiver.url);
    sqs = new SQSClient({
      region: stage.endpoints.region,
      endpoint: stage.endpoints.sqs,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });

  afterAll(async () => {
    await world?.close();
    sqs?.destroy();
    await receiver?.stop();
    for (const child of restarted) child.kill('SIGKILL');
    await stage?.dispose();
  });

  async function restartDatabase(signal: 'SIGTERM' | 'SIGKILL', downForMs: number): Promise<void> {
    const [pid] = stage.dynamoDbPids();
    if (pid === undefined) throw new Error(`no DynamoDB Local for ${stage.stateDir}`);
    const [command, ...args] = commandLineOf(pid);
    process.kill(pid, signal);
    await waitUntilGone([pid]);
    await sleep(downForMs);
    restarted.push(spawn(command as string, args, { detached: true, stdio: 'ignore' }));
    await serving(stage.endpoints.dynamodb);
  }

  /** 60 creates, the database down for two seconds once a third has answered, then retries until 202. */
  async function burstThrough(signal: 'SIGTERM' | 'SIGKILL'): Promise<BurstResult> {
    const keys = newKeys(60);
    let answered = 0;
    let outage: Promise<void> | undefined;
    const first = await pool(keys, 10, async (key) => {
      const response = await world.createBooking(key);
      answered++;
      if (answered === 20) outage = restartDatabase(signal, 2_000);
      return response;
    });
    await outage;
    const acceptedFirst = new Map<string, string>();
    first.forEach((response, index) => {
      if (response?.status === 202)
        acceptedFirst.set(keys[index] as string, response.body.booking_id as string);
    });
    // While the database is away every answer is a 503 with Retry-After, the authorizer's included,
    // never a 500 (or no answer, for a request the outage cut).
    expect(
      first
        .map((response) => response?.status)
        .filter((status) => status !== 202 && status !== 503 && status !== undefined),
    ).toEqual([]);
    // A partner retries what did not answer 202 (5xx, or no answer) with the same key until it does.
    const final = await pool(keys, 10, (key) =>
      eventually(async () => {
        const response: ApiResponse = await world.createBooking(key);
        expect(response.status).toBe(202);
        return response;
      }, 60_000),
    );
    return {
      keys,
      acceptedFirst,
      firstStatuses: first.map((response) => response?.status ?? 'no answer'),
      bookingIds: final.map((response) => response?.body.booking_id as string),
    };
  }

  /** Messages on the webhook queue, visible or not. */
  async function queued(): Promise<number> {
    const queue = stage.endpoints.queues['webhook-deliveries'];
    if (!queue) throw new Error('the stage has no webhook queue');
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: queue.url,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    return (
      Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
      Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
    );
  }

  /**
   * Every booking of the burst Issued, and no event lost: each one since the subscription has reached
   * the receiver or waits on the webhook queue (`delivered`: reached the receiver, all of them).
   */
  async function expectConverged(
    result: BurstResult,
    { delivered }: { delivered: boolean },
  ): Promise<{ events: number; waiting: number; duplicates: number }> {
    expect(new Set(result.bookingIds).size).toBe(60);
    await eventually(async () => {
      const stored = (await world.items('Booking')).filter((item) =>
        result.bookingIds.includes(item.booking_id as string),
      );
      expect(stored).toHaveLength(60);
      expect(stored.map((item) => item.status)).toEqual(stored.map(() => 'Issued'));
    }, 90_000);
    const { events, waiting } = await eventually(
      async () => {
        const stored = (await world.items('Event')).filter((item) => String(item.timestamp) >= subscribedAt);
        const missing = stored.filter((item) => !receiver.ids().has(item.event_id as string));
        if (delivered) expect(missing.length).toBe(0);
        else expect(missing.length).toBeLessThanOrEqual(await queued());
        return { events: stored, waiting: missing.length };
      },
      delivered ? 90_000 : 30_000,
    );
    // Nothing failed for good: what has not arrived is still on its way.
    const deliveries = await world.items('Delivery');
    expect(deliveries.filter((item) => item.status === 'Failed')).toEqual([]);
    expect(receiver.duplicates().length).toBeLessThanOrEqual(20);
    return { events: events.length, waiting, duplicates: receiver.duplicates().length };
  }

  /**
   * The first 202s whose retry named another booking, and whether that first booking is still stored.
   * Still stored would be two bookings for one key: never. Gone is DynamoDB Local losing what it had
   * acknowledged (docs/reliability.md); the retry then rightly creates the booking anew.
   */
  async function renamedFirsts(result: BurstResult): Promise<{ lost: string[]; kept: string[] }> {
    const renamed = [...result.acceptedFirst]
      .filter(([key, bookingId]) => result.bookingIds[result.keys.indexOf(key)] !== bookingId)
      .map(([, bookingId]) => bookingId);
    const stored = new Set((await world.items('Booking')).map((item) => item.booking_id as string));
    return {
      lost: renamed.filter((bookingId) => !stored.has(bookingId)),
      kept: renamed.filter((bookingId) => stored.has(bookingId)),
    };
  }

  it('stopped (SIGTERM): every create retried with its key answers 202 with the booking a 202 named before unless the database lost it, all Issued, no event lost', async () => {
    const result = await burstThrough('SIGTERM');

    const { lost, kept } = await renamedFirsts(result);
    expect(kept).toEqual([]);
    expect(lost.length).toBeLessThanOrEqual(2);
    const { events, waiting, duplicates } = await expectConverged(result, { delivered: false });
    console.info(
      `[faults] database SIGTERM: ${result.acceptedFirst.size} of 60 answered 202 first ` +
        `(${lost.length} of them lost with the database), others ` +
        `${JSON.stringify(result.firstStatuses.filter((status) => status !== 202))}; ${events} events, ` +
        `${waiting} still queued, ${duplicates} received twice`,
    );
  });

  it('killed (SIGKILL): every create retried with its key converges on one booking, all Issued, no event lost', async () => {
    const result = await burstThrough('SIGKILL');

    // DynamoDB Local acknowledges a transaction a moment before it is on disk (measured: the last
    // one or two of a tight loop are gone after SIGKILL), so a 202 answered just before the kill can
    // name a booking the restarted database no longer has; its retry then creates the booking anew.
    // DynamoDB itself is durable once it answers; docs/reliability.md.
    const { lost, kept } = await renamedFirsts(result);
    expect(kept).toEqual([]);
    expect(lost.length).toBeLessThanOrEqual(10);
    const { events, waiting, duplicates } = await expectConverged(result, { delivered: false });
    console.info(
      `[faults] database SIGKILL: ${result.acceptedFirst.size} of 60 answered 202 first ` +
        `(${lost.length} of them lost with the database), others ` +
        `${JSON.stringify(result.firstStatuses.filter((status) => status !== 202))}; ${events} events, ` +
        `${waiting} still queued, ${duplicates} received twice`,
    );
  });

  // The dispatcher hides a message that failed on a DynamoDB error for a few seconds (not the queue's
  // 360 s visibility timeout), so a two-second database outage delays webhooks by seconds.
  it('delivers every event within 90 s of a database outage (the dispatcher backs off briefly on errors)', async () => {
    const result = await burstThrough('SIGTERM');

    const { waiting } = await expectConverged(result, { delivered: true });

    expect(waiting).toBe(0);
  });
});
