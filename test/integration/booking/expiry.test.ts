import { describe, expect, it } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { endpoints } from '../../support/api.ts';
import { bookingPath, call, endHold, eventsOf, issuedBooking, partner, storedBooking } from './helpers.ts';

const accountId = () => partner.accountId as string;

/** The sweeper, run here against the stage's tables as EventBridge runs it every minute in AWS. */
async function sweep(): Promise<{ expired: number }> {
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
  const { handler } = await import('../../../functions/booking-expiry/handler.ts');
  return handler();
}

describe('the hold of an issued booking', () => {
  it('lasts 30 minutes from issue', async () => {
    const bookingId = await issuedBooking('lounges');

    const booking = await call(partner, 'GET', bookingPath('lounges', bookingId));

    const held =
      Date.parse(booking.body.hold_expires_at as string) - Date.parse(booking.body.updated_at as string);
    expect(held).toBe(30 * 60 * 1000);
  });

  it('refuses a confirm after it ended, even before the sweep, and records the expiry', async () => {
    const bookingId = await issuedBooking('lounges');
    await endHold(accountId(), bookingId);

    const confirm = await call(partner, 'POST', bookingPath('lounges', bookingId, 'confirm'));
    const booking = await call(partner, 'GET', bookingPath('lounges', bookingId));
    const pass = await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass'));

    expect([confirm.status, confirm.body.code]).toEqual([409, 'BookingAlreadyCanceled']);
    expect(confirm.body.detail).toMatch(/expired/);
    expect(booking.body.status).toBe('Expired');
    expect(pass.body).toMatchObject({ status: 'Expired', qr: null });
    const changes = (await eventsOf(bookingId)).map((event) => [
      event.event,
      (event.data as { status: string }).status,
    ]);
    expect(changes).toEqual(
      expect.arrayContaining([
        ['booking.status.changed', 'Expired'],
        ['pass.status.changed', 'Expired'],
      ]),
    );
  });

  it('ends in Expired through the sweep, which also drops it from the hold index', async () => {
    const bookingId = await issuedBooking('fast-tracks');
    await endHold(accountId(), bookingId);

    const { expired } = await sweep();
    const booking = await call(partner, 'GET', bookingPath('fast-tracks', bookingId));
    const stored = await storedBooking(accountId(), bookingId);

    expect(expired).toBeGreaterThanOrEqual(1);
    expect(booking.body.status).toBe('Expired');
    expect(stored?.sweep_pk).toBeUndefined();
  });

  it('is left alone by the sweep while it runs', async () => {
    const bookingId = await issuedBooking('lounges');

    await sweep();
    const booking = await call(partner, 'GET', bookingPath('lounges', bookingId));

    expect(booking.body.status).toBe('Issued');
  });
});
