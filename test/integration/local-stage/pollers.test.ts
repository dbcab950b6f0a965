import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
} from '@aws-sdk/client-sqs';
import type { DynamoDBRecord, SQSRecord } from 'aws-lambda';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { QueuePoller } from '../../../infra/local/queue-poller.ts';
import { StreamPoller } from '../../../infra/local/stream-poller.ts';
import { ensureTable } from '../../../infra/local/tables.ts';
import { endpoints } from '../../support/api.ts';
import { dynamoClient, sqsClient, streamsClient } from '../../support/aws.ts';

const dynamo = dynamoClient();
const streams = streamsClient();
const sqs = sqsClient();
const tables: string[] = [];
const pollers: { stop(): Promise<void> }[] = [];

afterAll(async () => {
  await Promise.all(pollers.map((poller) => poller.stop()));
  await Promise.all(tables.map((TableName) => dynamo.send(new DeleteTableCommand({ TableName }))));
  for (const client of [dynamo, streams, sqs]) client.destroy();
});

async function streamedTable(): Promise<{ name: string; streamArn: string }> {
  const shape = {
    id: 'PollerTest',
    partitionKey: 'pk',
    timeToLiveAttribute: 'ttl',
    stream: true,
    globalSecondaryIndexes: [],
  };
  const { name, streamArn } = await ensureTable(dynamo, shape, `poller-${randomUUID()}`);
  tables.push(name);
  return { name, streamArn: streamArn as string };
}

const put = (table: string, pk: string) =>
  dynamo.send(new PutItemCommand({ TableName: table, Item: { pk: { S: pk }, state: { S: 'new' } } }));

describe('the stream poller', () => {
  it('delivers matching records in order as a DynamoDBStreamEvent, filtered like Lambda event filtering', async () => {
    const table = await streamedTable();
    const delivered: DynamoDBRecord[] = [];
    const poller = new StreamPoller({
      client: streams,
      streamArn: table.streamArn,
      region: endpoints().region,
      consumer: { functionName: 'test-consumer', filterPatterns: [{ eventName: ['INSERT'] }] },
      handler: async (event) => {
        delivered.push(...event.Records);
      },
      log: () => undefined,
      pollIntervalMs: 50,
    });
    pollers.push(poller);
    await poller.start();

    await put(table.name, 'A');
    await dynamo.send(
      new UpdateItemCommand({
        TableName: table.name,
        Key: { pk: { S: 'A' } },
        UpdateExpression: 'SET #state = :state',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':state': { S: 'changed' } },
      }),
    );
    await put(table.name, 'B');

    await vi.waitFor(() => expect(delivered).toHaveLength(2), { timeout: 10_000 });
    expect(delivered.map((record) => record.dynamodb?.Keys?.pk)).toEqual([{ S: 'A' }, { S: 'B' }]);
    expect(delivered[0]).toMatchObject({
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      eventSourceARN: table.streamArn,
      dynamodb: { NewImage: { pk: { S: 'A' }, state: { S: 'new' } }, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
    expect(typeof delivered[0]?.dynamodb?.ApproximateCreationDateTime).toBe('number');
  });

  it('retries a failed batch with the same records before moving on', async () => {
    const table = await streamedTable();
    const attempts: string[][] = [];
    const poller = new StreamPoller({
      client: streams,
      streamArn: table.streamArn,
      region: endpoints().region,
      consumer: { functionName: 'test-consumer' },
      handler: async (event) => {
        attempts.push(event.Records.map((record) => record.dynamodb?.SequenceNumber ?? ''));
        if (attempts.length === 1) throw new Error('first delivery fails');
      },
      log: () => undefined,
      pollIntervalMs: 50,
    });
    pollers.push(poller);
    await poller.start();

    await put(table.name, 'C');

    await vi.waitFor(() => expect(attempts).toHaveLength(2), { timeout: 10_000 });
    expect(attempts[1]).toEqual(attempts[0]);
  });
});

describe('the queue poller', () => {
  it('deletes what succeeded and leaves batch item failures to the redrive policy', async () => {
    const name = `poller-${randomUUID()}`;
    const deadLetter = await sqs.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }));
    const deadLetterArn = (
      await sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: deadLetter.QueueUrl, AttributeNames: ['QueueArn'] }),
      )
    ).Attributes?.QueueArn;
    const queue = await sqs.send(
      new CreateQueueCommand({
        QueueName: name,
        Attributes: {
          VisibilityTimeout: '0',
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: deadLetterArn, maxReceiveCount: 2 }),
        },
      }),
    );
    const queueArn = (
      await sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: queue.QueueUrl, AttributeNames: ['QueueArn'] }),
      )
    ).Attributes?.QueueArn as string;
    const handled: SQSRecord[] = [];
    const poller = new QueuePoller({
      client: sqs,
      queueUrl: queue.QueueUrl as string,
      queueArn,
      region: endpoints().region,
      functionName: 'test-consumer',
      reportBatchItemFailures: true,
      waitTimeSeconds: 1,
      handler: async (event) => {
        const failed = event.Records.filter((record) => record.body === 'poison');
        handled.push(...event.Records.filter((record) => record.body !== 'poison'));
        return { batchItemFailures: failed.map((record) => ({ itemIdentifier: record.messageId })) };
      },
      log: () => undefined,
    });
    pollers.push(poller);
    poller.start();

    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queue.QueueUrl,
        Entries: ['first', 'poison', 'second'].map((body, index) => ({
          Id: String(index),
          MessageBody: body,
        })),
      }),
    );

    const redriven = await vi.waitFor(
      async () => {
        const received = await sqs.send(
          new ReceiveMessageCommand({ QueueUrl: deadLetter.QueueUrl, WaitTimeSeconds: 1 }),
        );
        expect(received.Messages).toHaveLength(1);
        return received.Messages ?? [];
      },
      { timeout: 15_000 },
    );
    expect(redriven[0]?.Body).toBe('poison');
    expect(handled.map((record) => record.body).sort()).toEqual(['first', 'second']);
    expect(handled[0]).toMatchObject({
      eventSource: 'aws:sqs',
      eventSourceARN: queueArn,
      attributes: { ApproximateReceiveCount: '1' },
    });
  });
});
