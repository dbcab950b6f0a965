import { randomUUID } from 'node:crypto';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../support/api.ts';
import { documentClient, sqsClient } from '../../support/aws.ts';
import {
  deadLetters,
  deliveryWhere,
  emitEvent,
  eventually,
  newPartner,
  ping,
  type Receiver,
  startReceiver,
  subscribe,
  webhookQueue,
} from './helpers.ts';

const receivers: Receiver[] = [];
async function receiver(...replies: Parameters<Receiver['reply']>) {
  const started = (await startReceiver()).reply(...replies);
  receivers.push(started);
  return started;
}

afterAll(async () => {
  await Promise.all(receivers.map((started) => started.stop()));
});

/** Puts a message on the webhook queue as the Pipe would, under a deduplication id of our choosing. */
async function enqueue(body: string, groupId: string): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: webhookQueue().url,
      MessageBody: body,
      MessageGroupId: groupId,
      MessageDeduplicationId: randomUUID(),
    }),
  );
}

describe.concurrent('the delivery pipeline', () => {
  it('delivers an event once when its stream record arrives twice more', async () => {
    const partner = await newPartner();
    const endpoint = await receiver();
    const webhookId = await subscribe(partner, endpoint.url);
    const eventId = await ping(partner, webhookId);
    await deliveryWhere(partner, webhookId, eventId, (found) => found.status === 'Succeeded');
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: endpoints().tables.main, Key: { pk: `EVENT#${eventId}`, sk: 'EVENT' } }),
    );
    if (!Item) throw new Error('The ping event item is missing');
    const record = JSON.stringify({
      eventID: randomUUID(),
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      dynamodb: {
        Keys: marshall({ pk: Item.pk, sk: Item.sk }),
        NewImage: marshall(Item),
        SequenceNumber: '1',
      },
    });

    await enqueue(record, Item.ordering_key);
    await enqueue(record, Item.ordering_key);
    // A later ping of the same message group is handed out only after both duplicates were handled.
    const barrier = await ping(partner, webhookId);
    await eventually(() => expect(endpoint.of(barrier)).toHaveLength(1));

    expect(endpoint.of(eventId)).toHaveLength(1);
    const recorded = await deliveryWhere(partner, webhookId, eventId, () => true);
    expect(recorded.attempts).toHaveLength(1);
  });

  it('sends a message that is not an event record straight to the dead-letter queue', async () => {
    const marker = `poison-${randomUUID()}`;

    await enqueue(`{"this is": "${marker}", not JSON`, marker);

    const dead = await eventually(async () => {
      const found = (await deadLetters()).find((message) => message.body.includes(marker));
      if (!found) throw new Error('not dead-lettered yet');
      return found;
    });
    expect(dead.reason).toBe('The message body is not JSON');
  });

  it('keeps the events of one booking in order: a failing event holds back those after it', async () => {
    const partner = await newPartner();
    const endpoint = await receiver(500, 500);
    await subscribe(partner, endpoint.url);
    const bookingId = randomUUID();

    const first = await emitEvent(partner.accountId, bookingId, {
      status: 'Processing',
      previous_status: null,
    });
    const second = await emitEvent(partner.accountId, bookingId, {
      status: 'Issued',
      previous_status: 'Processing',
    });
    const third = await emitEvent(partner.accountId, bookingId, {
      status: 'Confirmed',
      previous_status: 'Issued',
    });
    await eventually(() => expect(endpoint.of(third.id)).toHaveLength(1));

    expect(endpoint.received.map((received) => received.id)).toEqual([
      first.id,
      first.id,
      first.id,
      second.id,
      third.id,
    ]);
  });
});
