import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { processStreamBatch, type StreamSteps } from '../../../functions/booking-processor/stream-batch.ts';
import { toEventItem } from '../../../shared/db/entities/event.ts';
import { appendToFeed } from '../../../shared/domain/event-feed/service.ts';
import type { DomainEvent } from '../../../shared/domain/events.ts';
import { feedEvent } from '../../support/contracts/event-feed.ts';
import { MemoryEventFeed } from '../event-feed/fakes.ts';

let sequence = 0;
function record(eventName: 'INSERT' | 'MODIFY', item: Record<string, unknown>): DynamoDBRecord {
  const image = marshall(item, { removeUndefinedValues: true });
  sequence += 1;
  return {
    eventName,
    dynamodb: { Keys: { pk: image.pk, sk: image.sk }, NewImage: image, SequenceNumber: String(sequence) },
  } as unknown as DynamoDBRecord;
}
const bookingRecord = (id: string) =>
  record('INSERT', { pk: 'ACCOUNT#account-1', sk: `BOOKING#${id}`, entity: 'Booking' });
const eventRecord = (event: DomainEvent) => record('INSERT', { ...toEventItem(event) });
const sequenceOf = (streamed: DynamoDBRecord) => streamed.dynamodb?.SequenceNumber;

/** Records what each track was given; a booking whose sort key is in `failing` throws. */
function steps(failing: { bookings?: string[]; feed?: boolean } = {}) {
  const bookings: string[] = [];
  const appends: string[][] = [];
  const recorded: StreamSteps = {
    processBooking: async (streamed) => {
      const sk = String(streamed.dynamodb?.Keys?.sk?.S);
      if (failing.bookings?.includes(sk)) throw new Error(`${sk} failed`);
      bookings.push(sk);
    },
    appendToFeed: async (events) => {
      if (failing.feed) throw new Error('feed unavailable');
      appends.push(events.map((event) => event.id));
    },
  };
  return { recorded, bookings, appends };
}

describe('a batch of the main table stream (booking-processor)', () => {
  it('sends its booking records to the booking processing in order and its outbox events to the feed in one append', async () => {
    const first = feedEvent('account-1');
    const second = feedEvent('account-2');
    const { recorded, bookings, appends } = steps();

    const response = await processStreamBatch(
      [bookingRecord('1'), eventRecord(first), bookingRecord('2'), eventRecord(second)],
      recorded,
    );

    expect(bookings).toEqual(['BOOKING#1', 'BOOKING#2']);
    expect(appends).toEqual([[first.id, second.id]]);
    expect(response.batchItemFailures).toEqual([]);
  });

  it('leaves out an outbox record no retry could read, so it never holds the bookings behind it', async () => {
    const readable = feedEvent('account-1');
    const unreadable = eventRecord(feedEvent('account-1'));
    // An attribute value of no DynamoDB type: unmarshalling it throws, on every retry alike.
    (unreadable.dynamodb?.NewImage as Record<string, unknown>).data = {};
    const { recorded, bookings, appends } = steps();

    const response = await processStreamBatch(
      [unreadable, bookingRecord('1'), eventRecord(readable)],
      recorded,
    );

    expect(bookings).toEqual(['BOOKING#1']);
    expect(appends).toEqual([[readable.id]]);
    expect(response.batchItemFailures).toEqual([]);
  });

  it('reports a failed booking record and the bookings after it, while the events of the batch are still appended', async () => {
    const event = feedEvent('account-1');
    const failing = bookingRecord('1');
    const later = bookingRecord('2');
    const { recorded, bookings, appends } = steps({ bookings: ['BOOKING#1'] });

    const response = await processStreamBatch([failing, eventRecord(event), later], recorded);

    expect(bookings).toEqual([]);
    expect(appends).toEqual([[event.id]]);
    expect(response.batchItemFailures).toEqual([
      { itemIdentifier: sequenceOf(failing) },
      { itemIdentifier: sequenceOf(later) },
    ]);
  });

  it('reports every event record when the append fails, and the bookings still go through', async () => {
    const events = [eventRecord(feedEvent('account-1')), eventRecord(feedEvent('account-2'))];
    const { recorded, bookings } = steps({ feed: true });

    const response = await processStreamBatch(
      [events[0], bookingRecord('1'), events[1]] as DynamoDBRecord[],
      recorded,
    );

    expect(bookings).toEqual(['BOOKING#1']);
    expect(response.batchItemFailures).toEqual(
      events.map((failed) => ({ itemIdentifier: sequenceOf(failed) })),
    );
  });
});

describe('the retry of a batch whose booking record failed', () => {
  it('neither skips nor doubles an event of the feed: the append leaves out what it numbered already', async () => {
    const feed = new MemoryEventFeed();
    const events = [feedEvent('account-1'), feedEvent('account-1')];
    const batch = [
      bookingRecord('1'),
      eventRecord(events[0] as DomainEvent),
      eventRecord(events[1] as DomainEvent),
    ];
    const appendWith = (failing: string[]): StreamSteps => ({
      processBooking: async (streamed) => {
        if (failing.includes(String(streamed.dynamodb?.Keys?.sk?.S))) throw new Error('booking failed');
      },
      appendToFeed: async (appended) => {
        await appendToFeed(feed, appended, new Date());
      },
    });

    const failed = await processStreamBatch(batch, appendWith(['BOOKING#1']));
    const retried = batch.slice(
      batch.findIndex((streamed) => sequenceOf(streamed) === failed.batchItemFailures[0]?.itemIdentifier),
    );
    const succeeded = await processStreamBatch(retried, appendWith([]));

    expect(succeeded.batchItemFailures).toEqual([]);
    const page = await feed.read('account-1', undefined, 10);
    expect(page.entries.map((entry) => [entry.position, entry.event.id])).toEqual([
      [1, events[0]?.id],
      [2, events[1]?.id],
    ]);
  });
});
