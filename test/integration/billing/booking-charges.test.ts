import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { periodOf } from '../../../shared/domain/billing/model.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import { asAdmin, asSupport, employeeLogin } from '../../support/employees.ts';
import { type OnboardedPartner, onboardPartner } from '../../support/onboard.ts';

/*
 * Booking charges on the local stage (docs/billing.md, Booking charges): a per_visit contract's visit
 * line at redemption, priced by guest types and the contract's discount; a per_pass contract's pass
 * line at confirm and its cancellation lines inside and past the free window; replays write no second
 * line. Each test has an account of its own; lines are read from the month they were written in
 * (the closing test of billing.test.ts closes a month far from this one).
 */

afterAll(async () => {
  await employeeLogin.close();
});

type Json = Record<string, unknown>;

/** A seeded Frankfurt lounge: EUR 42.00 adult, 21.00 child, 0.00 infant. */
const frankfurtLounge = '5906ae1a-4ef4-5b71-a756-90043eb6f819';
const statements = '/v2/b2b/billing/statements';

async function partnerWithTerms(terms: Json): Promise<OnboardedPartner> {
  const partner = await onboardPartner(['booking.lounges:write', 'billing:read'], 'Booking charges');
  const contract = await asAdmin('POST', `/api/v1/admin/accounts/${partner.accountId}/contract`, {
    body: { lounges: 'all', fast_tracks: 'all', tariffs: 'all', ...terms },
  });
  expect(contract.status, JSON.stringify(contract.body)).toBe(201);
  return partner;
}

const bookingPath = (bookingId: string, action = '') =>
  `/v2/b2b/booking/lounges/${bookingId}${action ? `/${action}` : ''}`;

/** A lounge booking for an adult, a child and an infant, waited for until the processor issued it. */
async function issuedBooking(partner: OnboardedPartner): Promise<{ bookingId: string; price: Json }> {
  const created = await partner.call<Json>('POST', '/v2/b2b/booking/lounges', {
    headers: { 'idempotency-key': randomUUID() },
    body: {
      lounge_id: frankfurtLounge,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '7911123456',
      calling_code: '+44',
      guests: [
        { first_name: 'Ada', last_name: 'Lovelace', type: 'Adult', lead: true },
        { first_name: 'Byron', last_name: 'Lovelace', type: 'Child', lead: false },
        { first_name: 'Anne', last_name: 'Lovelace', type: 'Infant', lead: false },
      ],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const bookingId = created.body.booking_id as string;
  for (let attempt = 0; attempt < 200; attempt++) {
    const read = await partner.call<Json>('GET', bookingPath(bookingId));
    if (read.body.status === 'Issued') return { bookingId, price: created.body.price as Json };
    await sleep(50);
  }
  throw new Error(`Booking ${bookingId} was not issued`);
}

async function linesOf(partner: OnboardedPartner): Promise<Json[]> {
  const response = await partner.call<{ data: Json[] }>('GET', `${statements}/${periodOf(new Date())}/lines`);
  expect(response.status).toBe(200);
  return response.body.data;
}

const kindsAndAmounts = (lines: Json[]) => lines.map((line) => [line.kind, line.amount, line.currency]);

describe('a per_visit contract', () => {
  it('writes the visit line at redemption, priced by guest types and the discount, and nothing at confirm', async () => {
    const partner = await partnerWithTerms({ discount_percent: 12.5 });
    const { bookingId, price } = await issuedBooking(partner);
    const confirmed = await partner.call('POST', bookingPath(bookingId, 'confirm'));
    const afterConfirm = await linesOf(partner);

    const used = await partner.call<Json>('POST', '/v2/b2b/sandbox/pass-used', {
      body: { booking_id: bookingId, used_guests_count: 2 },
    });
    const again = await partner.call<Json>('POST', '/v2/b2b/sandbox/pass-used', {
      body: { booking_id: bookingId, used_guests_count: 2 },
    });
    const lines = await linesOf(partner);

    // 12.5 % off 42.00 is 36.75, off 21.00 18.38 (half to even), the infant free: 55.13.
    expect(price).toEqual({ amount: '55.13', currency: 'EUR' });
    expect(confirmed.status).toBe(200);
    expect(afterConfirm).toEqual([]);
    expect(used.status).toBe(200);
    expect(again.status).toBe(409);
    expect(kindsAndAmounts(lines)).toEqual([['visit', '55.13', 'EUR']]);
    expect(lines[0]).toMatchObject({ booking_id: bookingId, pass_id: used.body.pass_id });
    expect(lines[0]?.redemption_id).toEqual(expect.any(String));
  });
});

describe('a per_pass contract', () => {
  it('writes the pass line at confirm, and a replayed confirm writes no second one', async () => {
    const partner = await partnerWithTerms({ billing_basis: 'per_pass' });
    const { bookingId } = await issuedBooking(partner);
    const key = randomUUID();

    const first = await partner.call('POST', bookingPath(bookingId, 'confirm'), {
      headers: { 'idempotency-key': key },
    });
    const replay = await partner.call('POST', bookingPath(bookingId, 'confirm'), {
      headers: { 'idempotency-key': key },
    });
    const withoutKey = await partner.call<Json>('POST', bookingPath(bookingId, 'confirm'));
    const used = await partner.call('POST', '/v2/b2b/sandbox/pass-used', {
      body: { booking_id: bookingId, used_guests_count: 1 },
    });

    expect([first.status, replay.status, used.status]).toEqual([200, 200, 200]);
    expect([withoutKey.status, withoutKey.body.code]).toEqual([409, 'BookingAlreadyConfirmed']);
    expect(kindsAndAmounts(await linesOf(partner))).toEqual([['pass', '63.00', 'EUR']]);
  });

  it('credits the pass when a confirmed booking is canceled inside the free window, once however replayed', async () => {
    const partner = await partnerWithTerms({ billing_basis: 'per_pass', free_cancellation_hours: 24 });
    const { bookingId } = await issuedBooking(partner);
    const key = randomUUID();

    await partner.call('POST', bookingPath(bookingId, 'confirm'));
    const canceled = await partner.call('POST', bookingPath(bookingId, 'cancel'), {
      headers: { 'idempotency-key': key },
    });
    const replay = await partner.call('POST', bookingPath(bookingId, 'cancel'), {
      headers: { 'idempotency-key': key },
    });
    const again = await partner.call<Json>('POST', bookingPath(bookingId, 'cancel'));

    expect([canceled.status, replay.status]).toEqual([200, 200]);
    expect([again.status, again.body.code]).toEqual([409, 'BookingAlreadyCanceled']);
    expect(kindsAndAmounts(await linesOf(partner))).toEqual([
      ['pass', '63.00', 'EUR'],
      ['cancellation_credit', '-63.00', 'EUR'],
    ]);
  });

  it('adds the cancellation fee past the free window (no free hours), without an Idempotency-Key too', async () => {
    const partner = await partnerWithTerms({
      billing_basis: 'per_pass',
      free_cancellation_hours: 0,
      cancellation_fee_percent: 50,
      discount_percent: 10,
    });
    const { bookingId } = await issuedBooking(partner);

    const confirmed = await partner.call('POST', bookingPath(bookingId, 'confirm'));
    await sleep(5);
    const canceled = await partner.call<Json>('POST', bookingPath(bookingId, 'cancel'));
    const unconfirmed = await issuedBooking(partner);
    const canceledIssued = await partner.call('POST', bookingPath(unconfirmed.bookingId, 'cancel'));

    expect([confirmed.status, canceled.status, canceledIssued.status]).toEqual([200, 200, 200]);
    expect(canceled.body.status).toBe('Canceled');
    // 10 % off: 37.80 + 18.90 = 56.70; half of it 28.35. An Issued booking's cancel charges nothing.
    // One cancel's two lines share their millisecond: their order between them is not defined.
    const lines = kindsAndAmounts(await linesOf(partner));
    expect(lines).toHaveLength(3);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['pass', '56.70', 'EUR'],
        ['cancellation_credit', '-56.70', 'EUR'],
        ['cancellation_fee', '28.35', 'EUR'],
      ]),
    );
  });

  it("shows a booking's lines in the support tools' booking detail, and only that booking's", async () => {
    const partner = await partnerWithTerms({
      billing_basis: 'per_pass',
      free_cancellation_hours: 0,
      cancellation_fee_percent: 50,
    });
    const other = await partnerWithTerms({ billing_basis: 'per_pass' });
    const { bookingId } = await issuedBooking(partner);
    const unconfirmed = await issuedBooking(partner);
    const foreign = await issuedBooking(other);
    expect((await partner.call('POST', bookingPath(bookingId, 'confirm'))).status).toBe(200);
    expect((await other.call('POST', bookingPath(foreign.bookingId, 'confirm'))).status).toBe(200);
    await sleep(5);
    expect((await partner.call('POST', bookingPath(bookingId, 'cancel'))).status).toBe(200);

    const detail = await asSupport<Json>('GET', `/api/v1/admin/bookings/${bookingId}`);
    const detailLines = detail.body.ledger_lines as Json[];

    expect(detail.status).toBe(200);
    // 42.00 + 21.00 = 63.00; half of it 31.50. One cancel's two lines share their millisecond.
    expect(kindsAndAmounts(detailLines)[0]).toEqual(['pass', '63.00', 'EUR']);
    expect(kindsAndAmounts(detailLines)).toEqual(
      expect.arrayContaining([
        ['pass', '63.00', 'EUR'],
        ['cancellation_credit', '-63.00', 'EUR'],
        ['cancellation_fee', '31.50', 'EUR'],
      ]),
    );
    expect(detailLines).toHaveLength(3);
    expect(detailLines.every((line) => line.booking_id === bookingId && line.occurred_at)).toBe(true);
    const unconfirmedDetail = await asSupport<Json>('GET', `/api/v1/admin/bookings/${unconfirmed.bookingId}`);
    expect(unconfirmedDetail.body.ledger_lines).toEqual([]);
    const foreignDetail = await asSupport<Json>('GET', `/api/v1/admin/bookings/${foreign.bookingId}`);
    expect(kindsAndAmounts(foreignDetail.body.ledger_lines as Json[])).toEqual([['pass', '63.00', 'EUR']]);

    // A line written before the lookup index: unseen until the backfill gives it its keys.
    const fee = detailLines.find((line) => line.kind === 'cancellation_fee');
    await documentClient().send(
      new UpdateCommand({
        TableName: endpoints().tables.main,
        Key: { pk: `LEDGER#${partner.accountId}#${fee?.period}`, sk: fee?.line_id },
        UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
      }),
    );
    const withoutKeys = await asSupport<Json>('GET', `/api/v1/admin/bookings/${bookingId}`);
    expect(withoutKeys.body.ledger_lines).toHaveLength(2);
    Object.assign(process.env, endpoints().environment);
    resetModuleCaches();
    const { backfillLedgerSubjects } = await import('../../../shared/db/migrations/ledger-subjects.ts');
    expect((await backfillLedgerSubjects()).written).toBeGreaterThanOrEqual(1);
    const backfilled = await asSupport<Json>('GET', `/api/v1/admin/bookings/${bookingId}`);
    expect(backfilled.body.ledger_lines).toEqual(detailLines);
  });
});

/** The booking-expiry worker, run here against the stage's tables as EventBridge runs it every minute. */
async function sweep(): Promise<{ expired: number; noShows: number }> {
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
  const { handler } = await import('../../../functions/booking-expiry/handler.ts');
  return handler();
}

const db = documentClient();
const bookingKey = (accountId: string, bookingId: string) => ({
  pk: `ACCOUNT#${accountId}`,
  sk: `BOOKING#${bookingId}`,
});

/** Moves a confirmed pass's window (and its no-show index entry) into the past, as if 33 days went by. */
async function runOut(accountId: string, bookingId: string): Promise<void> {
  const { Item } = await db.send(
    new GetCommand({ TableName: endpoints().tables.main, Key: bookingKey(accountId, bookingId) }),
  );
  expect(String(Item?.sweep_pk)).toMatch(/^BOOKING_NO_SHOW#/);
  const validUntil = new Date(Date.now() - 80 * 3_600_000).toISOString();
  const due = new Date(Date.now() - 8 * 3_600_000 + 30_000).toISOString();
  await db.send(
    new UpdateCommand({
      TableName: endpoints().tables.main,
      Key: bookingKey(accountId, bookingId),
      UpdateExpression: 'SET #pass.valid_until = :until, sweep_sk = :sk',
      ExpressionAttributeNames: { '#pass': 'pass' },
      ExpressionAttributeValues: { ':until': validUntil, ':sk': `${due}#${accountId}#${bookingId}` },
    }),
  );
}

describe('a per_visit pass left unused', () => {
  it('gets its no_show line from the sweep once, and partners still read it Confirmed and Active', async () => {
    const partner = await partnerWithTerms({ no_show_fee_percent: 50 });
    const { bookingId } = await issuedBooking(partner);
    const used = await issuedBooking(partner);
    await partner.call('POST', bookingPath(bookingId, 'confirm'));
    await partner.call('POST', bookingPath(used.bookingId, 'confirm'));
    await partner.call('POST', '/v2/b2b/sandbox/pass-used', {
      body: { booking_id: used.bookingId, used_guests_count: 1 },
    });
    await runOut(partner.accountId, bookingId);

    const first = await sweep();
    const again = await sweep();
    const booking = await partner.call<Json>('GET', bookingPath(bookingId));
    const pass = await partner.call<Json>('GET', bookingPath(bookingId, 'pass'));
    const { Item } = await db.send(
      new GetCommand({ TableName: endpoints().tables.main, Key: bookingKey(partner.accountId, bookingId) }),
    );

    expect(first.noShows).toBeGreaterThanOrEqual(1);
    expect(again.noShows).toBe(0);
    expect([booking.body.status, pass.body.status]).toEqual(['Confirmed', 'Active']);
    expect(Item?.sweep_pk).toBeUndefined();
    // Half of 63.00; the used pass has its visit and no no-show.
    expect(kindsAndAmounts(await linesOf(partner))).toEqual(
      expect.arrayContaining([
        ['visit', '63.00', 'EUR'],
        ['no_show', '31.50', 'EUR'],
      ]),
    );
    expect(await linesOf(partner)).toHaveLength(2);
  });
});
