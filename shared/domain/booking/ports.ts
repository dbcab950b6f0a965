import type { Page, PageRequest } from '../ports.ts';
import type { StagedWrite } from '../unit-of-work.ts';
import type { BookableService, Booking, BookingStatus, Pass, PassStatus, ServiceType } from './model.ts';
import type { BookingAction, PassAction } from './state.ts';

export type PassChange =
  | { kind: 'create'; pass: Pass }
  | { kind: 'status'; passId: string; from: PassStatus; to: PassStatus; usedGuestsCount?: number };

/**
 * One state change: the booking as the action read it and as it leaves it, and what happens to the
 * pass. The store turns it into conditional writes (the status read must still hold) plus its events.
 */
export interface BookingChange {
  action: BookingAction | PassAction;
  /** null when the booking is created. */
  before: Booking | null;
  /** Equal to `before` when only the pass changes. */
  after: Booking;
  pass?: PassChange;
  now: Date;
}

export interface BookingListQuery extends PageRequest {
  status?: BookingStatus | undefined;
}

export interface HeldBookingKey {
  accountId: string;
  bookingId: string;
}

export interface BookingWithPass {
  booking: Booking | undefined;
  pass: Pass | undefined;
}

/** Booking storage (shared/db/entities/booking.ts). Every read is keyed by the account: tenant isolation. */
export interface BookingStore {
  find(accountId: string, bookingId: string): Promise<Booking | undefined>;
  findPass(accountId: string, bookingId: string): Promise<Pass | undefined>;
  /**
   * The booking and its pass in one round trip, each read strongly consistent, but not as of one
   * instant: the pass may be read just before the transaction that issued it.
   */
  findWithPass(accountId: string, bookingId: string): Promise<BookingWithPass>;
  /** Newest first. */
  list(accountId: string, serviceType: ServiceType, query: BookingListQuery): Promise<Page<Booking>>;
  /** Issued bookings whose hold ended at or before `now`, soonest first. */
  endedHolds(now: Date, limit: number): Promise<HeldBookingKey[]>;
  /** Bookings still Processing that were created at or before `createdBefore`, oldest first. */
  processingSince(createdBefore: Date, limit: number): Promise<HeldBookingKey[]>;
  /** The writes of a change, conditional on the statuses it was decided on, with its events. */
  writes(change: BookingChange): StagedWrite[];
  /** Commits writes now, outside an HTTP request (the processor, the sweeper, an expiry found late). */
  commit(writes: StagedWrite[]): Promise<void>;
}

/** Signs a pass's QR payload (shared/pki/pass-signing.ts). */
export interface PassSigner {
  sign(pass: Omit<Pass, 'token' | 'status' | 'usedGuestsCount' | 'createdAt' | 'updatedAt'>): Promise<string>;
}

/**
 * The catalog, narrowed to booking's question: the service when it exists, is active and is in the
 * account's contract; undefined otherwise (one 404 for all three). Implemented over the catalog's own
 * port by bookable-services.ts.
 */
export interface BookableServices {
  find(accountId: string, serviceType: ServiceType, serviceId: string): Promise<BookableService | undefined>;
}
