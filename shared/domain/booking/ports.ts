import type { DomainEvent } from '../events.ts';
import type { Page, PageRequest } from '../ports.ts';
import type { StagedWrite } from '../unit-of-work.ts';
import type { ChargedBookings } from './charges.ts';
import type { BookableService, Booking, BookingStatus, ChangeActor, Pass, ServiceType } from './model.ts';
import type { BookingAction, PassAction } from './state.ts';

/**
 * One change of a booking: as the action read it and as it leaves it. The store turns it into one
 * conditional write of the booking's item (the status read must still hold). Its events are not
 * written with it: the item's stream record carries the change, and the processor publishes them
 * (publishChangeEvents in service.ts).
 */
export interface BookingChange {
  action: BookingAction | PassAction;
  /** null when the booking is created. */
  before: Booking | null;
  after: Booking;
  now: Date;
  /** Who made it, recorded in the booking's history with a status change; the service when absent. */
  actor?: ChangeActor;
  /** An employee's reason and fee waiver, recorded with the change (cancel on the partner's behalf). */
  reason?: string;
  waiveFee?: boolean;
}

/**
 * A partner's confirm or cancel decided by the write itself: the booking moves to `to` on the
 * condition that it is of `serviceType`, in one of the `from` statuses, not past a running hold, and
 * its pass was not used.
 */
export interface PartnerAction {
  accountId: string;
  bookingId: string;
  serviceType: ServiceType;
  from: readonly BookingStatus[];
  to: BookingStatus;
  now: Date;
  actor?: ChangeActor;
  /**
   * The bookings this action charges (charges.ts): the write does not apply to them, and answers them
   * as found, so the caller stages the change with its ledger lines in one transaction.
   */
  charged: ChargedBookings;
}

/** The booking as the action left it, or, when its condition failed, the booking as it was found. */
export type PartnerActionOutcome =
  | { applied: true; booking: Booking }
  | { applied: false; found: Booking | undefined };

export interface BookingListQuery extends PageRequest {
  status?: BookingStatus | undefined;
}

export interface HeldBookingKey {
  accountId: string;
  bookingId: string;
}

/** Booking storage (shared/db/entities/booking.ts). Every read is keyed by the account: tenant isolation. */
export interface BookingStore {
  /** The booking with its pass: one strongly consistent read. */
  find(accountId: string, bookingId: string): Promise<Booking | undefined>;
  /** The booking of a pass, from the pass id alone (a scanned QR names no account). */
  findByPass(passId: string): Promise<Booking | undefined>;
  /** Newest first. */
  list(accountId: string, serviceType: ServiceType, query: BookingListQuery): Promise<Page<Booking>>;
  /** Issued bookings whose hold ended at or before `now`, soonest first. */
  endedHolds(now: Date, limit: number): Promise<HeldBookingKey[]>;
  /** Bookings still Processing that were created at or before `createdBefore`, oldest first. */
  processingSince(createdBefore: Date, limit: number): Promise<HeldBookingKey[]>;
  /** Confirmed bookings with a no-show fee whose no-show time (noShowDueAt) is at or before `now`, soonest first. */
  noShowsDue(now: Date, limit: number): Promise<HeldBookingKey[]>;
  /** The write of a change, conditional on the status it was decided on. */
  writes(change: BookingChange): StagedWrite[];
  /** Commits writes now, outside an HTTP request (the processor, the sweeper, an expiry found late). */
  commit(writes: StagedWrite[]): Promise<void>;
  /** One round trip: the conditional write, answering the new booking or the one it found. */
  applyPartnerAction(action: PartnerAction): Promise<PartnerActionOutcome>;
}

/** Where the processor publishes the events of a change (the outbox items the webhook pipeline reads). */
export interface ChangeEventOutbox {
  /** Writes the events once: publishing the same events again (a redelivered record) changes nothing. */
  publish(events: readonly DomainEvent[]): Promise<void>;
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
