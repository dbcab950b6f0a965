import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingChangeWrites, bookingFromItem, bookingToItem } from '../../../shared/db/entities/booking.ts';
import { useLocalConfig } from '../auth/local-config.ts';
import { aBooking, anIssuedBooking, now } from './fixtures.ts';

let cleanUp: () => Promise<void>;
beforeAll(async () => {
  ({ cleanUp } = await useLocalConfig());
});
afterAll(() => cleanUp());

describe('the booking item', () => {
  it('round-trips a booking, keyed by its account', () => {
    const booking = anIssuedBooking();

    const item = bookingToItem(booking);

    expect(item).toMatchObject({ pk: `ACCOUNT#${booking.accountId}`, sk: `BOOKING#${booking.bookingId}` });
    expect(bookingFromItem({ ...item })).toEqual(booking);
  });

  it('sits in the hold index only while Issued, ordered by the end of its hold', () => {
    const issued = bookingToItem(anIssuedBooking());
    const confirmed = bookingToItem(anIssuedBooking({ status: 'Confirmed' }));

    expect(issued.gsi1pk).toBe('BOOKING_HOLD');
    expect(issued.gsi1sk?.startsWith('2030-05-01T10:30:00.000Z#')).toBe(true);
    expect(confirmed.gsi1pk).toBeUndefined();
  });
});

describe('the writes of a change', () => {
  it('create the booking only where none exists, with its event', () => {
    const writes = bookingChangeWrites({ action: 'create', before: null, after: aBooking(), now });

    expect(writes.map((write) => write.item.Put?.ConditionExpression)).toEqual([
      'attribute_not_exists(pk)',
      'attribute_not_exists(pk)',
    ]);
    expect(writes[1]?.item.Put?.Item).toMatchObject({ entity: 'Event', event: 'booking.status.changed' });
  });

  it('change the booking and its pass on the condition that both are still as read', () => {
    const booking = anIssuedBooking();

    const writes = bookingChangeWrites({
      action: 'confirm',
      before: booking,
      after: { ...booking, status: 'Confirmed' },
      now,
      pass: { kind: 'status', passId: booking.passId ?? '', from: 'Issued', to: 'Active' },
    });

    const [bookingPut, passUpdate, ...events] = writes;
    expect(bookingPut?.item.Put?.ConditionExpression).toBe('#status = :expected');
    expect(bookingPut?.item.Put?.ExpressionAttributeValues).toEqual({ ':expected': 'Issued' });
    expect(passUpdate?.item.Update?.ConditionExpression).toBe('#status = :from AND pass_id = :passId');
    expect(events).toHaveLength(2);
  });

  it('turn a lost race into the 409 of the status found', () => {
    const booking = anIssuedBooking();
    const [bookingPut] = bookingChangeWrites({
      action: 'confirm',
      before: booking,
      after: { ...booking, status: 'Confirmed' },
      now,
    });

    const error = bookingPut?.onConditionFailed?.({ ...bookingToItem({ ...booking, status: 'Canceled' }) });

    expect(error).toMatchObject({ code: 'BookingAlreadyCanceled' });
  });
});
