import { describe, expect, it } from 'vitest';
import { bookingPath, call, eventsOf, issuedBooking, type Json, partner } from './helpers.ts';

describe('racing state changes', () => {
  it('let exactly one of two concurrent confirms win; the other gets BookingAlreadyConfirmed', async () => {
    const bookingId = await issuedBooking('lounges');
    const confirm = () => call(partner, 'POST', bookingPath('lounges', bookingId, 'confirm'));

    const responses = await Promise.all([confirm(), confirm()]);

    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.status === 409)?.body.code).toBe('BookingAlreadyConfirmed');
    const confirmations = (await eventsOf(bookingId)).filter(
      (event) => (event.data as { status: string }).status === 'Confirmed',
    );
    expect(confirmations).toHaveLength(1);
  });

  it.each([1, 2, 3, 4, 5])('leave a confirm racing a cancel with a consistent outcome (run %i)', async () => {
    const bookingId = await issuedBooking('fast-tracks');
    const path = (action: string) => bookingPath('fast-tracks', bookingId, action);

    const [confirm, cancel] = await Promise.all([
      call(partner, 'POST', path('confirm')),
      call(partner, 'POST', path('cancel')),
    ]);
    const final = await call(partner, 'GET', bookingPath('fast-tracks', bookingId));

    // One winner and a 409 for the loser, or (no overlap) a confirm followed by a cancel.
    const outcome = [confirm.status, confirm.body.code ?? null, cancel.status, cancel.body.code ?? null];
    const expected: Record<string, unknown[]> = {
      Canceled: [
        confirm.status === 200 ? 200 : 409,
        confirm.status === 200 ? null : 'BookingAlreadyCanceled',
        200,
        null,
      ],
      Confirmed: [200, null, 409, 'BookingAlreadyConfirmed'],
    };
    expect(outcome).toEqual(expected[final.body.status as string]);
    const bookingEvents = (await eventsOf(bookingId)).filter(
      (event) => event.event === 'booking.status.changed',
    );
    // Timestamps are the requests' arrival times, so racing requests can commit out of timestamp order:
    // the last change is the one no other change started from (each event names its previous status).
    const started = new Set(bookingEvents.map((event) => (event.data as Json).previous_status));
    const last = bookingEvents.filter((event) => !started.has((event.data as Json).status));
    expect(last.map((event) => event.data)).toEqual([expect.objectContaining({ status: final.body.status })]);
  });
});
