import { randomUUID } from 'node:crypto';
import type { Ledger } from '../billing/ports.ts';
import { chargeWrites, redemptionCharges } from '../booking/charges.ts';
import { type Booking, type IssuedPass, passStatusOf } from '../booking/model.ts';
import type { BookingStore } from '../booking/ports.ts';
import { type ApiError, ConflictError, ValidationError } from '../errors.ts';
import type { Page, PageRequest } from '../ports.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import {
  offlineScanHours,
  type PassAtTheDoor,
  type PassRefusal,
  type Redemption,
  type RedemptionStatus,
  scanClockSkewSeconds,
} from './model.ts';
import type {
  PassToken,
  PassTokens,
  RedemptionStore,
  VenueAuthority,
  VenueRedemptionsQuery,
} from './ports.ts';

export { offlineScanHours, scanClockSkewSeconds } from './model.ts';

export interface RedemptionDeps {
  tokens: PassTokens;
  bookings: Pick<BookingStore, 'findByPass' | 'writes'>;
  venues: VenueAuthority;
  redemptions: Pick<RedemptionStore, 'create'>;
  ledger: Ledger;
  uow: UnitOfWork;
}

export interface VerifyInput {
  venueId: string;
  qr: string;
  now: Date;
}

export interface RedeemInput extends VerifyInput {
  deviceId: string;
  admittedGuests: number;
  /** When the pass was scanned; now when the scanner was online. */
  scannedAt?: Date | undefined;
}

const notAPass = () =>
  new ValidationError('The QR code is not a pass of this service.', [
    { path: 'body.qr', message: 'Not a pass of this service: its signature, type or content is not valid.' },
  ]);

/** Says nothing of the pass beyond what the venue scanned: no guests, no booking. */
const notValidHere = (token: PassToken) =>
  new ConflictError(
    'PassNotValidHere',
    `This venue does not operate the ${token.serviceType} of this pass.`,
    {
      details: { service_type: token.serviceType, item_id: token.serviceId },
    },
  );

const refusalMessages: Record<PassRefusal, (booking: Booking) => string> = {
  PassNotReady: () => 'The pass is not confirmed yet: its booking is not Confirmed.',
  PassAlreadyUsed: (booking) => `The pass was already redeemed at ${booking.passUse?.usedAt}.`,
  PassCanceled: () => 'The booking of this pass was canceled.',
  PassExpired: (booking) =>
    booking.status === 'Expired'
      ? 'The booking of this pass expired unconfirmed.'
      : `The pass is valid from ${booking.pass?.validFrom} until ${booking.pass?.validUntil}.`,
};

/** The 409 a refusal answers; PassAlreadyUsed names when. */
export function refusalError(refusal: PassRefusal, booking: Booking): ConflictError {
  return new ConflictError(refusal, refusalMessages[refusal](booking), {
    details: {
      pass_id: booking.passId,
      ...(refusal === 'PassAlreadyUsed' ? { redeemed_at: booking.passUse?.usedAt } : {}),
    },
  });
}

/**
 * The outcome of a redemption of this pass scanned at `scannedAt`, on the booking as it is now: a
 * refusal, or the status the redemption is recorded with. A booking canceled after the scan was made
 * (an offline scan that reached the service late) is Disputed, not refused: the guests were admitted.
 */
export function outcomeAt(
  booking: Booking,
  scannedAt: Date,
): { refusal: PassRefusal } | { status: RedemptionStatus; pass: IssuedPass } {
  const { pass } = booking;
  if (booking.passUse !== null) return { refusal: 'PassAlreadyUsed' };
  if (pass === null || booking.status === 'Processing' || booking.status === 'Issued')
    return { refusal: 'PassNotReady' };
  if (booking.status === 'Expired') return { refusal: 'PassExpired' };
  const skew = scanClockSkewSeconds * 1000;
  const at = scannedAt.getTime();
  if (at + skew < Date.parse(pass.validFrom) || at - skew > Date.parse(pass.validUntil))
    return { refusal: 'PassExpired' };
  if (booking.status === 'Canceled')
    return Date.parse(booking.updatedAt) > at ? { status: 'Disputed', pass } : { refusal: 'PassCanceled' };
  return { status: 'Accepted', pass };
}

/** The pass a venue scanned, with its booking: 422 when it is not a pass, 409 when not one of the venue's. */
async function scannedPass(
  deps: Pick<RedemptionDeps, 'tokens' | 'bookings' | 'venues'>,
  venueId: string,
  qr: string,
): Promise<{ token: PassToken; booking: Booking }> {
  const token = await deps.tokens.read(qr);
  if (!token) throw notAPass();
  // Before the booking is read: a venue learns nothing of a pass it does not operate.
  if (!(await deps.venues.operates(venueId, token.serviceType, token.serviceId))) throw notValidHere(token);
  const booking = await deps.bookings.findByPass(token.passId);
  // Signed by our key but unknown here (another stage's pass): as good as a forged one.
  if (booking?.pass?.passId !== token.passId) throw notAPass();
  return { token, booking };
}

/** Verify: the pass as the door sees it, and whether a redemption now would be accepted. */
export async function verifyPass(
  deps: Pick<RedemptionDeps, 'tokens' | 'bookings' | 'venues'>,
  input: VerifyInput,
): Promise<PassAtTheDoor> {
  const { token, booking } = await scannedPass(deps, input.venueId, input.qr);
  const outcome = outcomeAt(booking, input.now);
  const status = passStatusOf(booking);
  if (status === null || booking.pass === null) throw new Error('A pass found by its id has no status');
  return {
    passId: booking.pass.passId,
    bookingId: booking.bookingId,
    serviceType: booking.serviceType,
    itemId: token.serviceId,
    status,
    guestsCount: booking.pass.guestsCount,
    usedGuestsCount: booking.passUse?.usedGuestsCount ?? null,
    validFrom: booking.pass.validFrom,
    validUntil: booking.pass.validUntil,
    transportNumber: booking.transportNumber,
    guests: booking.guests,
    // A redemption now is made online: the booking's cancel cannot come after it, so never Disputed.
    refusal: 'refusal' in outcome ? outcome.refusal : null,
  };
}

/** 422 unless the scan is at most offlineScanHours old and not ahead of the service's clock. */
function checkScannedAt(scannedAt: Date, now: Date): void {
  const age = now.getTime() - scannedAt.getTime();
  if (age < -scanClockSkewSeconds * 1000) {
    throw new ValidationError('scanned_at is in the future.', [
      { path: 'body.scanned_at', message: 'Must not be later than now.' },
    ]);
  }
  if (age > offlineScanHours * 3_600_000) {
    throw new ValidationError(`scanned_at is more than ${offlineScanHours} hours ago.`, [
      { path: 'body.scanned_at', message: `Must be within the last ${offlineScanHours} hours.` },
    ]);
  }
}

export interface RedeemBooking {
  booking: Booking;
  venueId: string;
  deviceId: string | null;
  itemId: string;
  admittedGuests: number;
  scannedAt: Date;
  now: Date;
  /** Where in the request the guest count was sent, for the 422. */
  admittedField: string;
  /** The error a refusal answers (the sandbox keeps its contract's PassNotReady). */
  refuse: (refusal: PassRefusal, booking: Booking) => ApiError;
}

/**
 * The redemption core, shared by the venue API and the sandbox. Primary course: the pass is Active and
 * unused, the guests within its count; the redemption (one per pass: its condition) and the pass's use
 * (conditional on the booking still Confirmed and unused) are staged in the request's ONE transaction.
 * A pass canceled after an offline scan is recorded Disputed, the booking left as it is. A lost race on
 * the booking runs the request again on a fresh read (ConcurrentChangeError from the booking's write),
 * so the answer is the refusal of the pass as it then is. A per_visit booking's `visit` line is staged
 * in the same transaction.
 */
export function redeemBooking(
  deps: Pick<RedemptionDeps, 'redemptions' | 'ledger' | 'uow'> & { bookings: Pick<BookingStore, 'writes'> },
  input: RedeemBooking,
): Redemption {
  const { booking, scannedAt, now } = input;
  const outcome = outcomeAt(booking, scannedAt);
  if ('refusal' in outcome) throw input.refuse(outcome.refusal, booking);
  const { pass } = outcome;
  const { guestsCount } = pass;
  if (input.admittedGuests < 1 || input.admittedGuests > guestsCount) {
    throw new ValidationError("The guests admitted are outside the pass's guest count.", [
      { path: input.admittedField, message: `Must be between 1 and ${guestsCount}.` },
    ]);
  }
  const redemption: Redemption = {
    redemptionId: randomUUID(),
    passId: pass.passId,
    bookingId: booking.bookingId,
    accountId: booking.accountId,
    serviceType: booking.serviceType,
    itemId: input.itemId,
    venueId: input.venueId,
    deviceId: input.deviceId,
    admittedGuests: input.admittedGuests,
    scannedAt: scannedAt.toISOString(),
    recordedAt: now.toISOString(),
    status: outcome.status,
  };
  const taken = (existing: Redemption | undefined) =>
    input.refuse('PassAlreadyUsed', {
      ...booking,
      passUse: { usedGuestsCount: existing?.admittedGuests ?? 0, usedAt: existing?.scannedAt ?? '' },
    });
  // The redemption first: of two racing redeems, the loser is answered by the redemption it met.
  deps.uow.stage(...deps.redemptions.create(redemption, taken));
  if (outcome.status === 'Accepted') {
    const after: Booking = {
      ...booking,
      passUse: { usedGuestsCount: input.admittedGuests, usedAt: redemption.scannedAt },
    };
    deps.uow.stage(...deps.bookings.writes({ action: 'use', before: booking, after, now }));
  }
  // A per_visit booking's visit line, in the same transaction: one line per redemption, as there is one
  // redemption per pass (docs/billing.md; a Disputed one too: the guests were admitted).
  deps.uow.stage(...chargeWrites(deps.ledger, redemptionCharges(booking, redemption, now)));
  return redemption;
}

/** Redeem at a venue's door (docs/redemptions.md): verify's checks, then the redemption core. */
export async function redeemPass(deps: RedemptionDeps, input: RedeemInput): Promise<Redemption> {
  const scannedAt = input.scannedAt ?? input.now;
  checkScannedAt(scannedAt, input.now);
  const { token, booking } = await scannedPass(deps, input.venueId, input.qr);
  return redeemBooking(deps, {
    booking,
    venueId: input.venueId,
    deviceId: input.deviceId,
    itemId: token.serviceId,
    admittedGuests: input.admittedGuests,
    scannedAt,
    now: input.now,
    admittedField: 'body.admitted_guests',
    refuse: refusalError,
  });
}

export function listVenueRedemptions(
  store: Pick<RedemptionStore, 'listOfVenue'>,
  venueId: string,
  query: VenueRedemptionsQuery,
): Promise<Page<Redemption>> {
  return store.listOfVenue(venueId, query);
}

/** For employees: redemptions that need a look, newest first (only Disputed). */
export function listDisputedRedemptions(
  store: Pick<RedemptionStore, 'listByStatus'>,
  page: PageRequest,
): Promise<Page<Redemption>> {
  return store.listByStatus('Disputed', page);
}
