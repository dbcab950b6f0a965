import { randomUUID } from 'node:crypto';
import type { Scope } from '../../vocabulary/scopes.ts';
import type { Ledger } from '../billing/ports.ts';
import {
  ConcurrentChangeError,
  ConflictError,
  type FieldError,
  NotFoundError,
  ValidationError,
} from '../errors.ts';
import type { DomainEvent } from '../events.ts';
import type { Page } from '../ports.ts';
import { bookingPrice } from '../pricing/prices.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import {
  actionCharges,
  cancelCharges,
  chargedByAction,
  chargeWrites,
  isUnchargedNoShow,
  noShowCharges,
} from './charges.ts';
import { changeEvents } from './events.ts';
import { uuidV7 } from './ids.ts';
import {
  type BookableService,
  type Booking,
  type BookingInfo,
  type ChangeActor,
  type Contact,
  type Guest,
  type IssuedPass,
  type Pass,
  passOf,
  type ServiceType,
  serviceLabels,
} from './model.ts';
import type {
  BookableServices,
  BookingChange,
  BookingListQuery,
  BookingStore,
  ChangeEventOutbox,
  PassSigner,
} from './ports.ts';
import {
  allowedFrom,
  holdEnded,
  nextStatus,
  passAlreadyUsed,
  passNotActive,
  refusal,
  SupersededChangeError,
} from './state.ts';

/** Issued bookings wait this long for the partner's confirmation (docs/booking.md, Asynchronous steps); BOOKING_HOLD_SECONDS overrides it. */
export const defaultHoldSeconds = 30 * 60;
/** The booking request carries no travel date, so a pass is valid for this long from issue. */
export const passValidityDays = 30;

export const bookingScopes: Record<ServiceType, Scope> = {
  Lounge: 'booking.lounges:write',
  FastTrack: 'booking.fast_tracks:write',
};

export interface BookingInput extends Contact {
  serviceId: string;
  guests: Guest[];
}

export interface BookingContext {
  accountId: string;
  serviceType: ServiceType;
  now: Date;
  /** Who acts, for the booking's history: the partner's application unless an employee acts for it. */
  actor?: ChangeActor;
}

export const bookingNotFound = (bookingId: string, serviceType?: ServiceType) =>
  new NotFoundError(
    'BookingNotFound',
    `No ${serviceType ? `${serviceLabels[serviceType].noun} ` : ''}booking ${bookingId}.`,
  );

const requiredFields: Record<BookingInfo, readonly (keyof Contact)[]> = {
  Name: ['firstName', 'lastName'],
  Email: ['email'],
  Phone: ['phone', 'callingCode'],
};

const wireName: Record<keyof Contact, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  callingCode: 'calling_code',
  transportNumber: 'transport_number',
};

/** The guest data the service asks for (its `required_booking_info`) must be present. */
export function missingBookingInfo(service: BookableService, input: Contact): FieldError[] {
  return service.requiredBookingInfo.flatMap((info) =>
    requiredFields[info]
      .filter((field) => input[field] === null)
      .map((field) => ({
        path: `body.${wireName[field]}`,
        message: `Required: this ${serviceLabels[service.serviceType].noun} asks for ${info} (required_booking_info).`,
      })),
  );
}

/**
 * Create: the service must be bookable by the account and its required guest data present; the new
 * booking is priced (each guest at the account's net price of its type) with the contract's charge
 * terms frozen beside the price, staged as Processing (with its event) and issued later by the
 * stream processor.
 */
export async function createBooking(
  deps: { store: BookingStore; services: BookableServices; uow: UnitOfWork },
  context: BookingContext,
  input: BookingInput,
): Promise<Booking> {
  const { accountId, serviceType, now } = context;
  const service = await deps.services.find(accountId, serviceType, input.serviceId);
  if (!service) {
    throw new NotFoundError(
      'CatalogResourceNotFound',
      `No ${serviceLabels[serviceType].noun} ${input.serviceId} in your catalog.`,
    );
  }
  const missing = missingBookingInfo(service, input);
  if (missing.length > 0) {
    throw new ValidationError('The booking lacks guest data this service requires.', missing);
  }
  const at = now.toISOString();
  const booking: Booking = {
    ...input,
    bookingId: uuidV7(now),
    accountId,
    serviceType,
    status: 'Processing',
    passId: null,
    pass: null,
    passUse: null,
    holdExpiresAt: null,
    price: service.unitPrices ? bookingPrice(service.unitPrices, input.guests) : null,
    chargeTerms: service.chargeTerms,
    noShowAt: null,
    createdAt: at,
    updatedAt: at,
  };
  deps.uow.stage(
    ...deps.store.writes({
      action: 'create',
      before: null,
      after: booking,
      now,
      ...(context.actor ? { actor: context.actor } : {}),
    }),
  );
  return booking;
}

/** One booking of the account, on the path of its own service; anything else is the same 404. */
export async function findBooking(
  store: BookingStore,
  accountId: string,
  serviceType: ServiceType,
  bookingId: string,
): Promise<Booking> {
  const booking = await store.find(accountId, bookingId);
  if (!booking || booking.serviceType !== serviceType) throw bookingNotFound(bookingId, serviceType);
  return booking;
}

export function listBookings(
  store: BookingStore,
  accountId: string,
  serviceType: ServiceType,
  query: BookingListQuery,
): Promise<Page<Booking>> {
  return store.list(accountId, serviceType, query);
}

function statusChange(
  booking: Booking,
  action: 'confirm' | 'cancel' | 'expire',
  now: Date,
  actor?: ChangeActor,
): BookingChange {
  const after: Booking = { ...booking, status: nextStatus[action], updatedAt: now.toISOString() };
  return { action, before: booking, after, now, ...(actor ? { actor } : {}) };
}

/**
 * Records an expiry now (not at the end of the request): the hold ended, so the booking is Expired
 * whatever the caller's request turns out to be. Losing to another change (a cancel, the sweep) is fine.
 */
async function expire(store: BookingStore, booking: Booking, now: Date): Promise<void> {
  try {
    await store.commit(store.writes(statusChange(booking, 'expire', now)));
  } catch (error) {
    if (!(error instanceof SupersededChangeError)) throw error;
  }
}

/**
 * How a confirm or cancel commits. `direct`: one conditional write that decides and answers at once
 * (one round trip). `staged`: read, decide, and stage the conditional write in the request's unit of
 * work, for a request whose answer commits with its idempotency record in one transaction (the record
 * holds the answer, which needs the booking before the write).
 */
export type ChangeMode = 'direct' | 'staged';

/**
 * Confirm or cancel, by the state table (shared/domain/booking/state.ts). An Issued booking whose hold
 * has ended is expired on the spot and the action refused as on any expired booking. The change is
 * conditional on the status it starts from, so of two racing requests exactly one commits. A change
 * that charges (charges.ts) is staged with its ledger lines, in the same transaction; the direct write
 * leaves such a booking alone and answers it as found, so the staged path takes it from there.
 */
export async function changeBooking(
  deps: { store: BookingStore; ledger: Ledger; uow: UnitOfWork },
  context: BookingContext,
  bookingId: string,
  action: 'confirm' | 'cancel',
  mode: ChangeMode = 'direct',
): Promise<Booking> {
  const { store } = deps;
  let booking: Booking;
  if (mode === 'direct') {
    const outcome = await store.applyPartnerAction({
      accountId: context.accountId,
      bookingId,
      serviceType: context.serviceType,
      from: allowedFrom(action),
      to: nextStatus[action],
      now: context.now,
      ...(context.actor ? { actor: context.actor } : {}),
      charged: chargedByAction[action],
    });
    if (outcome.applied) return outcome.booking;
    const { found } = outcome;
    if (!found || found.serviceType !== context.serviceType)
      throw bookingNotFound(bookingId, context.serviceType);
    booking = found;
  } else {
    booking = await findBooking(store, context.accountId, context.serviceType, bookingId);
  }
  const refused = await refusalBefore(store, context, action, booking);
  if (refused) throw refused;
  const change = statusChange(booking, action, context.now, context.actor);
  // Here too after a direct write that left the booking alone without a refusal: one this action
  // charges, or one the condition keeps out more broadly than the charges (a no-show fee on a price
  // of zero). Staged, the change is conditional on the status read, so it is right either way.
  const lines = actionCharges(action, booking, context.now);
  deps.uow.stage(...store.writes(change), ...chargeWrites(deps.ledger, lines));
  return change.after;
}

/**
 * An employee's cancel on the partner's behalf (docs/support.md): the partner's cancel rules on the
 * booking as it is, staged in the request's unit of work with the audit record, and recorded in the
 * booking's history with the employee, the reason and whether the cancellation fee is waived. Its
 * events are the partner's own cancel's: the processor publishes them from the change.
 */
export async function cancelOnBehalf(
  deps: { store: BookingStore; ledger: Ledger; uow: UnitOfWork },
  booking: Booking,
  change: { employeeId: string; reason: string; waiveFee: boolean; now: Date },
): Promise<Booking> {
  const context: BookingContext = {
    accountId: booking.accountId,
    serviceType: booking.serviceType,
    now: change.now,
  };
  const refused = await refusalBefore(deps.store, context, 'cancel', booking);
  if (refused) throw refused;
  const staged: BookingChange = {
    ...statusChange(booking, 'cancel', change.now, { type: 'employee', id: change.employeeId }),
    reason: change.reason,
    waiveFee: change.waiveFee,
  };
  const lines = cancelCharges(booking, change.now, { waiveFee: change.waiveFee });
  deps.uow.stage(...deps.store.writes(staged), ...chargeWrites(deps.ledger, lines));
  return staged.after;
}

/** Why the action may not proceed on the booking as it is (expiring it when its hold ended), if it may not. */
async function refusalBefore(
  store: BookingStore,
  context: BookingContext,
  action: 'confirm' | 'cancel',
  booking: Booking,
): Promise<Error | undefined> {
  if (holdEnded(booking, context.now)) {
    await expire(store, booking, context.now);
    return refusal(action, { ...booking, status: 'Expired' });
  }
  if (action === 'cancel' && booking.passUse !== null) return passAlreadyUsed(booking);
  return refusal(action, booking);
}

/**
 * The pass of a booking, read with it in one strongly consistent read. The booking is looked up
 * whatever the path, so a pass asked on the other service's path is a PassServiceTypeMismatch rather
 * than a 404.
 */
export async function findPass(
  store: Pick<BookingStore, 'find'>,
  context: BookingContext,
  bookingId: string,
): Promise<Pass> {
  const booking = await store.find(context.accountId, bookingId);
  if (!booking) throw bookingNotFound(bookingId);
  if (booking.serviceType !== context.serviceType) {
    throw new ConflictError(
      'PassServiceTypeMismatch',
      `Booking ${bookingId} is a ${serviceLabels[booking.serviceType].noun} booking: ask for its pass under /v2/b2b/booking/${serviceLabels[booking.serviceType].segment}/.`,
      { details: { service_type: booking.serviceType } },
    );
  }
  const pass = passOf(booking);
  if (!pass) throw passNotActive(booking, undefined);
  return pass;
}

/**
 * Processor step: the events of one change of a booking, from the booking before and after it (its
 * stream record's images), published once. `changeId` names the change (the item carries it), so a
 * record delivered twice publishes the same events, which the outbox then ignores.
 */
export async function publishChangeEvents(
  outbox: ChangeEventOutbox,
  change: { before: Booking | null; after: Booking; changeId: string; changedAt: string },
): Promise<number> {
  const { before, after, changeId, changedAt } = change;
  const events: DomainEvent[] = changeEvents(before, after, changeId).map((event) => ({
    id: event.id,
    accountId: after.accountId,
    type: event.type,
    timestamp: changedAt,
    orderingKey: after.bookingId,
    data: event.data,
  }));
  if (events.length > 0) await outbox.publish(events);
  return events.length;
}

/**
 * Processor step: Processing -> Issued. Creates the pass (signed QR payload), starts the hold and
 * commits both with their events, on the condition that the booking is still Processing, so a stream
 * record delivered twice, or a booking canceled meanwhile, changes nothing.
 */
export async function issuePass(
  deps: { store: BookingStore; signer: PassSigner; holdSeconds: number },
  booking: Booking,
  now: Date,
): Promise<'issued' | 'skipped'> {
  if (booking.status !== 'Processing') return 'skipped';
  const at = now.toISOString();
  const unsigned = {
    passId: randomUUID(),
    bookingId: booking.bookingId,
    accountId: booking.accountId,
    serviceType: booking.serviceType,
    serviceId: booking.serviceId,
    guestsCount: booking.guests.length,
    validFrom: at,
    validUntil: new Date(now.getTime() + passValidityDays * 86_400_000).toISOString(),
  };
  const pass: IssuedPass = {
    passId: unsigned.passId,
    guestsCount: unsigned.guestsCount,
    validFrom: unsigned.validFrom,
    validUntil: unsigned.validUntil,
    token: await deps.signer.sign(unsigned),
    createdAt: at,
  };
  const after: Booking = {
    ...booking,
    status: 'Issued',
    passId: pass.passId,
    pass,
    holdExpiresAt: new Date(now.getTime() + deps.holdSeconds * 1000).toISOString(),
    updatedAt: at,
  };
  try {
    await deps.store.commit(deps.store.writes({ action: 'issue', before: booking, after, now }));
    return 'issued';
  } catch (error) {
    if (error instanceof SupersededChangeError) return 'skipped';
    throw error;
  }
}

/** Sweeper step: every Issued booking whose hold has ended becomes Expired, with its pass. */
export async function expireEndedHolds(store: BookingStore, now: Date, batchSize = 100): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await store.endedHolds(now, batchSize);
    let progress = 0;
    for (const key of due) {
      const booking = await store.find(key.accountId, key.bookingId);
      if (!booking || !holdEnded(booking, now)) continue;
      await expire(store, booking, now);
      progress++;
    }
    expired += progress;
    // A batch with nothing to do is index lag (entries of bookings already moved on): the next run retries.
    if (due.length < batchSize || progress === 0) return expired;
  }
}

/**
 * Sweeper step: every Confirmed per_visit booking whose pass ran out unused (noShowDueAt: its
 * valid_until plus the time an offline scan may take to arrive) gets its `no_show` line, committed with
 * the booking's no-show mark on the condition that the booking is still Confirmed, its pass unused and
 * not yet charged: once, whatever re-runs or races with a late redemption or a cancel.
 */
export async function chargeNoShows(
  deps: { store: BookingStore; ledger: Ledger },
  now: Date,
  batchSize = 100,
): Promise<number> {
  let charged = 0;
  for (;;) {
    const due = await deps.store.noShowsDue(now, batchSize);
    let progress = 0;
    for (const key of due) {
      const booking = await deps.store.find(key.accountId, key.bookingId);
      if (!booking || !isUnchargedNoShow(booking, now)) continue;
      if (await chargeNoShow(deps, booking, now)) charged++;
      progress++;
    }
    // As for holds: a batch with nothing to do is index lag, which the next run sees settled.
    if (due.length < batchSize || progress === 0) return charged;
  }
}

async function chargeNoShow(
  deps: { store: BookingStore; ledger: Ledger },
  booking: Booking,
  now: Date,
): Promise<boolean> {
  const after: Booking = { ...booking, noShowAt: now.toISOString() };
  // A second attempt when the line's month closed meanwhile: the ledger learnt it, the line goes to the open month.
  for (let attempt = 1; ; attempt++) {
    const writes = [
      ...deps.store.writes({ action: 'no_show', before: booking, after, now }),
      ...chargeWrites(deps.ledger, noShowCharges(booking, now)),
    ];
    try {
      await deps.store.commit(writes);
      return true;
    } catch (error) {
      if (error instanceof SupersededChangeError) return false;
      if (!(error instanceof ConcurrentChangeError) || attempt >= 2) throw error;
    }
  }
}

/** A booking still Processing this long after its creation was missed by the processor: the sweep issues it. */
export const stuckProcessingSeconds = 2 * 60;

/**
 * Recovery sweep step (docs/reliability.md): a booking the stream processor never issued (a record it
 * gave up on, a consumer that was down past the stream's retention) is issued here, by the same
 * conditional step, so a booking the processor issues meanwhile is left as it is. Oldest first, in
 * batches; the bound keeps the sweep away from bookings the processor is still about to issue.
 */
export async function issueStuckBookings(
  deps: { store: BookingStore; signer: PassSigner; holdSeconds: number },
  now: Date,
  options: { stuckSeconds?: number; batchSize?: number } = {},
): Promise<{ issued: number; checked: number }> {
  const { stuckSeconds = stuckProcessingSeconds, batchSize = 100 } = options;
  const createdBefore = new Date(now.getTime() - stuckSeconds * 1000);
  let issued = 0;
  let checked = 0;
  for (;;) {
    const stuck = await deps.store.processingSince(createdBefore, batchSize);
    let progress = 0;
    for (const key of stuck) {
      checked++;
      const booking = await deps.store.find(key.accountId, key.bookingId);
      if (booking?.status !== 'Processing') continue;
      if ((await issuePass(deps, booking, now)) === 'issued') issued++;
      progress++;
    }
    // As for holds: a batch with nothing to do is index lag, which the next run sees settled.
    if (stuck.length < batchSize || progress === 0) return { issued, checked };
  }
}
