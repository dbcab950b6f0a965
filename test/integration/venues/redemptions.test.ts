import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asSupport } from '../../support/employees.ts';
import { asOperator } from '../admin/operator.ts';
import {
  bookingPath,
  call,
  catalog,
  confirmedBooking,
  eventsOf,
  issuedBooking,
  type Json,
  partner,
  storedBooking,
} from '../booking/helpers.ts';
import { asIfIssuedHoursAgo, atTheDoor, type Door, doorOf, hoursAgo, newVenue } from './support.ts';

/*
 * Verify and redeem through the venue listener (docs/redemptions.md): bookings confirmed through the
 * partner API, their QR from the partner's pass read, a scanner with a DPoP-bound device token.
 */

const verify = (door: Door, qr: string) =>
  atTheDoor(door, 'POST', '/v2/venue/passes/verify', { body: { qr } });
const redeem = (door: Door, body: Json, key?: string | null) =>
  atTheDoor(door, 'POST', '/v2/venue/redemptions', { body, key });

async function passOf(bookingId: string) {
  const pass = await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass'));
  if (typeof pass.body.qr !== 'string') throw new Error(`No QR: ${JSON.stringify(pass.body)}`);
  return { qr: pass.body.qr, passId: pass.body.pass_id as string, validFrom: pass.body.valid_from as string };
}

async function confirmedPass() {
  const bookingId = await confirmedBooking('lounges');
  return { bookingId, ...(await passOf(bookingId)) };
}

describe('verify at the door', () => {
  it('answers the pass with its guests, redeemable and no refusal', async () => {
    const door = await doorOf();
    const { bookingId, qr, passId } = await confirmedPass();

    const verified = await verify(door, qr);

    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      pass_id: passId,
      booking_id: bookingId,
      service_type: 'Lounge',
      item_id: catalog.lounge,
      status: 'Active',
      guests_count: 2,
      used_guests_count: null,
      redeemable: true,
      refusal: null,
    });
    expect((verified.body.guests as Json[]).map((guest) => guest.first_name)).toEqual(['Ada', 'Byron']);
  });

  it('answers a pass of an item the venue does not operate with 409 PassNotValidHere and no guest', async () => {
    const created = await asOperator<{ venue_id: string }>('POST', '/v2/admin/venues', {
      body: { name: 'Lanes only', lounges: [], fast_tracks: [catalog.fastTrack] },
    });
    expect(created.status).toBe(201);
    const door = await doorOf(created.body.venue_id);
    const { qr } = await confirmedPass();

    for (const refused of [await verify(door, qr), await redeem(door, { qr, admitted_guests: 1 })]) {
      expect([refused.status, refused.body.code]).toEqual([409, 'PassNotValidHere']);
      expect(JSON.stringify(refused.body)).not.toContain('Ada');
    }
  });

  it.each([
    ['garbage', 'not-a-pass'],
    ['a JWS of another kind', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'],
  ])('answers %s with 422 at body.qr', async (_case, qr) => {
    const door = await doorOf();

    for (const refused of [await verify(door, qr), await redeem(door, { qr, admitted_guests: 1 })]) {
      expect([refused.status, refused.body.code]).toEqual([422, 'ValidationError']);
      expect(refused.body.details).toMatchObject({ errors: [{ path: 'body.qr' }] });
    }
  });

  it('names the refusal of a pass not confirmed yet: PassNotReady, and redeem answers it 409', async () => {
    const door = await doorOf();
    const bookingId = await issuedBooking('lounges');
    // The partner reads no QR before the confirm; the stored token is what a leaked one would be.
    const stored = await storedBooking(partner.accountId as string, bookingId);
    const qr = (stored?.pass as Json | undefined)?.token as string;

    const verified = await verify(door, qr);
    const redeemed = await redeem(door, { qr, admitted_guests: 1 });

    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body).toMatchObject({ redeemable: false, refusal: 'PassNotReady' });
    expect([redeemed.status, redeemed.body.code]).toEqual([409, 'PassNotReady']);
  });
});

describe('redeem at the door', () => {
  it('accepts the pass: 201 Accepted, the pass Used with its guests, the partner gets Used with redeemed_at', async () => {
    const door = await doorOf();
    const { bookingId, qr, passId } = await confirmedPass();

    const redeemed = await redeem(door, { qr, admitted_guests: 1 });

    expect(redeemed.status).toBe(201);
    expect(redeemed.body).toMatchObject({
      pass_id: passId,
      booking_id: bookingId,
      service_type: 'Lounge',
      item_id: catalog.lounge,
      venue_id: door.scanner.venueId,
      device_id: door.scanner.deviceId,
      admitted_guests: 1,
      status: 'Accepted',
    });
    expect(redeemed.body).not.toHaveProperty('account_id');
    const pass = await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass'));
    expect(pass.body).toMatchObject({ status: 'Used', used_guests_count: 1 });
    await expect
      .poll(async () =>
        (await eventsOf(bookingId)).find(
          (event) => event.event === 'pass.status.changed' && (event.data as Json).status === 'Used',
        ),
      )
      .toMatchObject({ data: { used_guests_count: 1, redeemed_at: redeemed.body.scanned_at } });

    const again = await redeem(door, { qr, admitted_guests: 1 });
    expect([again.status, again.body.code]).toEqual([409, 'PassAlreadyUsed']);
    expect((again.body.details as Json).redeemed_at).toBe(redeemed.body.scanned_at);
    expect((await verify(door, qr)).body).toMatchObject({
      status: 'Used',
      used_guests_count: 1,
      redeemable: false,
      refusal: 'PassAlreadyUsed',
    });
  });

  it('refuses a canceled pass with 409 PassCanceled', async () => {
    const door = await doorOf();
    const { bookingId, qr } = await confirmedPass();
    expect((await call(partner, 'POST', bookingPath('lounges', bookingId, 'cancel'))).status).toBe(200);

    const redeemed = await redeem(door, { qr, admitted_guests: 1 });

    expect([redeemed.status, redeemed.body.code]).toEqual([409, 'PassCanceled']);
    expect((await verify(door, qr)).body).toMatchObject({ redeemable: false, refusal: 'PassCanceled' });
  });

  it('refuses a scan outside the pass window with 409 PassExpired', async () => {
    const door = await doorOf();
    const { qr, validFrom } = await confirmedPass();
    const beforeValid = new Date(Date.parse(validFrom) - 3_600_000).toISOString();

    const redeemed = await redeem(door, { qr, admitted_guests: 1, scanned_at: beforeValid });

    expect([redeemed.status, redeemed.body.code]).toEqual([409, 'PassExpired']);
  });

  it.each([
    ['no guest', { admitted_guests: 0 }, 'body.admitted_guests'],
    ['more guests than the pass', { admitted_guests: 3 }, 'body.admitted_guests'],
    ['a scan older than 72 hours', { admitted_guests: 1, scanned_at: hoursAgo(73) }, 'body.scanned_at'],
  ])('answers %s with 422 at its field', async (_case, fields, path) => {
    const door = await doorOf();
    const { qr } = await confirmedPass();

    const redeemed = await redeem(door, { qr, ...fields });

    expect([redeemed.status, redeemed.body.code]).toEqual([422, 'ValidationError']);
    expect(redeemed.body.details).toMatchObject({ errors: [{ path }] });
  });

  it('requires an Idempotency-Key (422)', async () => {
    const door = await doorOf();
    const { qr } = await confirmedPass();

    const redeemed = await redeem(door, { qr, admitted_guests: 1 }, null);

    expect([redeemed.status, redeemed.body.code]).toEqual([422, 'ValidationError']);
    expect(redeemed.body.details).toMatchObject({ errors: [{ path: 'headers.idempotency-key' }] });
  });

  it('records an offline scan sent twice with one Idempotency-Key once, with the same answer', async () => {
    const door = await doorOf();
    const { bookingId, qr, passId } = await confirmedPass();
    await asIfIssuedHoursAgo(bookingId, 3);
    const scannedAt = hoursAgo(2);
    const key = randomUUID();
    const body = { qr, admitted_guests: 2, scanned_at: scannedAt };

    const first = await redeem(door, body, key);
    const replayed = await redeem(door, body, key);

    expect(first.body).toMatchObject({ status: 'Accepted', scanned_at: scannedAt, admitted_guests: 2 });
    expect(replayed.status).toBe(201);
    expect(replayed.body).toEqual(first.body);
    const listed = await atTheDoor(door, 'GET', '/v2/venue/redemptions?limit=100');
    expect((listed.body.data as Json[]).filter((item) => item.pass_id === passId)).toHaveLength(1);
  });

  it('records Disputed a pass canceled between the offline scan and its sync, listed for employees', async () => {
    const door = await doorOf();
    const { bookingId, qr, passId } = await confirmedPass();
    await asIfIssuedHoursAgo(bookingId, 3);
    const scannedAt = hoursAgo(2);
    expect((await call(partner, 'POST', bookingPath('lounges', bookingId, 'cancel'))).status).toBe(200);

    const redeemed = await redeem(door, { qr, admitted_guests: 1, scanned_at: scannedAt });

    expect(redeemed.body).toMatchObject({ status: 'Disputed', pass_id: passId, scanned_at: scannedAt });
    const listed = await asSupport<{ data: Json[] }>(
      'GET',
      '/api/v1/admin/redemptions?status=Disputed&limit=200',
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.find((item) => item.pass_id === passId)).toMatchObject({
      status: 'Disputed',
      redemption_id: redeemed.body.redemption_id,
      account_id: partner.accountId,
    });
    const pass = await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass'));
    expect(pass.body.status).toBe('Canceled');
  });

  it('redeems a pass once of 50 concurrent redemptions with different keys: one 201, 49 PassAlreadyUsed', async () => {
    const door = await doorOf();
    const { qr } = await confirmedPass();

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => redeem(door, { qr, admitted_guests: 2 })),
    );

    const outcomes = answers.map((answer) =>
      answer.status === 201 ? `201 ${answer.body.status}` : `${answer.status} ${answer.body.code}`,
    );
    expect(
      outcomes.filter((outcome) => outcome === '201 Accepted'),
      outcomes.join(),
    ).toHaveLength(1);
    expect(
      outcomes.filter((outcome) => outcome === '409 PassAlreadyUsed'),
      outcomes.join(),
    ).toHaveLength(49);
  });
});

describe("the venue's redemptions", () => {
  it("lists the venue's own only, oldest first, from since", async () => {
    const venue = await newVenue();
    const [first, second] = [await doorOf(venue.venue_id), await doorOf(venue.venue_id)];
    const other = await doorOf();
    const since = new Date().toISOString();
    const ours = [
      await redeem(first, { qr: (await confirmedPass()).qr, admitted_guests: 1 }),
      await redeem(second, { qr: (await confirmedPass()).qr, admitted_guests: 1 }),
    ];
    const theirs = await redeem(other, { qr: (await confirmedPass()).qr, admitted_guests: 1 });
    expect([...ours, theirs].map((answer) => answer.status)).toEqual([201, 201, 201]);

    const listed = await atTheDoor(first, 'GET', `/v2/venue/redemptions?since=${encodeURIComponent(since)}`);

    expect(listed.status).toBe(200);
    expect((listed.body.data as Json[]).map((item) => item.redemption_id)).toEqual(
      ours.map((answer) => answer.body.redemption_id),
    );
    const elsewhere = await atTheDoor(other, 'GET', '/v2/venue/redemptions?limit=100');
    expect((elsewhere.body.data as Json[]).map((item) => item.venue_id)).toEqual([other.scanner.venueId]);
  });

  it('answers a since that is not a timestamp with 422', async () => {
    const door = await doorOf();

    const listed = await atTheDoor(door, 'GET', '/v2/venue/redemptions?since=yesterday');

    expect([listed.status, listed.body.code]).toEqual([422, 'ValidationError']);
  });
});
