import {
  type _Record,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { mockClient } from 'aws-sdk-client-mock';

interface FakeShard {
  shardId: string;
  parentShardId?: string;
  records: _Record[];
  /** Records before this index were trimmed (older than the retention). */
  trimmedBefore: number;
  closed: boolean;
}

const awsError = (name: string, message: string) => Object.assign(new Error(message), { name });

/**
 * DynamoDB Streams in memory, behind a real DynamoDBStreamsClient (aws-sdk-client-mock answers its
 * DescribeStream, GetShardIterator and GetRecords): shards with parents, sequence numbers that grow
 * across shards, closing, trimming, and failures injected into the next GetRecords.
 */
export class FakeStream {
  readonly streamArn = 'arn:aws:dynamodb:eu-west-1:000000000000:table/fake/stream/2026-01-01T00:00:00.000';
  readonly client = new DynamoDBStreamsClient({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  /** Every GetShardIterator request, for assertions on where a poller started. */
  readonly iteratorRequests: { shardId: string; type: string; sequenceNumber?: string }[] = [];
  private readonly shards: FakeShard[] = [];
  private readonly iterators = new Map<string, { shardId: string; index: number }>();
  private readonly getRecordsFailures: Error[] = [];
  private sequence = 0;
  private iteratorCounter = 0;

  constructor(firstShardId = 'shardId-0001') {
    this.addShard(firstShardId);
    const mock = mockClient(this.client);
    mock.on(DescribeStreamCommand).callsFake(() => ({
      StreamDescription: {
        StreamArn: this.streamArn,
        StreamStatus: 'ENABLED',
        Shards: this.shards.map((shard) => ({
          ShardId: shard.shardId,
          ...(shard.parentShardId ? { ParentShardId: shard.parentShardId } : {}),
          SequenceNumberRange: {
            StartingSequenceNumber: shard.records[0]?.dynamodb?.SequenceNumber ?? '0',
            ...(shard.closed ? { EndingSequenceNumber: shard.records.at(-1)?.dynamodb?.SequenceNumber } : {}),
          },
        })),
      },
    }));
    mock.on(GetShardIteratorCommand).callsFake((input: GetShardIteratorCommand['input']) => {
      const shard = this.shard(input.ShardId ?? '');
      this.iteratorRequests.push({
        shardId: shard.shardId,
        type: input.ShardIteratorType ?? '',
        ...(input.SequenceNumber ? { sequenceNumber: input.SequenceNumber } : {}),
      });
      let index: number;
      switch (input.ShardIteratorType) {
        case 'TRIM_HORIZON':
          index = shard.trimmedBefore;
          break;
        case 'LATEST':
          index = shard.records.length;
          break;
        case 'AFTER_SEQUENCE_NUMBER': {
          const after = BigInt(input.SequenceNumber ?? '0');
          const firstKept = shard.records[shard.trimmedBefore]?.dynamodb?.SequenceNumber;
          if (shard.trimmedBefore > 0 && (!firstKept || after < BigInt(firstKept) - 1n)) {
            throw awsError('TrimmedDataAccessException', 'The sequence number is beyond the trim horizon');
          }
          const found = shard.records.findIndex(
            (record) => BigInt(record.dynamodb?.SequenceNumber ?? '0') > after,
          );
          index = found < 0 ? shard.records.length : found;
          break;
        }
        default:
          throw awsError('ValidationException', `Unsupported iterator type ${input.ShardIteratorType}`);
      }
      return { ShardIterator: this.iterator(shard.shardId, index) };
    });
    mock.on(GetRecordsCommand).callsFake((input: GetRecordsCommand['input']) => {
      const failure = this.getRecordsFailures.shift();
      if (failure) throw failure;
      const position = this.iterators.get(input.ShardIterator ?? '');
      if (!position) throw awsError('ExpiredIteratorException', 'Iterator expired');
      this.iterators.delete(input.ShardIterator ?? '');
      const shard = this.shard(position.shardId);
      const records = shard.records.slice(position.index, position.index + (input.Limit ?? 1000));
      const next = position.index + records.length;
      const atEnd = shard.closed && next >= shard.records.length;
      return {
        Records: records,
        ...(atEnd ? {} : { NextShardIterator: this.iterator(shard.shardId, next) }),
      };
    });
  }

  private iterator(shardId: string, index: number): string {
    const token = `iterator-${++this.iteratorCounter}`;
    this.iterators.set(token, { shardId, index });
    return token;
  }

  private shard(shardId: string): FakeShard {
    const shard = this.shards.find((candidate) => candidate.shardId === shardId);
    if (!shard) throw awsError('ResourceNotFoundException', `No shard ${shardId}`);
    return shard;
  }

  addShard(shardId: string, parentShardId?: string): void {
    this.shards.push({
      shardId,
      ...(parentShardId ? { parentShardId } : {}),
      records: [],
      trimmedBefore: 0,
      closed: false,
    });
  }

  /** Appends INSERT records with these keys to a shard (the last open one by default); their sequence numbers. */
  put(
    keys: string[],
    shardId = this.shards.filter((shard) => !shard.closed).at(-1)?.shardId ?? '',
  ): string[] {
    const shard = this.shard(shardId);
    if (shard.closed) throw new Error(`${shardId} is closed`);
    return keys.map((key) => {
      const sequenceNumber = String(++this.sequence).padStart(21, '0');
      shard.records.push({
        eventID: `event-${sequenceNumber}`,
        eventName: 'INSERT',
        eventVersion: '1.1',
        eventSource: 'aws:dynamodb',
        awsRegion: 'eu-west-1',
        dynamodb: {
          Keys: { pk: { S: key } },
          NewImage: { pk: { S: key }, kind: { S: key.startsWith('skip') ? 'Skipped' : 'Kept' } },
          SequenceNumber: sequenceNumber,
          SizeBytes: 20,
          StreamViewType: 'NEW_AND_OLD_IMAGES',
        },
      });
      return sequenceNumber;
    });
  }

  /** Closes a shard and opens a child, as a split does. */
  split(parentShardId: string, childShardId: string): void {
    this.shard(parentShardId).closed = true;
    this.addShard(childShardId, parentShardId);
  }

  /** Drops the oldest `count` records of a shard, as the 24-hour retention does. */
  trim(shardId: string, count: number): void {
    this.shard(shardId).trimmedBefore = count;
  }

  /** The next GetRecords calls fail with these errors. */
  failGetRecords(...errors: Error[]): void {
    this.getRecordsFailures.push(...errors);
  }

  /** Forgets every iterator handed out, as a restarted DynamoDB Local does. */
  expireIterators(): void {
    this.iterators.clear();
  }
}

export { awsError };

/** The partition keys of stream records, for compact assertions. */
export const keysOf = (records: readonly { dynamodb?: { Keys?: Record<string, { S?: string }> } }[]) =>
  records.map((record) => record.dynamodb?.Keys?.pk?.S);
