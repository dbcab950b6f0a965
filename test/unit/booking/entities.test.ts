import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingChangeWrite,
  bookingFromItem,
  bookingStore,
  bookingToItem,
  changeOfItem,
  holdPartition,
  processingPartition,
  sweepShards,
} from '../../../shared/db/entities/booking.ts';
import type { DynamoWrite } from '../../../shared/db/transaction.ts';
import { useLocalConfig } from '../auth/local-config.ts';
import { aBooking, anIssuedBooking, now } from './fixtures.ts';

let cleanUp: () => Promise<void>;
beforeAll(async () => {
  ({ cleanUp } = await useLocalConfig());
});
afterAll(() => cleanUp());

const change = { id: 'c0ffee00-0000-4000-8000-000000000001', at: now.toISOString() };

describe('the booking item', () => {
  it('round-trips a booking with its pass and its use, keyed by its account', () => {
    const booking = anIssuedBooking({
      status: 'Confirmed',
      passUse: { usedGuestsCount: 1, usedAt: now.toISOString() },
    });

    const item = bookingToItem(booking, change);

    expect(item).toMatchObject({ pk: `ACCOUNT#${booking.accountId}`, sk: `BOOKING#${booking.bookingId}` });
    expect(item.pass?.token).toBe(booking.pass?.token);
    expect(bookingFromItem({ ...item })).toEqual(booking);
    expect(changeOfItem({ ...item })).toEqual(change);
  });

  it('sits in the hold index only while Issued, ordered by the end of its hold', () => {
    const issued = bookingToItem(anIssuedBooking(), change);
    const confirmed = bookingToItem(anIssuedBooking({ status: 'Confirmed' }), change);

    expect(issued.sweep_pk).toBe(holdPartition(anIssuedBooking().bookingId));
    expect(issued.sweep_pk).toMatch(/^BOOKING_HOLD#([0-9]|1[0-5])$/);
    expect(issued.sweep_sk?.startsWith('2030-05-01T10:30:00.000Z#')).toBe(true);
    expect(confirmed.sweep_pk).toBeUndefined();
  });

  it('sits in the Processing index only while Processing, on the same shard as its hold, ordered by creation', () => {
    const processing = bookingToItem(aBooking(), change);
    const issued = bookingToItem(anIssuedBooking(), change);

    expect(processing.sweep_pk).toBe(processingPartition(aBooking().bookingId));
    expect(processing.sweep_pk).toMatch(/^BOOKING_PROCESSING#([0-9]|1[0-5])$/);
    expect(processing.sweep_pk?.split('#')[1]).toBe(holdPartition(aBooking().bookingId).split('#')[1]);
    expect(processing.sweep_sk?.startsWith(`${aBooking().createdAt}#`)).toBe(true);
    expect(issued.sweep_pk?.startsWith('BOOKING_HOLD#')).toBe(true);
  });
});

describe('the hold index key', () => {
  it('spreads bookings over every shard, and keeps one booking on one shard', () => {
    const ids = Array.from(
      { length: 400 },
      (_, index) => `019a0000-0000-7000-8000-${String(index).padStart(12, '0')}`,
    );

    const shards = new Set(ids.map(holdPartition));

    expect(shards.size).toBe(sweepShards);
    expect(holdPartition(ids[7] ?? '')).toBe(holdPartition(ids[7] ?? ''));
  });
});

describe('the lookup keys of the support tools', () => {
  it('index every booking by its id and each traveller field it has, normalised, sorted by creation', () => {
    const item = bookingToItem(
      aBooking({ email: ' Ada@Example.COM ', lastName: 'Van  der Berg', transportNumber: null }),
      change,
    );

    expect(item).toMatchObject({
      booking_ref: `BOOKING_REF#${aBooking().bookingId}`,
      lookup_sk: `${aBooking().createdAt}#${aBooking().bookingId}`,
      email_key: 'BOOKING_EMAIL#ada@example.com',
      last_name_key: 'BOOKING_LAST_NAME#van der berg',
    });
    expect(item).not.toHaveProperty('transport_key');
  });
});

describe('the history of a booking', () => {
  it('starts with the creation and carries the entries before it into the issue', () => {
    const actor = { type: 'application', id: 'client-1' } as const;
    const create = bookingChangeWrite({ action: 'create', before: null, after: aBooking(), now, actor });
    const created = bookingFromItem(create.item.Put?.Item ?? {});

    const issue = bookingChangeWrite({ action: 'issue', before: created, after: anIssuedBooking(), now });

    expect(created.history).toEqual([{ at: now.toISOString(), from: null, to: 'Processing', actor }]);
    expect(bookingFromItem(issue.item.Put?.Item ?? {}).history).toEqual([
      { at: now.toISOString(), from: null, to: 'Processing', actor },
      { at: now.toISOString(), from: 'Processing', to: 'Issued', actor: { type: 'service' } },
    ]);
  });

  it("appends an employee's cancel with its reason and fee waiver in the write of the change", () => {
    const booking = anIssuedBooking();

    const write = bookingChangeWrite({
      action: 'cancel',
      before: booking,
      after: { ...booking, status: 'Canceled', updatedAt: now.toISOString() },
      now,
      actor: { type: 'employee', id: 'ada.admin' },
      reason: 'Asked by phone',
      waiveFee: true,
    });

    expect(write.item.Update?.UpdateExpression).toContain(
      'history = list_append(if_not_exists(history, :no_history), :history_entry), cancel_fee_waived = :waived',
    );
    expect(write.item.Update?.ExpressionAttributeValues).toMatchObject({
      ':history_entry': [
        {
          at: now.toISOString(),
          from: 'Issued',
          to: 'Canceled',
          actor: { type: 'employee', id: 'ada.admin' },
          reason: 'Asked by phone',
          waive_fee: true,
        },
      ],
      ':waived': true,
    });
  });
});

describe('the write of a change', () => {
  it('creates the booking only where none exists, alone: its event follows from its stream record', () => {
    const write = bookingChangeWrite({ action: 'create', before: null, after: aBooking(), now });

    expect(write.item.Put?.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(write.item.Put?.Item).toMatchObject({ entity: 'Booking', status: 'Processing' });
    expect(changeOfItem(write.item.Put?.Item ?? {})?.at).toBe(now.toISOString());
  });

  it('issues the whole item, pass included, on the condition that the booking is still Processing', () => {
    const issued = anIssuedBooking();

    const write = bookingChangeWrite({ action: 'issue', before: aBooking(), after: issued, now });

    expect(write.item.Put?.ConditionExpression).toBe('#status = :expected');
    expect(write.item.Put?.ExpressionAttributeValues).toEqual({ ':expected': 'Processing' });
    expect(write.item.Put?.Item).toMatchObject({ status: 'Issued', pass: { pass_id: issued.passId } });
  });

  it("writes the pass's reference to its booking with the issue, so a scanned QR finds the booking", () => {
    const issued = anIssuedBooking();

    const writes = bookingStore.writes({
      action: 'issue',
      before: aBooking(),
      after: issued,
      now,
    }) as DynamoWrite[];

    expect(writes).toHaveLength(2);
    expect(writes[1]?.item.Put?.Item).toEqual({
      pk: `PASS#${issued.passId}`,
      sk: 'PASS',
      entity: 'PassRef',
      pass_id: issued.passId,
      booking_id: issued.bookingId,
      account_id: issued.accountId,
    });
    expect(bookingStore.writes({ action: 'confirm', before: issued, after: issued, now })).toHaveLength(1);
  });

  it('moves the status on the condition that it is still the one read, a cancel only while the pass is unused', () => {
    const booking = anIssuedBooking({ status: 'Confirmed' });

    const write = bookingChangeWrite({
      action: 'cancel',
      before: booking,
      after: { ...booking, status: 'Canceled', updatedAt: now.toISOString() },
      now,
    });

    expect(write.item.Update?.ConditionExpression).toBe(
      '#status = :expected AND attribute_not_exists(pass_used_guests_count)',
    );
    expect(write.item.Update?.UpdateExpression).toContain('REMOVE sweep_pk, sweep_sk, gsi1pk, gsi1sk');
    expect(write.item.Update?.ExpressionAttributeValues).toMatchObject({
      ':to': 'Canceled',
      ':expected': 'Confirmed',
    });
  });

  it('records a use of the pass only on a confirmed booking whose pass is unused', () => {
    const booking = anIssuedBooking({ status: 'Confirmed' });

    const write = bookingChangeWrite({
      action: 'use',
      before: booking,
      after: { ...booking, passUse: { usedGuestsCount: 2, usedAt: now.toISOString() } },
      now,
    });

    expect(write.item.Update?.ConditionExpression).toBe(
      '#status = :confirmed AND attribute_not_exists(pass_used_guests_count)',
    );
    expect(write.item.Update?.ExpressionAttributeValues).toMatchObject({ ':used': 2 });
  });

  it("keeps the moment of the scan as the pass's use, and this change's time as the change", () => {
    const booking = anIssuedBooking({ status: 'Confirmed' });
    const scannedAt = '2030-04-30T08:00:00.000Z';

    const write = bookingChangeWrite({
      action: 'use',
      before: booking,
      after: { ...booking, passUse: { usedGuestsCount: 1, usedAt: scannedAt } },
      now,
    });

    expect(write.item.Update?.ExpressionAttributeValues).toMatchObject({
      ':used_at': scannedAt,
      ':at': now.toISOString(),
    });
  });

  it('runs a redemption again when the booking changed under its use', () => {
    const booking = anIssuedBooking({ status: 'Confirmed' });
    const write = bookingChangeWrite({
      action: 'use',
      before: booking,
      after: { ...booking, passUse: { usedGuestsCount: 1, usedAt: now.toISOString() } },
      now,
    });

    const error = write.onConditionFailed?.({ ...bookingToItem({ ...booking, status: 'Canceled' }, change) });

    expect(error?.name).toBe('ConcurrentChangeError');
  });

  it('turns a lost race into the 409 of the status found', () => {
    const booking = anIssuedBooking();
    const write = bookingChangeWrite({
      action: 'confirm',
      before: booking,
      after: { ...booking, status: 'Confirmed' },
      now,
    });

    const error = write.onConditionFailed?.({ ...bookingToItem({ ...booking, status: 'Canceled' }, change) });

    expect(error).toMatchObject({ code: 'BookingAlreadyCanceled' });
  });
});
