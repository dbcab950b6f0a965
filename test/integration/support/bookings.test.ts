import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { backfillBookingLookups } from '../../../shared/db/migrations/booking-lookups.ts';
import type { ApiResponse } from '../../support/api.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import { asAdmin, asSupport } from '../../support/employees.ts';
import {
  bookingBody,
  bookingPath,
  call,
  confirmedBooking,
  create,
  eventsOf,
  issuedBooking,
  type Json,
  otherPartner,
  type Partner,
  partner,
  passUsed,
  type Service,
  storedBooking,
  waitForIssue,
} from '../booking/helpers.ts';

/**
 * The support tools' booking lookups and the cancel on the partner's behalf (docs/support.md), against
 * the shared local stage: bookings made through the partner API, found and changed by employees.
 */
beforeAll(() => {
  // The backfill runs in this process, as `npm run backfill:booking-lookups` does beside the stage.
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

interface Page {
  data: Json[];
  next_cursor: string | null;
}

const letters = () =>
  randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)
    .padEnd(8, 'x');

async function bookingFor(service: Service, who: Partner, fields: Json): Promise<string> {
  const body = bookingBody(service, fields);
  const response = await create(service, { who, body });
  if (response.status !== 202)
    throw new Error(`Create refused: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.booking_id as string;
}

async function search(query: Record<string, string | undefined>): Promise<ApiResponse<Page>> {
  return asSupport<Page>(
    'GET',
    `/api/v1/admin/bookings?${new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined))}`,
  );
}

const idsOf = (page: ApiResponse<Page>) => page.body.data.map((booking) => booking.booking_id);

describe('searching bookings', () => {
  it('finds a booking by its email, last name or transport number, each matched after normalisation', async () => {
    const name = `Doe${letters()}`;
    const email = `Mixed.${letters()}@Example.com`;
    const flight = `ZX${Math.floor(Math.random() * 9000 + 1000)}`;
    const bookingId = await bookingFor('lounges', partner, {
      last_name: name,
      email,
      transport_number: flight,
    });

    for (const query of [
      { email: `  ${email.toUpperCase()} ` },
      { last_name: ` ${name.toUpperCase()} ` },
      { transport_number: ` ${flight.toLowerCase()}  ` },
    ]) {
      const page = await search(query);
      expect(page.status, JSON.stringify(query)).toBe(200);
      expect(idsOf(page), JSON.stringify(query)).toEqual([bookingId]);
    }
    const [found] = (await search({ last_name: name })).body.data;
    expect(found).toMatchObject({
      booking_id: bookingId,
      account_id: partner.accountId,
      service_type: 'Lounge',
      service_id: bookingBody('lounges').lounge_id,
      lounge_id: bookingBody('lounges').lounge_id,
      last_name: name,
      email,
    });
    expect((await search({ last_name: name.slice(0, -1) })).body.data).toEqual([]);
  });

  it('narrows by account, service, status and creation time', async () => {
    const name = `Roe${letters()}`;
    const before = new Date(Date.now() - 1000).toISOString();
    const lounge = await bookingFor('lounges', partner, { last_name: name });
    const fastTrack = await bookingFor('fast-tracks', otherPartner, { last_name: name });
    await waitForIssue('lounges', lounge);
    await waitForIssue('fast-tracks', fastTrack, otherPartner);
    const after = new Date(Date.now() + 1000).toISOString();

    expect(idsOf(await search({ last_name: name }))).toEqual([fastTrack, lounge]);
    expect(idsOf(await search({ last_name: name, account_id: otherPartner.accountId as string }))).toEqual([
      fastTrack,
    ]);
    expect(idsOf(await search({ last_name: name, service_type: 'Lounge' }))).toEqual([lounge]);
    expect(idsOf(await search({ last_name: name, status: 'Issued' }))).toEqual([fastTrack, lounge]);
    expect(idsOf(await search({ last_name: name, status: 'Confirmed' }))).toEqual([]);
    expect(idsOf(await search({ last_name: name, created_from: after }))).toEqual([]);
    expect(idsOf(await search({ last_name: name, created_to: before }))).toEqual([]);

    const ofAccount = await search({
      account_id: otherPartner.accountId as string,
      created_from: before,
      created_to: after,
      service_type: 'FastTrack',
    });
    expect(idsOf(ofAccount)).toContain(fastTrack);
    expect(ofAccount.body.data.every((booking) => booking.account_id === otherPartner.accountId)).toBe(true);
    expect(idsOf(ofAccount)).not.toContain(lounge);
  });

  it('pages with a cursor', async () => {
    const name = `Poe${letters()}`;
    const ids = [
      await bookingFor('lounges', partner, { last_name: name }),
      await bookingFor('lounges', partner, { last_name: name }),
      await bookingFor('lounges', partner, { last_name: name }),
    ];

    const first = await search({ last_name: name, limit: '2' });
    const second = await search({ last_name: name, limit: '2', cursor: first.body.next_cursor ?? '' });

    expect([...idsOf(first), ...idsOf(second)]).toEqual([...ids].reverse());
    expect(second.body.next_cursor).toBeNull();
  });

  it('finds a booking written before the lookups once the backfill has run', async () => {
    const name = `Old${letters()}`;
    const bookingId = await bookingFor('lounges', partner, { last_name: name });
    await waitForIssue('lounges', bookingId);
    await documentClient().send(
      new UpdateCommand({
        TableName: endpoints().tables.main,
        Key: { pk: `ACCOUNT#${partner.accountId}`, sk: `BOOKING#${bookingId}` },
        UpdateExpression: 'REMOVE booking_ref, lookup_sk, email_key, last_name_key, transport_key',
      }),
    );
    expect(idsOf(await search({ last_name: name }))).toEqual([]);

    const { written } = await backfillBookingLookups();

    expect(written).toBeGreaterThanOrEqual(1);
    expect(idsOf(await search({ last_name: name }))).toEqual([bookingId]);
    expect((await asSupport('GET', `/api/v1/admin/bookings/${bookingId}`)).status).toBe(200);
  });

  it('is 422 without an account or a traveller field, for a backwards range and for a foreign cursor', async () => {
    for (const query of [
      {},
      { status: 'Confirmed' },
      { created_from: '2030-01-01T00:00:00Z' },
      {
        account_id: partner.accountId as string,
        created_from: '2030-02-01T00:00:00Z',
        created_to: '2030-01-01T00:00:00Z',
      },
      { account_id: 'not-a-uuid' },
      { last_name: 'Doe', status: 'Lost' },
      { last_name: 'Doe', cursor: Buffer.from('{"pk":"ACCOUNT#x","sk":"BOOKING#y"}').toString('base64url') },
    ]) {
      const response = await search(query);
      expect(response.status, JSON.stringify(query)).toBe(422);
      expect(response.body, JSON.stringify(query)).toMatchObject({ code: 'ValidationError' });
    }
  });
});

describe('a booking in detail', () => {
  it('shows its pass without the QR, every status change with its actor, and its redemption', async () => {
    const bookingId = await confirmedBooking('lounges');
    expect((await passUsed(bookingId, 1)).status).toBe(200);

    const response = await asSupport<Json>('GET', `/api/v1/admin/bookings/${bookingId}`);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      booking_id: bookingId,
      account_id: partner.accountId,
      status: 'Confirmed',
      pass: { status: 'Used', guests_count: 2, used_guests_count: 1 },
      redemptions: [{ booking_id: bookingId, admitted_guests: 1, account_id: partner.accountId }],
    });
    expect(response.body.pass).not.toHaveProperty('qr');
    expect(
      (response.body.history as Json[]).map((change) => [
        change.from,
        change.to,
        (change.actor as Json).type,
      ]),
    ).toEqual([
      [null, 'Processing', 'application'],
      ['Processing', 'Issued', 'service'],
      ['Issued', 'Confirmed', 'application'],
    ]);
    expect((response.body.history as Json[])[2]?.actor).toEqual({
      type: 'application',
      id: partner.clientId,
    });
  });

  it('is 404 BookingNotFound for an unknown id', async () => {
    const response = await asSupport('GET', `/api/v1/admin/bookings/${randomUUID()}`);

    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'BookingNotFound' });
  });
});

describe("cancelling on the partner's behalf", () => {
  it('cancels as the partner would: the partner reads Canceled, gets the event, and the audit log has the reason', async () => {
    const bookingId = await issuedBooking('lounges');
    const key = randomUUID();
    const reason = `Guest called the partner ${letters()}`;

    const cancel = () =>
      asAdmin<Json>('POST', `/api/v1/admin/bookings/${bookingId}/cancel`, {
        body: { reason, waive_fee: true },
        idempotencyKey: key,
      });
    const response = await cancel();
    const replay = await cancel();

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      booking_id: bookingId,
      status: 'Canceled',
      account_id: partner.accountId,
    });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(response.body);
    expect((await call(partner, 'GET', bookingPath('lounges', bookingId))).body.status).toBe('Canceled');
    const events = await eventsOf(bookingId);
    expect(
      events.filter(
        (event) => event.event === 'booking.status.changed' && (event.data as Json).status === 'Canceled',
      ),
    ).toHaveLength(1);

    const detail = await asSupport<Json>('GET', `/api/v1/admin/bookings/${bookingId}`);
    const history = detail.body.history as Json[];
    expect(history.filter((change) => change.to === 'Canceled')).toEqual([
      {
        at: expect.any(String),
        from: 'Issued',
        to: 'Canceled',
        actor: { type: 'employee', id: expect.any(String) },
        reason,
        waive_fee: true,
      },
    ]);
    expect((await storedBooking(partner.accountId as string, bookingId))?.cancel_fee_waived).toBe(true);

    const audit = await asAdmin<Page>('GET', `/api/v1/admin/audit-log?target=${bookingId}&limit=50`);
    expect(audit.status).toBe(200);
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0]).toMatchObject({
      action: 'cancelBookingOnBehalf',
      actor: { type: 'employee' },
      target: { type: 'booking', id: bookingId },
      details: { body: { reason, waive_fee: true } },
    });
  });

  it("follows the partner's rules: a canceled booking is 409 BookingAlreadyCanceled, a used pass 409 BookingAlreadyConfirmed", async () => {
    const canceled = await issuedBooking('lounges');
    expect((await call(partner, 'POST', bookingPath('lounges', canceled, 'cancel'))).status).toBe(200);
    const used = await confirmedBooking('lounges');
    expect((await passUsed(used, 1)).status).toBe(200);

    const body = { reason: 'Asked by phone', waive_fee: false };
    const again = await asAdmin('POST', `/api/v1/admin/bookings/${canceled}/cancel`, { body });
    const afterUse = await asAdmin('POST', `/api/v1/admin/bookings/${used}/cancel`, { body });

    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'BookingAlreadyCanceled' });
    expect(afterUse.status).toBe(409);
    expect(afterUse.body).toMatchObject({ code: 'BookingAlreadyConfirmed' });
  });

  it('is 404 for an unknown booking, 422 without a reason, and 403 for support', async () => {
    const bookingId = await issuedBooking('lounges');
    const body = { reason: 'Asked by phone', waive_fee: false };

    const unknown = await asAdmin('POST', `/api/v1/admin/bookings/${randomUUID()}/cancel`, { body });
    const noReason = await asAdmin('POST', `/api/v1/admin/bookings/${bookingId}/cancel`, {
      body: { waive_fee: false },
    });
    const bySupport = await asSupport('POST', `/api/v1/admin/bookings/${bookingId}/cancel`, { body });

    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'BookingNotFound' });
    expect(noReason.status).toBe(422);
    expect(bySupport.status).toBe(403);
    expect((await call(partner, 'GET', bookingPath('lounges', bookingId))).body.status).toBe('Issued');
  });
});
