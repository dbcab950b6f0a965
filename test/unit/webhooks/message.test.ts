import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { toEventItem } from '../../../shared/db/entities/event.ts';
import {
  matchesWebhookEventFilter,
  PoisonMessageError,
  parseQueueMessage,
  parseWebhookMessage,
} from '../../../shared/db/entities/webhook-message.ts';
import type { DomainEvent } from '../../../shared/domain/events.ts';

const event: DomainEvent = {
  id: '0b7f3c1e-8a5d-4e0a-9c1b-2d3e4f5a6b7c',
  accountId: 'account-1',
  type: 'booking.status.changed',
  timestamp: '2025-01-01T00:00:00.000Z',
  orderingKey: 'booking-1',
  data: { booking_id: 'booking-1', status: 'Issued', previous_status: 'Processing', guests: 2 },
};

/** A stream record as the Pipe forwards it: DynamoDB JSON images. */
function streamRecord(item: Record<string, unknown>, eventName = 'INSERT') {
  return {
    eventID: 'stream-1',
    eventName,
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: marshall({ pk: item.pk, sk: item.sk }),
      NewImage: marshall(item),
      SequenceNumber: '100',
    },
  };
}

describe('the webhook queue message', () => {
  it('carries the event item stream record as its body', async () => {
    const body = JSON.stringify(streamRecord({ ...toEventItem(event) }));

    expect(await parseWebhookMessage(body, 'sqs-message-1')).toEqual({
      event,
      claim: 'sqs-message-1',
      webhookId: undefined,
    });
  });

  it('passes only inserted event items through the filter', () => {
    expect(matchesWebhookEventFilter(streamRecord({ ...toEventItem(event) }))).toBe(true);
    expect(matchesWebhookEventFilter(streamRecord({ ...toEventItem(event) }, 'MODIFY'))).toBe(false);
    expect(
      matchesWebhookEventFilter(streamRecord({ pk: 'BOOKING#1', sk: 'BOOKING', entity: 'Booking' })),
    ).toBe(false);
  });

  it('takes the claim and the subscription of a redelivery from the item', async () => {
    const item = {
      ...toEventItem(event),
      pk: 'REDELIVERY#claim-1',
      redelivery_claim: 'claim-1',
      webhook_id: 'w-1',
    };

    const message = await parseWebhookMessage(JSON.stringify(streamRecord(item)), 'sqs-message-2');

    expect(message).toMatchObject({ claim: 'claim-1', webhookId: 'w-1', event: { id: event.id } });
  });

  it.each([
    ['not JSON', 'poison'],
    ['not an event record', JSON.stringify({ hello: 'world' })],
    ['a malformed event item', JSON.stringify(streamRecord({ pk: 'EVENT#1', sk: 'EVENT', entity: 'Event' }))],
  ])('calls %s a poison message', async (_case, body) => {
    await expect(parseWebhookMessage(body, 'sqs-message-3')).rejects.toThrow(PoisonMessageError);
  });
});

describe('a recovery job message', () => {
  const job = {
    pk: 'RECOVERY#r-1',
    sk: 'JOB',
    entity: 'WebhookRecoveryJob',
    recovery_id: 'r-1',
    webhook_id: 'w-1',
    account_id: 'account-1',
    ordering_key: 'RECOVERY#w-1',
    event_ids: ['e-1', 'e-2'],
  };

  it('passes the filter and reads as the job, its events in order', async () => {
    const body = JSON.stringify(streamRecord(job));

    expect(matchesWebhookEventFilter(streamRecord(job))).toBe(true);
    expect(await parseQueueMessage(body, 'm-1')).toEqual({
      kind: 'recovery',
      job: { recoveryId: 'r-1', webhookId: 'w-1', accountId: 'account-1', eventIds: ['e-1', 'e-2'] },
    });
  });

  it('reads an event message as an event', async () => {
    const body = JSON.stringify(streamRecord({ ...toEventItem(event) }));

    expect(await parseQueueMessage(body, 'm-1')).toEqual({
      kind: 'event',
      message: { event, claim: 'm-1', webhookId: undefined },
    });
  });

  it('is a poison message when malformed', async () => {
    const body = JSON.stringify(streamRecord({ ...job, event_ids: 'e-1' }));

    await expect(parseQueueMessage(body, 'm-1')).rejects.toThrow(PoisonMessageError);
  });
});
