import { ConcurrentChangeError, ConflictError } from '../errors.ts';
import type { Booking, BookingStatus, PassStatus } from './model.ts';

/** What moves a booking; `issue` and `expire` are the service's own steps, the rest the partner's. */
export type BookingAction = 'create' | 'issue' | 'confirm' | 'cancel' | 'expire';
/** `use`: a redemption; `no_show`: the sweep charges a pass left unused (the booking stays Confirmed). */
export type PassAction = 'use' | 'no_show';

const alreadyCanceled = (booking: Booking) =>
  new ConflictError(
    'BookingAlreadyCanceled',
    booking.status === 'Expired'
      ? `Booking ${booking.bookingId} expired: it was not confirmed before its hold ended.`
      : `Booking ${booking.bookingId} is canceled.`,
    { details: { status: booking.status } },
  );

const alreadyConfirmed = (booking: Booking) =>
  new ConflictError('BookingAlreadyConfirmed', `Booking ${booking.bookingId} is already confirmed.`, {
    details: { status: booking.status },
  });

const passNotReady = (booking: Booking) =>
  new ConflictError(
    'PassNotReady',
    `The pass of booking ${booking.bookingId} is still being issued; confirm once the booking is Issued.`,
    { details: { status: booking.status } },
  );

type Rule = ((booking: Booking) => Error) | 'allowed';

/** The state table of the contract (docs/booking.md, States): for each partner action and status, allowed or the 409 to answer. */
export const partnerRules: Record<'confirm' | 'cancel', Record<BookingStatus, Rule>> = {
  confirm: {
    Processing: passNotReady,
    Issued: 'allowed',
    Confirmed: alreadyConfirmed,
    Canceled: alreadyCanceled,
    Expired: alreadyCanceled,
  },
  cancel: {
    Processing: 'allowed',
    Issued: 'allowed',
    Confirmed: 'allowed',
    Canceled: alreadyCanceled,
    Expired: alreadyCanceled,
  },
};

export const nextStatus: Record<Exclude<BookingAction, 'create'>, BookingStatus> = {
  issue: 'Issued',
  confirm: 'Confirmed',
  cancel: 'Canceled',
  expire: 'Expired',
};

/** An Issued booking whose hold has ended is Expired, whether or not the sweep has recorded it yet. */
export function holdEnded(booking: Booking, now: Date): boolean {
  return (
    booking.status === 'Issued' &&
    booking.holdExpiresAt !== null &&
    Date.parse(booking.holdExpiresAt) <= now.getTime()
  );
}

/** The statuses a partner action may start from: the write's condition (the state table's "allowed"). */
export function allowedFrom(action: 'confirm' | 'cancel'): BookingStatus[] {
  return (Object.entries(partnerRules[action]) as [BookingStatus, Rule][])
    .filter(([, rule]) => rule === 'allowed')
    .map(([status]) => status);
}

/** The refusal for a partner action on the booking as it is, or undefined when the action may proceed. */
export function refusal(action: 'confirm' | 'cancel', booking: Booking): Error | undefined {
  const rule = partnerRules[action][booking.status];
  return rule === 'allowed' ? undefined : rule(booking);
}

/**
 * A background step (issue, expire) found the booking already moved on: nothing left to do. Callers
 * treat it as done, which also makes a redelivered stream record harmless.
 */
export class SupersededChangeError extends Error {
  constructor(readonly found: BookingStatus | PassStatus | undefined) {
    super(`The booking or pass changed before this step committed (found ${found ?? 'nothing'})`);
    this.name = 'SupersededChangeError';
  }
}

/** A cancel of a confirmed booking whose pass was already used at the lounge or lane. */
export const passAlreadyUsed = (booking: Booking) =>
  new ConflictError(
    'BookingAlreadyConfirmed',
    `Booking ${booking.bookingId} cannot be canceled: its pass was already used.`,
    { details: { status: booking.status, pass_status: 'Used' } },
  );

/**
 * A conditional write lost a race: the booking was no longer as the action decided on it. The answer
 * comes from the booking found, so the loser of two confirms, or of a confirm and a cancel, gets the
 * 409 that status calls for. A cancel that lost to a confirm is refused rather than replayed on the
 * confirmed booking: the partner decided on a booking that no longer exists in that state.
 */
export function bookingConflict(action: BookingAction | PassAction, found: Booking | undefined): Error {
  if (action === 'use') {
    // The redemption use case decides again on a fresh read: the pass used meanwhile, canceled (before
    // or after an offline scan), each has its own answer (shared/domain/redemptions/service.ts).
    return found
      ? new ConcurrentChangeError('The pass changed while this redemption was recorded; retry it.')
      : new SupersededChangeError(undefined);
  }
  if (action !== 'confirm' && action !== 'cancel') return new SupersededChangeError(found?.status);
  // Bookings are never deleted; a vanished one is a fault, not a conflict to explain.
  if (!found) return new SupersededChangeError(undefined);
  if (action === 'cancel' && found.passUse !== null) return passAlreadyUsed(found);
  const refused = refusal(action, found);
  if (refused) return refused;
  if (found.status === 'Confirmed') {
    return new ConflictError(
      'BookingAlreadyConfirmed',
      `Booking ${found.bookingId} was confirmed while this request was in flight; send cancel again to cancel the confirmed booking.`,
      { details: { status: found.status } },
    );
  }
  // The service itself moved the booking on (Processing -> Issued): not the partner's conflict.
  return new ConcurrentChangeError('The booking changed state while this request was processed; retry it.');
}

export function passNotActive(booking: Booking, status: PassStatus | undefined): ConflictError {
  return new ConflictError(
    'PassNotReady',
    status === undefined
      ? booking.status === 'Processing'
        ? `The pass of booking ${booking.bookingId} is still being issued.`
        : `Booking ${booking.bookingId} became ${booking.status} before a pass was issued.`
      : `The pass of booking ${booking.bookingId} is ${status}; only an Active pass (a confirmed booking) can be used.`,
    { details: { status: booking.status, ...(status ? { pass_status: status } : {}) } },
  );
}
