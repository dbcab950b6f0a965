import { describe, expect, it } from 'vitest';
import { verifyPassToken } from '../../../shared/pki/pass-signing.ts';
import {
  asIfStillProcessing,
  bookingPath,
  call,
  catalog,
  confirmedBooking,
  create,
  eventsOf,
  issuedBooking,
  newBooking,
  partner,
  passKeys,
  passUsed,
  type Service,
  serviceIdField,
  waitForIssue,
} from './helpers.ts';

describe.each<[Service, 'Lounge' | 'FastTrack']>([
  ['lounges', 'Lounge'],
  ['fast-tracks', 'FastTrack'],
])('a %s booking from create to a used pass', (service, serviceType) => {
  it('is accepted, issued, confirmed, scanned offline and used', async () => {
    // Prepare: nothing but the seeded partner.
    // Act: create.
    const created = await create(service);

    // Assess: 202 with a Location and the Processing booking.
    expect(created.status).toBe(202);
    const bookingId = created.body.booking_id as string;
    expect(created.headers.location).toBe(`/v2/b2b/booking/${service}/${bookingId}`);
    expect(created.body).toEqual({
      booking_id: bookingId,
      status: 'Processing',
      created_at: expect.any(String),
      price: { amount: expect.any(String), currency: 'RUB' },
    });

    // The stream processor issues it on its own.
    const issued = await waitForIssue(service, bookingId);
    expect(issued).toMatchObject({
      booking_id: bookingId,
      status: 'Issued',
      service_type: serviceType,
      [serviceIdField(service)]: service === 'lounges' ? catalog.lounge : catalog.fastTrack,
      pass_available: true,
      email: 'ada@example.com',
      transport_number: 'BA117',
    });
    expect(Date.parse(issued.hold_expires_at as string)).toBeGreaterThan(Date.now());

    // An issued pass shows no QR code before the booking is confirmed.
    const unconfirmedPass = await call(partner, 'GET', bookingPath(service, bookingId, 'pass'));
    expect(unconfirmedPass.body).toMatchObject({ status: 'Issued', qr: null, qr_svg: null });

    const confirmed = await call(partner, 'POST', bookingPath(service, bookingId, 'confirm'));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      booking_id: bookingId,
      status: 'Confirmed',
      pass_available: true,
    });

    const pass = await call(partner, 'GET', bookingPath(service, bookingId, 'pass'));
    expect(pass.status).toBe(200);
    expect(pass.body).toMatchObject({
      booking_id: bookingId,
      service_type: serviceType,
      status: 'Active',
      guests_count: 2,
      used_guests_count: null,
    });
    expect(pass.body.qr_svg).toMatch(/^<svg/);

    // A scanner holds the published keys and verifies the code without calling the API.
    const keys = await passKeys();
    const scanned = await verifyPassToken(pass.body.qr as string, keys.body);
    expect(scanned).toMatchObject({ passId: pass.body.pass_id, bookingId, serviceType, guestsCount: 2 });

    const used = await passUsed(bookingId, 2);
    expect(used.status).toBe(200);
    expect(used.body).toMatchObject({ pass_id: pass.body.pass_id, status: 'Used', used_guests_count: 2 });

    const after = await call(partner, 'GET', bookingPath(service, bookingId));
    expect(after.body.status).toBe('Confirmed');

    // Every status change left its events for the webhooks, published from the booking's stream record.
    const events = (await eventsOf(bookingId)).map((event) => [
      event.event,
      (event.data as Record<string, unknown>).previous_status,
      (event.data as Record<string, unknown>).status,
    ]);
    expect(events).toEqual(
      expect.arrayContaining([
        ['booking.status.changed', null, 'Processing'],
        ['booking.status.changed', 'Processing', 'Issued'],
        ['pass.status.changed', null, 'Issued'],
        ['booking.status.changed', 'Issued', 'Confirmed'],
        ['pass.status.changed', 'Issued', 'Active'],
        ['pass.status.changed', 'Active', 'Used'],
      ]),
    );
    expect(events).toHaveLength(6);
    // The use says who came and when (additive fields of pass.status.changed to Used).
    const use = (await eventsOf(bookingId)).find(
      (event) =>
        event.event === 'pass.status.changed' && (event.data as { status?: string }).status === 'Used',
    );
    expect(use?.data).toMatchObject({ used_guests_count: 2, redeemed_at: expect.stringMatching(/Z$/) });
  });
});

describe('the state table', () => {
  it('refuses to confirm a Processing booking with PassNotReady, and has no pass for it yet', async () => {
    const bookingId = await issuedBooking('lounges');
    await asIfStillProcessing(partner.accountId as string, bookingId);

    const confirm = await call(partner, 'POST', bookingPath('lounges', bookingId, 'confirm'));
    const pass = await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass'));

    expect([confirm.status, confirm.body.code]).toEqual([409, 'PassNotReady']);
    expect([pass.status, pass.body.code]).toEqual([409, 'PassNotReady']);
  });

  it('cancels a Processing booking', async () => {
    const bookingId = await issuedBooking('fast-tracks');
    await asIfStillProcessing(partner.accountId as string, bookingId);

    const cancel = await call(partner, 'POST', bookingPath('fast-tracks', bookingId, 'cancel'));

    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'Canceled', pass_available: false });
  });

  it('refuses a second confirm with BookingAlreadyConfirmed', async () => {
    const bookingId = await confirmedBooking('lounges');

    const again = await call(partner, 'POST', bookingPath('lounges', bookingId, 'confirm'));

    expect(again.status).toBe(409);
    expect(again.body.code).toBe('BookingAlreadyConfirmed');
  });

  it('refuses to confirm or cancel a canceled booking with BookingAlreadyCanceled', async () => {
    const bookingId = await issuedBooking('fast-tracks');
    await call(partner, 'POST', bookingPath('fast-tracks', bookingId, 'cancel'));

    const confirm = await call(partner, 'POST', bookingPath('fast-tracks', bookingId, 'confirm'));
    const cancel = await call(partner, 'POST', bookingPath('fast-tracks', bookingId, 'cancel'));

    expect([confirm.status, confirm.body.code]).toEqual([409, 'BookingAlreadyCanceled']);
    expect([cancel.status, cancel.body.code]).toEqual([409, 'BookingAlreadyCanceled']);
  });

  it('cancels a confirmed booking and its pass', async () => {
    const bookingId = await confirmedBooking('lounges');

    const canceled = await call(partner, 'POST', bookingPath('lounges', bookingId, 'cancel'));
    const pass = await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass'));

    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe('Canceled');
    expect(pass.body).toMatchObject({ status: 'Canceled', qr: null });
  });

  it('refuses to cancel once the pass was used, saying so', async () => {
    const bookingId = await confirmedBooking('lounges');
    await passUsed(bookingId, 1);

    const cancel = await call(partner, 'POST', bookingPath('lounges', bookingId, 'cancel'));

    expect(cancel.status).toBe(409);
    expect(cancel.body.code).toBe('BookingAlreadyConfirmed');
    expect(cancel.body.detail).toMatch(/pass was already used/);
  });

  it('answers PassServiceTypeMismatch for a pass asked on the other service path', async () => {
    const bookingId = await issuedBooking('lounges');

    const pass = await call(partner, 'GET', bookingPath('fast-tracks', bookingId, 'pass'));

    expect(pass.status).toBe(409);
    expect(pass.body.code).toBe('PassServiceTypeMismatch');
  });

  it('does not know a lounge booking on the fast-track path', async () => {
    const bookingId = await newBooking('lounges');

    const response = await call(partner, 'GET', bookingPath('fast-tracks', bookingId));

    expect(response.status).toBe(404);
    expect(response.body.code).toBe('BookingNotFound');
  });
});

describe('the sandbox pass-used', () => {
  it('refuses a pass that is not Active yet with PassNotReady', async () => {
    const bookingId = await issuedBooking('lounges');

    const response = await passUsed(bookingId, 1);

    expect(response.status).toBe(409);
    expect(response.body.code).toBe('PassNotReady');
  });

  it('refuses more guests than the pass admits', async () => {
    const bookingId = await confirmedBooking('lounges');

    const response = await passUsed(bookingId, 3);

    expect(response.status).toBe(422);
    expect(response.body.details).toMatchObject({ errors: [{ path: 'body.used_guests_count' }] });
  });

  it('refuses a second use of the same pass', async () => {
    const bookingId = await confirmedBooking('fast-tracks');
    await passUsed(bookingId, 1);

    const again = await passUsed(bookingId, 1);

    expect([again.status, again.body.code]).toEqual([409, 'PassNotReady']);
  });
});

describe('the sandbox pass-used scopes', () => {
  it('accepts a fast-track-only token for a fast-track booking', async () => {
    const bookingId = await confirmedBooking('fast-tracks');

    const response = await passUsed(bookingId, 1, partner, 'booking.fast_tracks:write');

    expect(response.status).toBe(200);
    expect(response.body.status).toBe('Used');
  });

  it("refuses a lounge booking to a token without the lounge scope, naming the booking's own scope", async () => {
    const bookingId = await confirmedBooking('lounges');

    const response = await passUsed(bookingId, 1, partner, 'booking.fast_tracks:write');

    expect(response.status).toBe(403);
    expect(response.body.details).toMatchObject({ required_scope: 'booking.lounges:write' });
  });
});
