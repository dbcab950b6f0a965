import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamConsumer } from '../../../infra/functions.ts';
import { readJsonLines } from '../../../infra/local/durable-file.ts';
import {
  type StreamCheckpoint,
  type StreamDeadLetter,
  StreamPoller,
  type StreamPollerOptions,
  streamCheckpointFile,
  streamDeadLetterFile,
} from '../../../infra/local/stream-poller.ts';
import { awsError, FakeStream, keysOf } from './fake-stream.ts';

/** The pollers run on timers: on a loaded machine (CI on 2 cores) a second is not always enough. */
const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 20 });

let stateDir: string;
const running: StreamPoller[] = [];

beforeEach(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'pts-poller-'));
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((poller) => poller.stop()));
  await rm(stateDir, { recursive: true, force: true });
});

type Handler = (records: DynamoDBRecord[]) => Promise<DynamoDBBatchResponse | undefined>;

interface Harness {
  poller: StreamPoller;
  batches: string[][];
  errors: string[];
}

async function startPoller(
  stream: FakeStream,
  {
    consumer = {},
    handler = async () => undefined,
    checkpointDir = stateDir,
  }: { consumer?: Partial<StreamConsumer>; handler?: Handler; checkpointDir?: string | null } = {},
): Promise<Harness> {
  const batches: string[][] = [];
  const errors: string[] = [];
  const options: StreamPollerOptions = {
    client: stream.client,
    streamArn: stream.streamArn,
    region: 'eu-west-1',
    consumer: { functionName: 'test-consumer', batchSize: 2, ...consumer },
    handler: async (event) => {
      batches.push(keysOf(event.Records) as string[]);
      return handler(event.Records);
    },
    log: () => undefined,
    logError: (message) => errors.push(message),
    pollIntervalMs: 5,
    retryBaseDelayMs: 1,
    ...(checkpointDir ? { checkpointDir } : {}),
  };
  const poller = new StreamPoller(options);
  running.push(poller);
  await poller.start();
  return { poller, batches, errors };
}

async function stop(harness: Harness): Promise<void> {
  await harness.poller.stop();
  running.splice(running.indexOf(harness.poller), 1);
}

const delivered = (harness: Harness) => harness.batches.flat();

async function storedCheckpoint(name = 'test-consumer'): Promise<StreamCheckpoint> {
  return JSON.parse(await readFile(streamCheckpointFile(stateDir, name), 'utf8')) as StreamCheckpoint;
}

describe('the stream poller checkpoints', () => {
  it('reads records written before its first start, since a new state dir has no checkpoint (TRIM_HORIZON)', async () => {
    const stream = new FakeStream();
    stream.put(['a', 'b', 'c']);

    const harness = await startPoller(stream);

    await waitFor(() => expect(delivered(harness)).toEqual(['a', 'b', 'c']));
    expect(stream.iteratorRequests).toEqual([{ shardId: 'shardId-0001', type: 'TRIM_HORIZON' }]);
  });

  it('resumes after the last handled record when started again on the same state dir', async () => {
    const stream = new FakeStream();
    const [, , third] = stream.put(['a', 'b', 'c']);
    const first = await startPoller(stream);
    await waitFor(() => expect(delivered(first)).toEqual(['a', 'b', 'c']));
    await stop(first);
    stream.put(['d', 'e']);

    const second = await startPoller(stream);

    await waitFor(() => expect(delivered(second)).toEqual(['d', 'e']));
    expect(stream.iteratorRequests.at(-1)).toEqual({
      shardId: 'shardId-0001',
      type: 'AFTER_SEQUENCE_NUMBER',
      sequenceNumber: third,
    });
  });

  it('delivers again, after a restart, a batch whose handling never finished (at least once)', async () => {
    const stream = new FakeStream();
    stream.put(['a', 'b', 'c', 'd']);
    const first = await startPoller(stream, {
      consumer: { maximumRetryAttempts: 1_000 },
      handler: async (records) => {
        if (keysOf(records).includes('c')) throw new Error('the process dies during this batch');
        return undefined;
      },
    });
    await waitFor(() => expect(first.batches.length).toBeGreaterThanOrEqual(2));
    await stop(first);

    const second = await startPoller(stream);

    await waitFor(() => expect(delivered(second)).toEqual(['c', 'd']));
    expect(first.batches[0]).toEqual(['a', 'b']);
  });

  it('moves the checkpoint past records its filter drops, so a restart does not read them again', async () => {
    const stream = new FakeStream();
    const sequences = stream.put(['a', 'skip-1', 'skip-2', 'skip-3']);
    const filtered = { filterPatterns: [{ dynamodb: { NewImage: { kind: { S: ['Kept'] } } } }] };
    const first = await startPoller(stream, { consumer: filtered });
    await waitFor(async () =>
      expect((await storedCheckpoint()).shards['shardId-0001']).toBe(sequences.at(-1)),
    );
    await stop(first);

    expect(delivered(first)).toEqual(['a']);
  });

  it('keeps the checkpoint in memory only when it has no directory', async () => {
    const stream = new FakeStream();
    const [first] = stream.put(['a']);
    const harness = await startPoller(stream, { checkpointDir: null });

    await waitFor(() => expect(harness.poller.checkpoint()).toEqual({ 'shardId-0001': first }));
    expect(await readdir(stateDir)).toEqual([]);
  });
});

describe('the stream poller retries and dead letters', () => {
  it('retries a failing batch maximumRetryAttempts times, then writes it to the dead-letter file, logs an error and moves on', async () => {
    const stream = new FakeStream();
    stream.put(['a', 'poison', 'c', 'd']);
    const harness = await startPoller(stream, {
      consumer: { maximumRetryAttempts: 2, reportBatchItemFailures: true },
      handler: async (records) => {
        const poison = records.find((record) => record.dynamodb?.Keys?.pk?.S === 'poison');
        return {
          batchItemFailures: poison ? [{ itemIdentifier: poison.dynamodb?.SequenceNumber ?? '' }] : [],
        };
      },
    });

    await waitFor(() => expect(delivered(harness)).toContain('d'));
    // a is done at the first attempt; poison is tried once and retried twice, then given up on.
    expect(harness.batches).toEqual([['a', 'poison'], ['poison'], ['poison'], ['c', 'd']]);
    const deadLetters = (await readJsonLines(
      streamDeadLetterFile(stateDir, 'test-consumer'),
    )) as StreamDeadLetter[];
    expect(deadLetters).toHaveLength(1);
    expect(deadLetters[0]).toMatchObject({
      condition: 'RetryAttemptsExhausted',
      functionName: 'test-consumer',
      approximateInvokeCount: 3,
      streamArn: stream.streamArn,
      shardId: 'shardId-0001',
      batchSize: 1,
    });
    expect(keysOf(deadLetters[0]?.records ?? [])).toEqual(['poison']);
    expect(harness.errors).toEqual([
      expect.stringMatching(/gave up on 1 stream record\(s\) of shardId-0001/),
    ]);
  });

  it('dead-letters the whole batch when the handler throws on every attempt, and checkpoints past it', async () => {
    const stream = new FakeStream();
    const sequences = stream.put(['x', 'y', 'z']);
    const harness = await startPoller(stream, {
      consumer: { maximumRetryAttempts: 1 },
      handler: async (records) => {
        if (keysOf(records).includes('x')) throw new Error('always fails');
        return undefined;
      },
    });

    await waitFor(() => expect(delivered(harness)).toContain('z'));
    await waitFor(async () =>
      expect((await storedCheckpoint()).shards['shardId-0001']).toBe(sequences.at(-1)),
    );
    const deadLetters = (await readJsonLines(
      streamDeadLetterFile(stateDir, 'test-consumer'),
    )) as StreamDeadLetter[];
    expect(deadLetters.map((entry) => keysOf(entry.records))).toEqual([['x', 'y']]);
    expect(deadLetters[0]?.error).toBe('always fails');
  });

  it('repositions after the last record read when its iterator expires, losing and repeating nothing', async () => {
    const stream = new FakeStream();
    stream.put(['a', 'b']);
    const harness = await startPoller(stream);
    await waitFor(() => expect(delivered(harness)).toEqual(['a', 'b']));

    stream.expireIterators();
    stream.failGetRecords(awsError('InternalServerError', 'DynamoDB Local is restarting'));
    stream.put(['c']);

    await waitFor(() => expect(delivered(harness)).toEqual(['a', 'b', 'c']));
  });

  it('falls back to the oldest record kept, with an error, when its checkpoint was trimmed away', async () => {
    const stream = new FakeStream();
    stream.put(['a']);
    const first = await startPoller(stream);
    await waitFor(() => expect(delivered(first)).toEqual(['a']));
    await stop(first);
    stream.put(['lost-1', 'lost-2', 'kept']);
    stream.trim('shardId-0001', 3);

    const second = await startPoller(stream);

    await waitFor(() => expect(delivered(second)).toEqual(['kept']));
    expect(second.errors).toEqual([expect.stringMatching(/were trimmed before they were handled/)]);
  });
});

describe('the stream poller and shards', () => {
  it('reads a new child shard from its start once its parent is drained, in order', async () => {
    const stream = new FakeStream();
    stream.put(['p1', 'p2']);
    const harness = await startPoller(stream);
    await waitFor(() => expect(delivered(harness)).toEqual(['p1', 'p2']));

    stream.put(['p3']);
    stream.split('shardId-0001', 'shardId-0002');
    stream.put(['c1', 'c2'], 'shardId-0002');

    await waitFor(() => expect(delivered(harness)).toEqual(['p1', 'p2', 'p3', 'c1', 'c2']));
    expect(stream.iteratorRequests.at(-1)).toEqual({ shardId: 'shardId-0002', type: 'TRIM_HORIZON' });
    await waitFor(async () => expect((await storedCheckpoint()).finished).toEqual(['shardId-0001']));
  });

  it('after a restart, finishes the parent from its checkpoint before reading a child that appeared meanwhile', async () => {
    const stream = new FakeStream();
    stream.put(['p1']);
    const first = await startPoller(stream);
    await waitFor(() => expect(delivered(first)).toEqual(['p1']));
    await stop(first);
    stream.put(['p2']);
    stream.split('shardId-0001', 'shardId-0002');
    stream.put(['c1'], 'shardId-0002');

    const second = await startPoller(stream);

    await waitFor(() => expect(delivered(second)).toEqual(['p2', 'c1']));
  });

  it('starts over on a stream other than the one its checkpoint names (the table was recreated)', async () => {
    const stream = new FakeStream();
    stream.put(['a', 'b']);
    const checkpoint: StreamCheckpoint = {
      version: 1,
      streamArn: 'arn:aws:dynamodb:eu-west-1:000000000000:table/fake/stream/2020-01-01T00:00:00.000',
      functionName: 'test-consumer',
      shards: { 'shardId-0001': '000000000000000000002' },
      finished: [],
      updatedAt: new Date().toISOString(),
    };
    await mkdir(join(stateDir, 'checkpoints'), { recursive: true });
    await writeFile(streamCheckpointFile(stateDir, 'test-consumer'), JSON.stringify(checkpoint));

    const harness = await startPoller(stream);

    await waitFor(() => expect(delivered(harness)).toEqual(['a', 'b']));
  });
});

describe('the checkpoint file', () => {
  it('is replaced atomically: valid JSON after every batch, no temporary file left behind', async () => {
    const stream = new FakeStream();
    const sequences = stream.put(Array.from({ length: 40 }, (_, index) => `k${index}`));
    const seen: string[] = [];
    const harness = await startPoller(stream, {
      consumer: { batchSize: 1 },
      handler: async () => {
        // Read between two writes: the file is always whole, old or new.
        const text = await readFile(streamCheckpointFile(stateDir, 'test-consumer'), 'utf8').catch(
          () => undefined,
        );
        if (text !== undefined)
          seen.push((JSON.parse(text) as StreamCheckpoint).shards['shardId-0001'] ?? '');
        return undefined;
      },
    });

    await waitFor(async () =>
      expect((await storedCheckpoint()).shards['shardId-0001']).toBe(sequences.at(-1)),
    );
    await stop(harness);
    expect(seen).toEqual(sequences.slice(0, -1));
    expect(await readdir(join(stateDir, 'checkpoints'))).toEqual(['stream-test-consumer.json']);
    expect(await storedCheckpoint()).toMatchObject({
      version: 1,
      streamArn: stream.streamArn,
      functionName: 'test-consumer',
      finished: [],
    });
  });

  it('reads every shard from its start, with an error, when the checkpoint file is not JSON', async () => {
    const stream = new FakeStream();
    stream.put(['a']);
    await mkdir(join(stateDir, 'checkpoints'), { recursive: true });
    await writeFile(streamCheckpointFile(stateDir, 'test-consumer'), '{"version": 1, "shar');

    const harness = await startPoller(stream);

    await waitFor(() => expect(delivered(harness)).toEqual(['a']));
    expect(harness.errors).toEqual([expect.stringMatching(/unreadable checkpoint/)]);
  });
});
