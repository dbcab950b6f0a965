import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { passesFilters } from '../../../infra/local/event-filter.ts';
import { toEventItem } from '../../../shared/db/entities/event.ts';
import { feedEventsOf, feedStreamFilterPattern } from '../../../shared/db/entities/event-feed.ts';
import { feedEvent } from '../../support/contracts/event-feed.ts';

function inserted(item: Record<string, unknown>): DynamoDBRecord {
  const image = marshall(item, { removeUndefinedValues: true });
  return {
    eventName: 'INSERT',
    dynamodb: { Keys: { pk: image.pk, sk: image.sk }, NewImage: image },
  } as unknown as DynamoDBRecord;
}

describe('the events feed stream filter', () => {
  const event = feedEvent('account-1');
  const outbox = inserted({ ...toEventItem(event) });
  const redelivery = inserted({
    ...toEventItem(event),
    pk: 'REDELIVERY#claim-1',
    redelivery_claim: 'claim-1',
  });
  const booking = inserted({ pk: 'ACCOUNT#account-1', sk: 'BOOKING#1', entity: 'Booking' });
  const modified = { ...outbox, eventName: 'MODIFY' } as DynamoDBRecord;

  it('passes inserted outbox events only: no redelivery copy, no other entity, no change', () => {
    const passing = [outbox, redelivery, booking, modified].map((record) =>
      passesFilters([feedStreamFilterPattern], record),
    );

    expect(passing).toEqual([true, false, false, false]);
  });

  it('reads the events of a batch in order, passing over anything else', () => {
    const second = feedEvent('account-2');

    const events = feedEventsOf([
      outbox,
      redelivery,
      booking,
      modified,
      inserted({ ...toEventItem(second) }),
    ]);

    expect(events).toEqual([event, second]);
  });
});
