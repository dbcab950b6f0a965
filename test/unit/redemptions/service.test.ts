import { describe, expect, it } from 'vitest';
import { changeEvents } from '../../../shared/domain/booking/events.ts';
import type { Booking } from '../../../shared/domain/booking/model.ts';
import { ApiError, ConcurrentChangeError, ValidationError } from '../../../shared/domain/errors.ts';
import type { PassToken } from '../../../shared/domain/redemptions/ports.ts';
import { type RedeemInput, redeemPass, verifyPass } from '../../../shared/domain/redemptions/service.ts';
import { anIssuedBooking, anIssuedPass, now, serviceId } from '../booking/fixtures.ts';
import { KnownPasses, MemoryBookings, MemoryTable, StagedWrites, venueOperating } from './fakes.ts';

const venueId = '3a0c5d7e-1f2b-4c3d-8e9f-0a1b2c3d4e5f';
const deviceId = '6b1d2e3f-4a5b-4c6d-9e8f-1a2b3c4d5e6f';
// Issued and confirmed ten days ago: offline scans of the last 72 hours fall inside its window.
const confirmed = anIssuedBooking({
  status: 'Confirmed',
  holdExpiresAt: null,
  pass: anIssuedPass({ validFrom: '2030-04-21T10:00:00.000Z', validUntil: '2030-05-21T10:00:00.000Z' }),
});
const passId = confirmed.pass?.passId ?? '';
const tokenOf = (booking: Booking): PassToken => ({
  passId: booking.pass?.passId ?? '',
  bookingId: booking.bookingId,
  serviceType: booking.serviceType,
  serviceId: booking.serviceId,
  guestsCount: booking.pass?.guestsCount ?? 0,
  validFrom: booking.pass?.validFrom ?? '',
  validUntil: booking.pass?.validUntil ?? '',
});
const hoursBefore = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

function door(booking: Booking = confirmed, operated: string[] = [serviceId]) {
  const table = new MemoryTable(new MemoryBookings(booking));
  const deps = (uow = new StagedWrites()) => ({
    tokens: new KnownPasses([tokenOf(booking)]),
    bookings: table.bookings,
    venues: venueOperating(...operated),
    redemptions: table.redemptions,
    ledger: table.ledger,
    uow,
  });
  /** As the HTTP pipeline does: run, commit in one transaction, run again on a lost race (3 runs). */
  async function redeem(input: Partial<RedeemInput> = {}) {
    for (let run = 1; ; run++) {
      const uow = new StagedWrites();
      try {
        const redemption = await redeemPass(deps(uow), {
          venueId,
          deviceId,
          qr: passId,
          admittedGuests: 2,
          now,
          ...input,
        });
        await table.commit(uow.writes);
        return redemption;
      } catch (error) {
        if (!(error instanceof ConcurrentChangeError) || run >= 3) throw error;
      }
    }
  }
  return { table, deps, redeem };
}

async function refusalOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (error instanceof ApiError) return error;
  throw error ?? new Error('expected a refusal');
}

describe('verifying a pass at the door', () => {
  it('shows the guests of an Active pass, redeemable, with no refusal', async () => {
    const pass = await verifyPass(door().deps(), { venueId, qr: passId, now });

    expect(pass).toMatchObject({
      passId,
      bookingId: confirmed.bookingId,
      itemId: serviceId,
      status: 'Active',
      guestsCount: 2,
      usedGuestsCount: null,
      transportNumber: 'BA117',
      guests: confirmed.guests,
      refusal: null,
    });
  });

  it('answers 422 at body.qr for a code that is not a pass of this service', async () => {
    const error = await refusalOf(verifyPass(door().deps(), { venueId, qr: 'not-a-pass', now }));

    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual([expect.objectContaining({ path: 'body.qr' })]);
  });

  it('answers 422 for a signed pass this stage has no booking of', async () => {
    const { deps } = door();
    const stranger = { ...tokenOf(confirmed), passId: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a' };

    const error = await refusalOf(
      verifyPass({ ...deps(), tokens: new KnownPasses([stranger]) }, { venueId, qr: stranger.passId, now }),
    );

    expect(error.code).toBe('ValidationError');
  });

  it('answers 409 PassNotValidHere for an item the venue does not operate, without reading the booking', async () => {
    const { deps } = door(confirmed, []);
    let bookingReads = 0;
    const bookings = new MemoryBookings(confirmed);
    bookings.findByPass = async () => {
      bookingReads++;
      return confirmed;
    };

    const error = await refusalOf(verifyPass({ ...deps(), bookings }, { venueId, qr: passId, now }));

    expect(error.code).toBe('PassNotValidHere');
    expect(JSON.stringify(error.details)).not.toMatch(/Ada|Lovelace|guest/);
    expect(bookingReads).toBe(0);
  });

  it.each([
    ['PassNotReady', anIssuedBooking()],
    ['PassCanceled', { ...confirmed, status: 'Canceled' as const }],
    ['PassExpired', { ...confirmed, status: 'Expired' as const }],
    ['PassAlreadyUsed', { ...confirmed, passUse: { usedGuestsCount: 1, usedAt: now.toISOString() } }],
  ])('names the refusal %s a redemption would get now', async (refusal, booking) => {
    const pass = await verifyPass(door(booking).deps(), { venueId, qr: passId, now });

    expect(pass.refusal).toBe(refusal);
  });
});

describe('redeeming a pass', () => {
  it('records an Accepted redemption and the pass Used with the guests admitted, in one transaction', async () => {
    const { table, deps } = door();
    const uow = new StagedWrites();

    const redemption = await redeemPass(deps(uow), {
      venueId,
      deviceId,
      qr: passId,
      admittedGuests: 1,
      now,
    });

    expect(uow.writes.map((write) => write.description)).toEqual([
      `redemption of pass ${passId}`,
      'booking use',
      expect.stringMatching(/^ledger line /),
    ]);
    await table.commit(uow.writes);
    expect(redemption).toMatchObject({
      passId,
      bookingId: confirmed.bookingId,
      accountId: confirmed.accountId,
      itemId: serviceId,
      venueId,
      deviceId,
      admittedGuests: 1,
      scannedAt: now.toISOString(),
      recordedAt: now.toISOString(),
      status: 'Accepted',
    });
    expect(table.bookings.byId.get(confirmed.bookingId)?.passUse).toEqual({
      usedGuestsCount: 1,
      usedAt: now.toISOString(),
    });
  });

  it('tells the partner who came and when: pass.status.changed to Used gains used_guests_count and redeemed_at', async () => {
    const { table, redeem } = door();
    const scannedAt = hoursBefore(5);

    await redeem({ admittedGuests: 2, scannedAt });

    const after = table.bookings.byId.get(confirmed.bookingId);
    if (!after) throw new Error('booking vanished');
    const [event] = changeEvents(confirmed, after, 'c0ffee00-0000-4000-8000-000000000001');
    expect(event).toMatchObject({
      type: 'pass.status.changed',
      data: {
        status: 'Used',
        previous_status: 'Active',
        used_guests_count: 2,
        redeemed_at: scannedAt.toISOString(),
      },
    });
  });

  it('accepts an offline scan made inside the validity window although the pass has expired since', async () => {
    const validUntilThen = hoursBefore(1).toISOString();
    const booking = {
      ...confirmed,
      pass: anIssuedPass({ validFrom: '2030-04-01T10:00:00.000Z', validUntil: validUntilThen }),
    };

    const redemption = await door(booking).redeem({ scannedAt: hoursBefore(2) });

    expect(redemption.status).toBe('Accepted');
  });

  it.each([
    ['PassNotReady', 'an unconfirmed pass', anIssuedBooking()],
    ['PassCanceled', 'a pass canceled before the scan', { ...confirmed, status: 'Canceled' as const }],
    ['PassExpired', 'a pass of an expired booking', { ...confirmed, status: 'Expired' as const }],
  ])('refuses %s: %s', async (code, _what, booking) => {
    const error = await refusalOf(door(booking).redeem());

    expect(error.code).toBe(code);
    expect(error.details).toMatchObject({ pass_id: passId });
  });

  it('refuses 409 PassExpired for a scan outside valid_from..valid_until', async () => {
    const booking = {
      ...confirmed,
      pass: anIssuedPass({ validFrom: '2030-04-01T10:00:00.000Z', validUntil: hoursBefore(3).toISOString() }),
    };

    const error = await refusalOf(door(booking).redeem({ scannedAt: hoursBefore(2) }));

    expect(error.code).toBe('PassExpired');
  });

  it('refuses 409 PassAlreadyUsed naming when it was redeemed', async () => {
    const { redeem } = door();
    await redeem({ scannedAt: hoursBefore(1) });

    const error = await refusalOf(redeem());

    expect(error.code).toBe('PassAlreadyUsed');
    expect(error.details).toMatchObject({ redeemed_at: hoursBefore(1).toISOString() });
  });

  it('refuses 409 PassNotValidHere at a venue that does not operate the item', async () => {
    const error = await refusalOf(door(confirmed, []).redeem());

    expect(error.code).toBe('PassNotValidHere');
  });

  it.each([0, 3])(
    'refuses %i guests on a pass for 2 with 422 at body.admitted_guests',
    async (admittedGuests) => {
      const error = await refusalOf(door().redeem({ admittedGuests }));

      expect(error.code).toBe('ValidationError');
      expect((error as ValidationError).errors[0]?.path).toBe('body.admitted_guests');
    },
  );

  it.each([
    ['more than 72 hours ago', hoursBefore(72.01)],
    ['more than 30 s ahead of the clock', new Date(now.getTime() + 31_000)],
  ])('refuses a scan %s with 422 at body.scanned_at', async (_when, scannedAt) => {
    const error = await refusalOf(door().redeem({ scannedAt }));

    expect(error.code).toBe('ValidationError');
    expect((error as ValidationError).errors[0]?.path).toBe('body.scanned_at');
  });

  it('accepts a scan 72 hours old, and one a little ahead of the clock', async () => {
    expect((await door().redeem({ scannedAt: hoursBefore(72) })).status).toBe('Accepted');
    expect((await door().redeem({ scannedAt: new Date(now.getTime() + 29_000) })).status).toBe('Accepted');
  });

  it('records Disputed a pass canceled after it was scanned offline, leaving the pass Canceled', async () => {
    const canceled = { ...confirmed, status: 'Canceled' as const, updatedAt: hoursBefore(1).toISOString() };
    const { table, redeem } = door(canceled);

    const redemption = await redeem({ scannedAt: hoursBefore(2) });

    expect(redemption.status).toBe('Disputed');
    expect(table.redemptions.byPass.get(passId)?.status).toBe('Disputed');
    expect(table.bookings.byId.get(confirmed.bookingId)).toEqual(canceled);
  });

  it('charges the visit of a per_visit pass with the redemption, Disputed too (the guests were admitted)', async () => {
    const canceled = { ...confirmed, status: 'Canceled' as const, updatedAt: hoursBefore(1).toISOString() };
    const accepted = door();
    const disputed = door(canceled);

    const redemptions = [
      await accepted.redeem({ scannedAt: hoursBefore(3) }),
      await disputed.redeem({ scannedAt: hoursBefore(2) }),
    ];

    const lines = [...accepted.table.ledger.written, ...disputed.table.ledger.written];
    expect(lines.map((line) => [line.kind, line.redemptionId, line.occurredAt, line.amount.minor])).toEqual([
      ['visit', redemptions[0]?.redemptionId, hoursBefore(3).toISOString(), 450_000n],
      ['visit', redemptions[1]?.redemptionId, hoursBefore(2).toISOString(), 450_000n],
    ]);
  });

  it('charges nothing at redemption for a per_pass booking (its pass was charged at confirm)', async () => {
    const perPass = {
      ...confirmed,
      chargeTerms: { ...confirmed.chargeTerms, billingBasis: 'per_pass' as const },
    } as Booking;
    const { table, redeem } = door(perPass);

    await redeem();

    expect(table.ledger.written).toEqual([]);
  });

  it('answers a second scan of a Disputed pass with PassAlreadyUsed', async () => {
    const canceled = { ...confirmed, status: 'Canceled' as const, updatedAt: hoursBefore(1).toISOString() };
    const { redeem } = door(canceled);
    await redeem({ scannedAt: hoursBefore(2) });

    const error = await refusalOf(redeem({ scannedAt: hoursBefore(3) }));

    expect(error.code).toBe('PassAlreadyUsed');
  });

  it('decides again when a cancel commits between its read and its write: Disputed for an earlier scan', async () => {
    const { table, deps } = door();
    const uow = new StagedWrites();
    const scannedAt = hoursBefore(1);
    await redeemPass(deps(uow), { venueId, deviceId, qr: passId, admittedGuests: 1, scannedAt, now });
    table.bookings.byId.set(confirmed.bookingId, {
      ...confirmed,
      status: 'Canceled',
      updatedAt: now.toISOString(),
    });

    // The redemption's own condition held; the booking's did not, so nothing was written.
    const lost = await table.commit(uow.writes).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(ConcurrentChangeError);
    expect(table.redemptions.byPass.size).toBe(0);

    const again = await door(table.bookings.byId.get(confirmed.bookingId)).redeem({ scannedAt });
    expect(again.status).toBe('Disputed');
  });
});

describe('one redemption per pass', () => {
  it('gives exactly one Accepted of 25 concurrent redeems, the others PassAlreadyUsed', async () => {
    const { table, redeem } = door();

    const outcomes = await Promise.allSettled(
      Array.from({ length: 25 }, (_, index) => redeem({ deviceId: `${deviceId.slice(0, -2)}${10 + index}` })),
    );

    const accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [(outcome.reason as ApiError).code] : [],
    );
    expect(accepted).toHaveLength(1);
    expect(refused).toEqual(Array(24).fill('PassAlreadyUsed'));
    expect(table.redemptions.byPass.size).toBe(1);
    expect(table.bookings.byId.get(confirmed.bookingId)?.passUse?.usedGuestsCount).toBe(2);
  });
});
