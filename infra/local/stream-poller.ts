import { setTimeout as sleep } from 'node:timers/promises';
import {
  type _Record,
  DescribeStreamCommand,
  type DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import type { StreamConsumer, StreamHandler } from '../functions.ts';
import { passesFilters } from './event-filter.ts';
import { lambdaContext } from './functions.ts';

export interface StreamPollerOptions {
  client: DynamoDBStreamsClient;
  streamArn: string;
  region: string;
  consumer: StreamConsumer;
  handler: StreamHandler;
  log: (message: string) => void;
  pollIntervalMs?: number;
}

interface ShardState {
  iterator: string | undefined;
  /** Records read but not yet handled successfully (a failed batch is retried from here). */
  pending: DynamoDBRecord[];
  attempts: number;
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

/**
 * A Lambda event source mapping for DynamoDB Streams: each shard is read in order (a child shard
 * after its parent), records are filtered, delivered in batches, and a failed batch is retried
 * (from the first reported failure) before the shard moves on.
 */
export class StreamPoller {
  private readonly shards = new Map<string, ShardState>();
  private readonly finishedShards = new Set<string>();
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  private knownAtStart = true;

  constructor(private readonly options: StreamPollerOptions) {}

  /** Resolves once the shards are positioned: every record written after that is delivered. */
  async start(): Promise<void> {
    if (this.running) return;
    await this.discoverShards();
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  private get batchSize(): number {
    return this.options.consumer.batchSize ?? 100;
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
        this.options.log(`stream poller ${this.options.consumer.functionName}: ${(error as Error).message}`);
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

    for (const [shardId, state] of this.shards) {
      if (state.closed && state.pending.length === 0) {
        this.shards.delete(shardId);
        this.finishedShards.add(shardId);
      }
    }
    const known = new Set(shards.map((shard) => shard.ShardId));
    for (const shard of shards) {
      const shardId = shard.ShardId;
      if (!shardId || this.shards.has(shardId) || this.finishedShards.has(shardId)) continue;
      const parent = shard.ParentShardId;
      // Order across a split: a child shard is read only once its parent is drained.
      if (parent && known.has(parent) && !this.finishedShards.has(parent) && !this.knownAtStart) continue;
      // Shards open at start are read from now on (like a new mapping at LATEST); later ones from the start.
      const iterator = await client.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shardId,
          ShardIteratorType: this.knownAtStart ? 'LATEST' : 'TRIM_HORIZON',
        }),
        { abortSignal: this.abort.signal },
      );
      this.shards.set(shardId, { iterator: iterator.ShardIterator, pending: [], attempts: 0, closed: false });
    }
    this.knownAtStart = false;
  }

  /** One step on one shard; true when it did work, so the loop polls again without waiting. */
  private async pollShard(shardId: string, shard: ShardState): Promise<boolean> {
    if (shard.pending.length === 0) {
      if (!shard.iterator) {
        shard.closed = true;
        return false;
      }
      const page = await this.options.client.send(
        new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: this.batchSize }),
        { abortSignal: this.abort.signal },
      );
      shard.iterator = page.NextShardIterator;
      shard.pending = (page.Records ?? [])
        .map((record) => toLambdaRecord(record, this.options.streamArn))
        .filter((record) => passesFilters(this.options.consumer.filterPatterns, record));
      if (shard.pending.length === 0) return (page.Records ?? []).length > 0;
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
    } catch (error) {
      log(`${consumer.functionName} failed on a stream batch: ${(error as Error).stack ?? String(error)}`);
      failedFrom = 0;
    }
    if (failedFrom >= batch.length) {
      shard.pending = shard.pending.slice(batch.length);
      shard.attempts = 0;
      return;
    }
    shard.pending = shard.pending.slice(failedFrom);
    shard.attempts++;
    const maximum = consumer.maximumRetryAttempts ?? 10;
    if (shard.attempts > maximum) {
      const dropped = shard.pending.slice(0, batch.length - failedFrom);
      log(
        `${consumer.functionName}: skipping ${dropped.length} stream record(s) of ${shardId} after ${maximum} retries`,
      );
      shard.pending = shard.pending.slice(dropped.length);
      shard.attempts = 0;
      return;
    }
    await sleep(Math.min(100 * 2 ** shard.attempts, 5000), undefined, { signal: this.abort.signal });
  }
}
