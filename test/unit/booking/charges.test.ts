import { describe, expect, it } from 'vitest';
import {
  cancelCharges,
  confirmCharges,
  isUnchargedNoShow,
  noShowCharges,
  noShowDueAt,
  redemptionCharges,
} from '../../../shared/domain/booking/charges.ts';
import type { Booking } from '../../../shared/domain/booking/model.ts';
import { formatMoney } from '../../../shared/domain/money/money.ts';
import type { ChargeTerms } from '../../../shared/domain/pricing/terms.ts';
import { anIssuedBooking, now } from './fixtures.ts';

const terms = (overrides: Partial<ChargeTerms> = {}): ChargeTerms => ({
  billingBasis: 'per_visit',
  freeCancellationHours: 24,
  cancellationFeePercent: 100,
  noShowFeePercent: 0,
  ...overrides,
});

const hoursAfter = (at: string, hours: number) => new Date(Date.parse(at) + hours * 3_600_000);

function booking(overrides: Partial<Booking> = {}): Booking {
  return anIssuedBooking({ price: { amount: '45.00', currency: 'EUR' }, chargeTerms: terms(), ...overrides });
}
const confirmedAt = '2030-05-01T10:00:00.000Z';
const confirmed = (chargeTerms: ChargeTerms, overrides: Partial<Booking> = {}) =>
  booking({ status: 'Confirmed', updatedAt: confirmedAt, chargeTerms, ...overrides });

const summary = (lines: ReturnType<typeof confirmCharges>) =>
  lines.map((line) => [line.kind, formatMoney(line.amount).amount, line.occurredAt]);

const redemption = { redemptionId: 'a1b2c3d4-0000-4000-8000-000000000001', admittedGuests: 2 };

describe('what a booking change charges', () => {
  it('per_pass: the pass line (its price) at confirm, naming the booking and pass', () => {
    const lines = confirmCharges(booking({ chargeTerms: terms({ billingBasis: 'per_pass' }) }), now);

    expect(summary(lines)).toEqual([['pass', '45.00', now.toISOString()]]);
    expect(lines[0]).toMatchObject({ bookingId: expect.any(String), passId: expect.any(String) });
  });

  it('per_visit: nothing at confirm, the visit line (its price) at redemption, when the pass was scanned', () => {
    const scannedAt = '2030-05-01T08:30:00.000Z';

    const atConfirm = confirmCharges(booking(), now);
    const atRedemption = redemptionCharges(confirmed(terms()), { ...redemption, scannedAt }, now);

    expect(atConfirm).toEqual([]);
    expect(summary(atRedemption)).toEqual([['visit', '45.00', scannedAt]]);
    expect(atRedemption[0]?.redemptionId).toBe(redemption.redemptionId);
  });

  it('per_pass: nothing at redemption (the pass was charged at confirm)', () => {
    const lines = redemptionCharges(
      confirmed(terms({ billingBasis: 'per_pass' })),
      { ...redemption, scannedAt: now.toISOString() },
      now,
    );

    expect(lines).toEqual([]);
  });

  it('per_pass cancel of a confirmed pass: the credit inside the free window, up to its last instant', () => {
    const perPass = confirmed(terms({ billingBasis: 'per_pass', freeCancellationHours: 24 }));

    const early = cancelCharges(perPass, hoursAfter(confirmedAt, 1));
    const atTheEdge = cancelCharges(perPass, hoursAfter(confirmedAt, 24));

    expect(summary(early).map(([kind, amount]) => [kind, amount])).toEqual([
      ['cancellation_credit', '-45.00'],
    ]);
    expect(summary(atTheEdge).map(([kind, amount]) => [kind, amount])).toEqual([
      ['cancellation_credit', '-45.00'],
    ]);
  });

  it('per_pass cancel past the free window: the credit and the fee share of the price, rounded half to even', () => {
    const perPass = confirmed(terms({ billingBasis: 'per_pass', cancellationFeePercent: 12.5 }), {
      price: { amount: '45.00', currency: 'EUR' },
    });

    const lines = cancelCharges(perPass, new Date(hoursAfter(confirmedAt, 24).getTime() + 1));

    // 12.5 % of 45.00 is 5.625: half to even, 5.62.
    expect(summary(lines).map(([kind, amount]) => [kind, amount])).toEqual([
      ['cancellation_credit', '-45.00'],
      ['cancellation_fee', '5.62'],
    ]);
  });

  it("credits the pass but charges no fee when an employee's cancel on the partner's behalf waives it", () => {
    const perPass = confirmed(terms({ billingBasis: 'per_pass', cancellationFeePercent: 100 }));
    const late = hoursAfter(confirmedAt, 48);

    expect(cancelCharges(perPass, late).map((line) => line.kind)).toEqual([
      'cancellation_credit',
      'cancellation_fee',
    ]);
    expect(cancelCharges(perPass, late, { waiveFee: true }).map((line) => line.kind)).toEqual([
      'cancellation_credit',
    ]);
  });

  it('writes no zero fee, and charges nothing on cancels that cancel no charged pass', () => {
    const noFee = confirmed(terms({ billingBasis: 'per_pass', cancellationFeePercent: 0 }));
    const late = hoursAfter(confirmedAt, 48);

    expect(cancelCharges(noFee, late).map((line) => line.kind)).toEqual(['cancellation_credit']);
    expect(cancelCharges(booking({ chargeTerms: terms({ billingBasis: 'per_pass' }) }), late)).toEqual([]);
    expect(cancelCharges(confirmed(terms()), late)).toEqual([]);
    expect(
      cancelCharges(
        confirmed(terms({ billingBasis: 'per_pass' }), {
          passUse: { usedGuestsCount: 1, usedAt: now.toISOString() },
        }),
        late,
      ),
    ).toEqual([]);
  });

  it('per_visit no-show: the fee share once the pass ran out and an offline scan can no longer arrive', () => {
    const withFee = confirmed(terms({ noShowFeePercent: 50 }));
    const due = noShowDueAt(withFee) ?? '';

    const beforeDue = isUnchargedNoShow(withFee, new Date(Date.parse(due) - 1));
    const atDue = isUnchargedNoShow(withFee, new Date(due));
    const charged = isUnchargedNoShow({ ...withFee, noShowAt: due }, new Date(due));
    const lines = noShowCharges(withFee, new Date(due));

    // valid_until 2030-05-31T09:00Z, plus 72 h and 30 s of scanner clock skew.
    expect(due).toBe('2030-06-03T09:00:30.000Z');
    expect([beforeDue, atDue, charged]).toEqual([false, true, false]);
    expect(summary(lines)).toEqual([['no_show', '22.50', due]]);
  });

  it('writes no no_show line without a fee, nor for per_pass, nor for bookings without a price', () => {
    expect(noShowCharges(confirmed(terms()), now)).toEqual([]);
    expect(noShowCharges(confirmed(terms({ billingBasis: 'per_pass', noShowFeePercent: 50 })), now)).toEqual(
      [],
    );
    expect(confirmCharges(booking({ price: null, chargeTerms: null }), now)).toEqual([]);
    expect(
      redemptionCharges(
        confirmed(terms(), { price: null }),
        { ...redemption, scannedAt: now.toISOString() },
        now,
      ),
    ).toEqual([]);
  });
});
