import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type _Record,
  DescribeStreamCommand,
  type DynamoDBStreamsClient,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type Shard,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import type { StreamConsumer, StreamHandler } from '../functions.ts';
import { appendLineDurably, fileSafe, readJsonFile, writeFileAtomic } from './durable-file.ts';
import { passesFilters } from './event-filter.ts';
import { lambdaContext } from './functions.ts';

export interface StreamPollerOptions {
  client: DynamoDBStreamsClient;
  streamArn: string;
  region: string;
  consumer: StreamConsumer;
  handler: StreamHandler;
  log: (message: string) => void;
  /** Error-level messages (a batch given up on); default: `log` with an `ERROR` prefix. */
  logError?: (message: string) => void;
  pollIntervalMs?: number;
  /**
   * Where the consumer's checkpoint and dead letters live (the stage passes its state dir):
   * `<dir>/checkpoints/stream-<function>.json` and `<dir>/dead-letters/stream-<function>.jsonl`.
   * Without it the checkpoint lives in memory only and dead letters are only logged.
   */
  checkpointDir?: string;
  /** First backoff step between attempts of a failed batch, doubled each time up to 5 s. Default 100 ms. */
  retryBaseDelayMs?: number;
}

/** What `<dir>/checkpoints/stream-<function>.json` holds. */
export interface StreamCheckpoint {
  version: 1;
  streamArn: string;
  functionName: string;
  /** Per shard, the sequence number of the last record the consumer is done with. */
  shards: Record<string, string>;
  /** Closed shards read to their end: never read again, and their children may start. */
  finished: string[];
  updatedAt: string;
}

/** One line of `<dir>/dead-letters/stream-<function>.jsonl`: what Lambda sends an on-failure destination, plus the records. */
export interface StreamDeadLetter {
  condition: 'RetryAttemptsExhausted';
  timestamp: string;
  functionName: string;
  approximateInvokeCount: number;
  streamArn: string;
  shardId: string;
  startSequenceNumber: string | undefined;
  endSequenceNumber: string | undefined;
  batchSize: number;
  error: string;
  records: DynamoDBRecord[];
}

interface ShardState {
  /** Undefined with `closed` false: the shard must be positioned (again) before the next read. */
  iterator: string | undefined;
  /** Records read but not yet handled successfully (a failed batch is retried from here). */
  pending: DynamoDBRecord[];
  /** Sequence number of the last record read, filtered out or not: a lost iterator resumes after it. */
  readThrough: string | undefined;
  attempts: number;
  lastError: string;
  closed: boolean;
}

/** The record as a Lambda event source mapping delivers it: DynamoDB JSON images, epoch-second times. */
export function toLambdaRecord(record: _Record, streamArn: string): DynamoDBRecord {
  const stream = record.dynamodb;
  const created = stream?.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(created ? { ApproximateCreationDateTime: Math.floor(new Date(created).getTime() / 1000) } : {}),
      Keys: stream?.Keys as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
      ...(stream?.NewImage
        ? { NewImage: stream.NewImage as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'] }
        : {}),
      ...(stream?.OldImage
        ? { OldImage: stream.OldImage as NonNullable<DynamoDBRecord['dynamodb']>['OldImage'] }
        : {}),
      SequenceNumber: stream?.SequenceNumber,
      SizeBytes: stream?.SizeBytes,
      StreamViewType: stream?.StreamViewType,
    },
  };
}

export function streamCheckpointFile(checkpointDir: string, functionName: string): string {
  return join(checkpointDir, 'checkpoints', `stream-${fileSafe(functionName)}.json`);
}

export function streamDeadLetterFile(checkpointDir: string, functionName: string): string {
  return join(checkpointDir, 'dead-letters', `stream-${fileSafe(functionName)}.jsonl`);
}

function isCheckpoint(value: unknown): value is StreamCheckpoint {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<StreamCheckpoint>;
  return (
    candidate.version === 1 &&
    typeof candidate.streamArn === 'string' &&
    typeof candidate.shards === 'object' &&
    candidate.shards !== null &&
    Object.values(candidate.shards).every((sequence) => typeof sequence === 'string') &&
    Array.isArray(candidate.finished)
  );
}

/**
 * A Lambda event source mapping for DynamoDB Streams: each shard is read in order (a child shard
 * after its parent), records are filtered, delivered in batches, and a failed batch is retried
 * (from the first reported failure) up to `maximumRetryAttempts` times, then written to the on-failure
 * destination (a dead-letter file) and passed.
 *
 * Like the mapping, it checkpoints: after each batch the consumer is done with, the sequence number
 * of its last record is stored per shard, so a restart (even after SIGKILL) resumes right after it.
 * A shard without a checkpoint is read from TRIM_HORIZON, also on the very first start: the consumers
 * are idempotent, so reading a record twice is harmless and skipping one (LATEST) is not. A record is
 * handled at least once, in order per shard.
 */
export class StreamPoller {
  private readonly shards = new Map<string, ShardState>();
  private readonly finishedShards = new Set<string>();
  private readonly checkpoints = new Map<string, string>();
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  private checkpointLoaded = false;

  constructor(private readonly options: StreamPollerOptions) {}

  /** Resolves once the shards are positioned: every record after the checkpoint (or all) is delivered. */
  async start(): Promise<void> {
    if (this.running) return;
    await this.loadCheckpoint();
    await this.discoverShards();
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  /** The shard positions the poller would resume from (for tests and diagnostics). */
  checkpoint(): Readonly<Record<string, string>> {
    return Object.fromEntries(this.checkpoints);
  }

  private get batchSize(): number {
    return this.options.consumer.batchSize ?? 100;
  }

  private get name(): string {
    return this.options.consumer.functionName;
  }

  private logError(message: string): void {
    if (this.options.logError) this.options.logError(message);
    else this.options.log(`ERROR ${message}`);
  }

  private async loadCheckpoint(): Promise<void> {
    if (this.checkpointLoaded) return;
    this.checkpointLoaded = true;
    const { checkpointDir, streamArn } = this.options;
    if (!checkpointDir) return;
    const path = streamCheckpointFile(checkpointDir, this.name);
    let stored: unknown;
    try {
      stored = await readJsonFile(path);
    } catch (error) {
      this.logError(
        `${this.name}: unreadable checkpoint ${path}, reading every shard from its start: ${error}`,
      );
      return;
    }
    if (stored === undefined) return;
    if (!isCheckpoint(stored)) {
      this.logError(`${this.name}: malformed checkpoint ${path}, reading every shard from its start`);
      return;
    }
    if (stored.streamArn !== streamArn) {
      this.options.log(`${this.name}: the checkpoint is for another stream (table recreated): starting over`);
      return;
    }
    for (const [shardId, sequence] of Object.entries(stored.shards)) this.checkpoints.set(shardId, sequence);
    for (const shardId of stored.finished) if (typeof shardId === 'string') this.finishedShards.add(shardId);
  }

  private async saveCheckpoint(): Promise<void> {
    const { checkpointDir, streamArn } = this.options;
    if (!checkpointDir) return;
    const checkpoint: StreamCheckpoint = {
      version: 1,
      streamArn,
      functionName: this.name,
      shards: Object.fromEntries(this.checkpoints),
      finished: [...this.finishedShards],
      updatedAt: new Date().toISOString(),
    };
    await writeFileAtomic(
      streamCheckpointFile(checkpointDir, this.name),
      `${JSON.stringify(checkpoint, null, 2)}\n`,
    );
  }

  private async advance(shardId: string, sequence: string | undefined): Promise<void> {
    if (!sequence || this.checkpoints.get(shardId) === sequence) return;
    this.checkpoints.set(shardId, sequence);
    await this.saveCheckpoint();
  }

  private async loop(): Promise<void> {
    const interval = this.options.pollIntervalMs ?? 200;
    let sinceDiscovery = 0;
    while (!this.abort.signal.aborted) {
      try {
        if (sinceDiscovery * interval >= 5000 || [...this.shards.values()].some((shard) => shard.closed)) {
          await this.discoverShards();
          sinceDiscovery = 0;
        }
        sinceDiscovery++;
        let busy = false;
        for (const [shardId, shard] of this.shards) busy = (await this.pollShard(shardId, shard)) || busy;
        if (!busy) await sleep(interval, undefined, { signal: this.abort.signal });
      } catch (error) {
        if (this.abort.signal.aborted) return;
        this.options.log(`stream poller ${this.name}: ${(error as Error).message}`);
        await sleep(1000, undefined, { signal: this.abort.signal }).catch(() => undefined);
      }
    }
  }

  private async discoverShards(): Promise<void> {
    const { client, streamArn } = this.options;
    const shards: Shard[] = [];
    let exclusiveStartShardId: string | undefined;
    do {
      const page = await client.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStartShardId }),
        { abortSignal: this.abort.signal },
      );
      shards.push(...(page.StreamDescription?.Shards ?? []));
      exclusiveStartShardId = page.StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);

    let finishedChanged = false;
    for (const [shardId, state] of this.shards) {
      if (state.closed && state.pending.length === 0) {
        this.shards.delete(shardId);
        this.finishedShards.add(shardId);
        finishedChanged = true;
      }
    }
    const known = new Set(shards.map((shard) => shard.ShardId));
    // Shards trimmed from the stream (24 h) need no checkpoint any more.
    for (const shardId of [...this.finishedShards, ...this.checkpoints.keys()]) {
      if (known.has(shardId)) continue;
      finishedChanged = this.finishedShards.delete(shardId) || finishedChanged;
      finishedChanged = this.checkpoints.delete(shardId) || finishedChanged;
    }
    for (const shard of shards) {
      const shardId = shard.ShardId;
      if (!shardId || this.shards.has(shardId) || this.finishedShards.has(shardId)) continue;
      const parent = shard.ParentShardId;
      // Order across a split: a child shard is read only once its parent is drained.
      if (parent && known.has(parent) && !this.finishedShards.has(parent)) continue;
      const state: ShardState = {
        iterator: undefined,
        pending: [],
        readThrough: undefined,
        attempts: 0,
        lastError: '',
        closed: false,
      };
      await this.position(shardId, state);
      this.shards.set(shardId, state);
    }
    if (finishedChanged) await this.saveCheckpoint();
  }

  /** Points the shard's iterator after the last record read, else after its checkpoint, else at its start. */
  private async position(shardId: string, shard: ShardState): Promise<void> {
    const after = shard.readThrough ?? this.checkpoints.get(shardId);
    const request = (type: ShardIteratorType, sequence?: string) =>
      this.options.client.send(
        new GetShardIteratorCommand({
          StreamArn: this.options.streamArn,
          ShardId: shardId,
          ShardIteratorType: type,
          ...(sequence ? { SequenceNumber: sequence } : {}),
        }),
        { abortSignal: this.abort.signal },
      );
    try {
      shard.iterator = (
        after ? await request('AFTER_SEQUENCE_NUMBER', after) : await request('TRIM_HORIZON')
      ).ShardIterator;
    } catch (error) {
      if (!after || (error as Error).name !== 'TrimmedDataAccessException') throw error;
      this.logError(
        `${this.name}: records of ${shardId} after ${after} were trimmed before they were handled; ` +
          'resuming at the oldest record kept',
      );
      shard.iterator = (await request('TRIM_HORIZON')).ShardIterator;
    }
    // No iterator: a closed shard with nothing after the position.
    if (!shard.iterator) shard.closed = true;
  }

  /** One step on one shard; true when it did work, so the loop polls again without waiting. */
  private async pollShard(shardId: string, shard: ShardState): Promise<boolean> {
    if (shard.pending.length === 0) {
      if (shard.closed) return false;
      if (!shard.iterator) await this.position(shardId, shard);
      if (!shard.iterator) return false;
      let page: GetRecordsCommandOutput;
      try {
        page = await this.options.client.send(
          new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: this.batchSize }),
          { abortSignal: this.abort.signal },
        );
      } catch (error) {
        // An expired or foreign iterator (DynamoDB Local restarted): position again on the next poll.
        shard.iterator = undefined;
        throw error;
      }
      const records = page.Records ?? [];
      shard.iterator = page.NextShardIterator;
      if (!shard.iterator) shard.closed = true;
      const last = records.at(-1)?.dynamodb?.SequenceNumber;
      if (last) shard.readThrough = last;
      shard.pending = records
        .map((record) => toLambdaRecord(record, this.options.streamArn))
        .filter((record) => passesFilters(this.options.consumer.filterPatterns, record));
      if (shard.pending.length === 0) {
        // Records the filter drops are done with too: the checkpoint moves past them.
        await this.advance(shardId, last);
        return records.length > 0;
      }
    }
    await this.deliver(shardId, shard);
    return true;
  }

  private async deliver(shardId: string, shard: ShardState): Promise<void> {
    const { consumer, handler, region, log } = this.options;
    const batch = shard.pending.slice(0, this.batchSize);
    let failedFrom: number;
    try {
      const response = await handler(
        { Records: batch },
        lambdaContext(consumer.functionName, 900_000, region),
      );
      const failures = consumer.reportBatchItemFailures ? (response?.batchItemFailures ?? []) : [];
      const indexes = failures.map((failure) =>
        batch.findIndex((record) => record.dynamodb?.SequenceNumber === failure.itemIdentifier),
      );
      // An identifier that names no record of the batch fails the whole batch, as in Lambda.
      failedFrom =
        indexes.length === 0 ? batch.length : indexes.some((index) => index < 0) ? 0 : Math.min(...indexes);
      if (failedFrom < batch.length) shard.lastError = `batch item failure at record ${failedFrom}`;
    } catch (error) {
      log(`${consumer.functionName} failed on a stream batch: ${(error as Error).stack ?? String(error)}`);
      shard.lastError = (error as Error).message;
      failedFrom = 0;
    }
    if (failedFrom >= batch.length) {
      await this.done(shardId, shard, batch.length);
      return;
    }
    if (failedFrom > 0) await this.done(shardId, shard, failedFrom);
    shard.attempts++;
    const maximum = consumer.maximumRetryAttempts ?? 10;
    if (shard.attempts > maximum) {
      const dropped = batch.slice(failedFrom);
      await this.deadLetter(shardId, dropped, shard.attempts, shard.lastError);
      await this.done(shardId, shard, dropped.length);
      return;
    }
    const base = this.options.retryBaseDelayMs ?? 100;
    await sleep(Math.min(base * 2 ** shard.attempts, 5000), undefined, { signal: this.abort.signal });
  }

  /** The first `count` pending records are handled (or given up on): drop them and checkpoint. */
  private async done(shardId: string, shard: ShardState, count: number): Promise<void> {
    const handled = shard.pending.slice(0, count);
    shard.pending = shard.pending.slice(count);
    shard.attempts = 0;
    shard.lastError = '';
    // With nothing left of the page, the checkpoint moves to its last record, filtered ones included.
    const through = shard.pending.length === 0 ? shard.readThrough : handled.at(-1)?.dynamodb?.SequenceNumber;
    await this.advance(shardId, through);
  }

  /**
   * The on-failure destination: Lambda sends the batch's coordinates to an SQS queue or SNS topic
   * (with an alarm on it); locally the records themselves are appended to the dead-letter file too,
   * since the stream keeps them 24 hours only.
   */
  private async deadLetter(
    shardId: string,
    records: DynamoDBRecord[],
    invocations: number,
    error: string,
  ): Promise<void> {
    const entry: StreamDeadLetter = {
      condition: 'RetryAttemptsExhausted',
      timestamp: new Date().toISOString(),
      functionName: this.name,
      approximateInvokeCount: invocations,
      streamArn: this.options.streamArn,
      shardId,
      startSequenceNumber: records[0]?.dynamodb?.SequenceNumber,
      endSequenceNumber: records.at(-1)?.dynamodb?.SequenceNumber,
      batchSize: records.length,
      error,
      records,
    };
    const { checkpointDir } = this.options;
    const where = checkpointDir ? streamDeadLetterFile(checkpointDir, this.name) : 'the log only';
    this.logError(
      `${this.name}: gave up on ${records.length} stream record(s) of ${shardId} ` +
        `(${entry.startSequenceNumber}..${entry.endSequenceNumber}) after ${invocations} attempts ` +
        `(${error}); written to ${where}`,
    );
    if (checkpointDir) await appendLineDurably(where, JSON.stringify(entry));
  }
}
