import type { MoneyAmount } from '../money/money.ts';
import type { GuestPrices } from '../pricing/prices.ts';
import type { ChargeTerms } from '../pricing/terms.ts';

/**
 * Lounge and fast-track bookings and their passes (docs/booking.md). A booking is created
 * `Processing`, issued asynchronously (the pass exists from then on), confirmed by the partner before
 * its hold expires, and canceled or expired otherwise.
 */
export const serviceTypes = ['Lounge', 'FastTrack'] as const;
export type ServiceType = (typeof serviceTypes)[number];

export const bookingStatuses = ['Processing', 'Issued', 'Confirmed', 'Canceled', 'Expired'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export const passStatuses = ['Issued', 'Active', 'Used', 'Canceled', 'Expired'] as const;
export type PassStatus = (typeof passStatuses)[number];

export const guestTypes = ['Adult', 'Child', 'Infant'] as const;
export type GuestType = (typeof guestTypes)[number];

export const bookingInfo = ['Name', 'Email', 'Phone'] as const;
export type BookingInfo = (typeof bookingInfo)[number];

export interface Guest {
  firstName: string;
  lastName: string;
  type: GuestType;
  lead: boolean;
}

export interface Contact {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  callingCode: string | null;
  transportNumber: string | null;
}

/** What the pass of a booking is once issued; it never changes (its status follows the booking). */
export interface IssuedPass {
  passId: string;
  guestsCount: number;
  validFrom: string;
  validUntil: string;
  /** The signed QR payload (shared/pki/pass-signing.ts); handed out only once the pass is Active. */
  token: string;
  createdAt: string;
}

/** The sandbox recorded the pass as used at the lounge or lane. */
export interface PassUse {
  usedGuestsCount: number;
  usedAt: string;
}

export interface Booking extends Contact {
  bookingId: string;
  accountId: string;
  serviceType: ServiceType;
  /** The lounge or fast-track booked. */
  serviceId: string;
  status: BookingStatus;
  /** Set when the pass is issued. */
  passId: string | null;
  /**
   * The pass, kept with its booking (one item, one read, one conditional write for both). Null until
   * issued. Its status is not stored: it follows the booking's (passStatusOf).
   */
  pass: IssuedPass | null;
  passUse: PassUse | null;
  guests: Guest[];
  /** Set when the booking is issued: the partner must confirm before this instant. */
  holdExpiresAt: string | null;
  /**
   * Each guest at the account's net unit price of its type, frozen at create (docs/billing.md). Null
   * for bookings made before prices existed and for a service without rack prices.
   */
  price: MoneyAmount | null;
  /** The contract's charge terms as they were at create, for the ledger's later lines; null before prices existed. */
  chargeTerms: ChargeTerms | null;
  /**
   * When the sweep charged this Confirmed per_visit booking's unused pass as a no-show (docs/billing.md);
   * null otherwise. Partners do not see it: the booking stays Confirmed and its pass Active.
   */
  noShowAt: string | null;
  createdAt: string;
  updatedAt: string;
  /**
   * Every status change recorded with the change itself, oldest first (absent on bookings read from
   * items written before history was recorded, and on bookings built in memory).
   */
  history?: readonly StatusChange[];
}

/** Who moved a booking: the partner's application, an employee on the partner's behalf, or the service. */
export interface ChangeActor {
  type: 'application' | 'employee' | 'service';
  /** The client id or the employee's subject; absent for the service's own steps. */
  id?: string;
}

/** One status change, as recorded in the write that made it. */
export interface StatusChange {
  at: string;
  /**
   * The status it left: absent when the writer did not read it (a partner's one-write confirm or
   * cancel), in which case it is the previous entry's `to`; null for the creation.
   */
  from?: BookingStatus | null;
  to: BookingStatus;
  actor: ChangeActor;
  /** An employee's reason (cancel on the partner's behalf). */
  reason?: string;
  /** An employee's cancel that waives the contract's cancellation fee: the ledger charges none. */
  waiveFee?: boolean;
}

export interface Pass {
  passId: string;
  bookingId: string;
  accountId: string;
  serviceType: ServiceType;
  serviceId: string;
  status: PassStatus;
  guestsCount: number;
  usedGuestsCount: number | null;
  validFrom: string;
  validUntil: string;
  /** The signed QR payload (shared/pki/pass-signing.ts); handed out only once the pass is Active. */
  token: string;
  createdAt: string;
  updatedAt: string;
}

/** A lounge or fast-track as booking sees it: only what decides whether and how it can be booked. */
export interface BookableService {
  serviceType: ServiceType;
  id: string;
  requiredBookingInfo: readonly BookingInfo[];
  /** The account's net price per guest type; undefined when the service has no rack prices. */
  unitPrices: GuestPrices | undefined;
  /** The account's contract terms that later charges of a booking depend on. */
  chargeTerms: ChargeTerms;
}

/** Path segment and wording per service, for messages. */
export const serviceLabels: Record<ServiceType, { segment: string; noun: string }> = {
  Lounge: { segment: 'lounges', noun: 'lounge' },
  FastTrack: { segment: 'fast-tracks', noun: 'fast-track' },
};

/**
 * The status of a booking's pass, which follows the booking: Issued while the booking waits for its
 * confirmation, Active once confirmed (Used once the sandbox recorded its use), Canceled or Expired
 * with the booking; null while no pass exists.
 */
export function passStatusOf(booking: Pick<Booking, 'status' | 'pass' | 'passUse'>): PassStatus | null {
  if (booking.pass === null) return null;
  if (booking.passUse !== null) return 'Used';
  const byBooking: Record<BookingStatus, PassStatus | null> = {
    Processing: null,
    Issued: 'Issued',
    Confirmed: 'Active',
    Canceled: 'Canceled',
    Expired: 'Expired',
  };
  return byBooking[booking.status];
}

/** The pass of a booking as partners read it, or undefined while none was issued. */
export function passOf(booking: Booking): Pass | undefined {
  const { pass } = booking;
  const status = passStatusOf(booking);
  if (pass === null || status === null) return undefined;
  return {
    ...pass,
    bookingId: booking.bookingId,
    accountId: booking.accountId,
    serviceType: booking.serviceType,
    serviceId: booking.serviceId,
    status,
    usedGuestsCount: booking.passUse?.usedGuestsCount ?? null,
    // Its status last moved with the booking, or when it was used.
    updatedAt: booking.passUse?.usedAt ?? booking.updatedAt,
  };
}

/**
 * Whether an employee canceled the booking on the partner's behalf waiving the contract's cancellation
 * fee (docs/support.md): the ledger then charges none for the cancel.
 */
export function cancellationFeeWaived(booking: Pick<Booking, 'history'>): boolean {
  return booking.history?.some((change) => change.to === 'Canceled' && change.waiveFee === true) ?? false;
}
