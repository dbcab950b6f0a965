import type { NewLedgerLine } from '../billing/model.ts';
import type { Ledger } from '../billing/ports.ts';
import { type Money, negate, parseMoney, percentOf } from '../money/money.ts';
import type { BillingBasis } from '../pricing/terms.ts';
import { offlineScanHours, scanClockSkewSeconds } from '../redemptions/model.ts';
import type { StagedWrite } from '../unit-of-work.ts';
import { uuidV7 } from './ids.ts';
import { type Booking, type BookingStatus, serviceLabels } from './model.ts';

/**
 * What each change of a booking charges (docs/billing.md, Booking charges), from the price and charge
 * terms the booking froze at create: no read. A booking without a price (made before prices existed,
 * or of a service without rack prices) charges nothing. Lines of the price itself (`visit`, `pass`,
 * `cancellation_credit`) are written whatever the amount, so a statement counts every visit and pass;
 * fees (`no_show`, `cancellation_fee`) only when above zero.
 */

/** The booking's frozen price when its frozen terms bill on `basis`; undefined when it charges nothing so. */
function priceOn(booking: Booking, basis: BillingBasis): Money | undefined {
  if (booking.price === null || booking.chargeTerms?.billingBasis !== basis) return undefined;
  return parseMoney(booking.price);
}

function line(
  booking: Booking,
  now: Date,
  kind: NewLedgerLine['kind'],
  amount: Money,
  description: string,
  occurredAt: Date = now,
  redemptionId?: string,
): NewLedgerLine {
  return {
    lineId: uuidV7(now),
    accountId: booking.accountId,
    occurredAt: occurredAt.toISOString(),
    kind,
    description: `${serviceLabels[booking.serviceType].noun} booking ${booking.bookingId}: ${description}`,
    amount,
    bookingId: booking.bookingId,
    ...(booking.passId ? { passId: booking.passId } : {}),
    ...(redemptionId ? { redemptionId } : {}),
  };
}

const guests = (count: number) => `${count} guest${count === 1 ? '' : 's'}`;

/** Confirm: a per_pass booking's `pass` line, its price. */
export function confirmCharges(booking: Booking, now: Date): NewLedgerLine[] {
  const price = priceOn(booking, 'per_pass');
  if (!price) return [];
  return [line(booking, now, 'pass', price, `pass for ${guests(booking.guests.length)}`)];
}

/**
 * A Confirmed booking's confirm time: nothing but the confirm changes a Confirmed booking's
 * `updatedAt` (its pass's use keeps it), and cancel moves it on.
 */
const confirmedAt = (booking: Booking) => Date.parse(booking.updatedAt);

/** Whether a cancel at `now` is past the free window: strictly more than the free hours after confirm. */
export function pastFreeCancellation(booking: Booking, now: Date): boolean {
  const hours = booking.chargeTerms?.freeCancellationHours ?? 0;
  return now.getTime() - confirmedAt(booking) > hours * 3_600_000;
}

/**
 * Cancel of a Confirmed, unused per_pass booking: the `cancellation_credit` (minus the price) and,
 * past the free window, the `cancellation_fee` (its share of the price). Anything else charges nothing.
 */
export function cancelCharges(
  booking: Booking,
  now: Date,
  options: { waiveFee?: boolean } = {},
): NewLedgerLine[] {
  const price = priceOn(booking, 'per_pass');
  if (!price || booking.status !== 'Confirmed' || booking.passUse !== null) return [];
  const credit = line(booking, now, 'cancellation_credit', negate(price), 'pass canceled');
  // An employee's cancel on the partner's behalf may waive the fee (docs/support.md).
  if (options.waiveFee || !pastFreeCancellation(booking, now)) return [credit];
  const percent = booking.chargeTerms?.cancellationFeePercent ?? 0;
  const fee = percentOf(price, percent);
  if (fee.minor <= 0n) return [credit];
  const hours = booking.chargeTerms?.freeCancellationHours ?? 0;
  return [
    credit,
    line(booking, now, 'cancellation_fee', fee, `${percent}% fee, canceled over ${hours} h after confirm`),
  ];
}

/**
 * Redemption of a per_visit booking's pass: the `visit` line, its price, when the guests were at the
 * door (`scannedAt`). A Disputed redemption (the booking canceled after an offline scan) charges the
 * visit too: the guests were admitted, and finance sees the redemption Disputed beside the line.
 */
export function redemptionCharges(
  booking: Booking,
  redemption: { redemptionId: string; admittedGuests: number; scannedAt: string },
  now: Date,
): NewLedgerLine[] {
  const price = priceOn(booking, 'per_visit');
  if (!price) return [];
  return [
    line(
      booking,
      now,
      'visit',
      price,
      `visit, ${guests(redemption.admittedGuests)} admitted`,
      new Date(redemption.scannedAt),
      redemption.redemptionId,
    ),
  ];
}

/** A per_visit booking whose pass may still be charged a no-show fee: the no-show index holds it. */
export function noShowFeeApplies(booking: Booking): boolean {
  const price = priceOn(booking, 'per_visit');
  return price !== undefined && percentOf(price, booking.chargeTerms?.noShowFeePercent ?? 0).minor > 0n;
}

/**
 * When a Confirmed pass left unused counts as a no-show: once no offline scan made before it ran out
 * (valid_until) can still reach the service.
 */
export function noShowDueAt(booking: Booking): string | null {
  if (booking.pass === null) return null;
  const graceMs = offlineScanHours * 3_600_000 + scanClockSkewSeconds * 1000;
  return new Date(Date.parse(booking.pass.validUntil) + graceMs).toISOString();
}

/** Whether the booking is a no-show at `now` that has not been charged yet. */
export function isUnchargedNoShow(booking: Booking, now: Date): boolean {
  const due = noShowDueAt(booking);
  return (
    booking.status === 'Confirmed' &&
    booking.passUse === null &&
    booking.noShowAt === null &&
    due !== null &&
    Date.parse(due) <= now.getTime()
  );
}

/** The `no_show` line of a per_visit pass that ran out unused: the fee share, when above zero. */
export function noShowCharges(booking: Booking, now: Date): NewLedgerLine[] {
  const price = priceOn(booking, 'per_visit');
  if (!price) return [];
  const percent = booking.chargeTerms?.noShowFeePercent ?? 0;
  const fee = percentOf(price, percent);
  if (fee.minor <= 0n) return [];
  const validUntil = booking.pass?.validUntil ?? booking.updatedAt;
  return [line(booking, now, 'no_show', fee, `${percent}% no-show fee, pass unused by ${validUntil}`)];
}

/**
 * Which partner actions on which bookings charge, as data the booking store turns into its one-write
 * condition: a confirm or cancel from one of `from`, of a booking with a price and these terms, is not
 * applied directly but staged with its lines (or, for a no-show candidate, its index entry).
 */
export interface ChargedBookings {
  basis: BillingBasis;
  from: readonly BookingStatus[];
  /** Also a per_visit booking whose no-show fee is above zero (confirm puts it into the no-show index). */
  noShowCandidates: boolean;
}

export const chargedByAction: Record<'confirm' | 'cancel', ChargedBookings> = {
  confirm: { basis: 'per_pass', from: ['Issued'], noShowCandidates: true },
  cancel: { basis: 'per_pass', from: ['Confirmed'], noShowCandidates: false },
};

/** The lines a partner's confirm or cancel of `booking` (as read) writes at `now`. */
export function actionCharges(action: 'confirm' | 'cancel', booking: Booking, now: Date): NewLedgerLine[] {
  return action === 'confirm' ? confirmCharges(booking, now) : cancelCharges(booking, now);
}

/** The staged writes of some lines: each line's writes from the ledger, for the change's transaction. */
export function chargeWrites(ledger: Ledger, lines: readonly NewLedgerLine[]): StagedWrite[] {
  return ledger.chargeAll(lines).flatMap((charge) => charge.writes);
}
