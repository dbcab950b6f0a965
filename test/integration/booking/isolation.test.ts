import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bookingBody,
  bookingPath,
  call,
  confirmedBooking,
  create,
  otherPartner,
  partner,
  passUsed,
} from './helpers.ts';

describe("another partner's booking", () => {
  it('is a 404 BookingNotFound on every booking path, and stays untouched', async () => {
    const bookingId = await confirmedBooking('lounges');
    const attempts = [
      ['GET', bookingPath('lounges', bookingId)],
      ['POST', bookingPath('lounges', bookingId, 'confirm')],
      ['POST', bookingPath('lounges', bookingId, 'cancel')],
      ['GET', bookingPath('lounges', bookingId, 'pass')],
      ['GET', bookingPath('fast-tracks', bookingId)],
      ['GET', bookingPath('fast-tracks', bookingId, 'pass')],
    ] as const;

    const responses = await Promise.all(attempts.map(([method, path]) => call(otherPartner, method, path)));
    const sandbox = await passUsed(bookingId, 1, otherPartner);

    for (const response of [...responses, sandbox]) {
      expect([response.status, response.body.code]).toEqual([404, 'BookingNotFound']);
    }
    const mine = await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass'));
    expect(mine.body.status).toBe('Active');
  });

  it('never shows up in the other partner list', async () => {
    const created = await create('lounges');

    const list = await call(otherPartner, 'GET', '/v2/b2b/booking/lounges?limit=200');

    const ids = (list.body.data as { booking_id: string }[]).map((booking) => booking.booking_id);
    expect(ids).not.toContain(created.body.booking_id);
  });

  it('is a 404 for a booking id that exists nowhere', async () => {
    const response = await call(partner, 'GET', bookingPath('lounges', randomUUID()));

    expect([response.status, response.body.code]).toEqual([404, 'BookingNotFound']);
  });
});

describe('booking scopes', () => {
  it('refuses a lounge booking without booking.lounges:write (403 naming the scope)', async () => {
    const response = await call(partner, 'POST', '/v2/b2b/booking/lounges', {
      body: bookingBody('lounges'),
      headers: { 'idempotency-key': randomUUID() },
      scope: 'booking.fast_tracks:write',
    });

    expect(response.status).toBe(403);
    expect(response.body.details).toMatchObject({ required_scope: 'booking.lounges:write' });
  });

  it('refuses to read fast-track bookings without booking.fast_tracks:write', async () => {
    const response = await call(partner, 'GET', '/v2/b2b/booking/fast-tracks', {
      scope: 'booking.lounges:write',
    });

    expect(response.status).toBe(403);
    expect(response.body.details).toMatchObject({ required_scope: 'booking.fast_tracks:write' });
  });

  it('accepts the alias booking.lounges', async () => {
    const response = await call(partner, 'GET', '/v2/b2b/booking/lounges?limit=1', {
      scope: 'booking.lounges',
    });

    expect(response.status).toBe(200);
  });

  it('lets the sandbox use a fast-track pass only with the fast-track booking scope', async () => {
    const bookingId = await confirmedBooking('fast-tracks');

    const response = await passUsed(bookingId, 1, partner, 'booking.lounges:write');

    expect(response.status).toBe(403);
    expect(response.body.details).toMatchObject({ required_scope: 'booking.fast_tracks:write' });
  });
});
