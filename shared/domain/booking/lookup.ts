import { NotFoundError, ValidationError } from '../errors.ts';
import type { Page, PageRequest } from '../ports.ts';
import type { Booking, BookingStatus, ServiceType, StatusChange } from './model.ts';

/**
 * A traveller field as the lookup indexes hold it and a search compares it: trimmed, each run of
 * whitespace one space, lower case (locale-independent). " DOE " finds "Doe"; "Do" does not (exact
 * match after normalisation, docs/support.md).
 */
export function normaliseTravellerField(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The traveller fields a booking is found by, each served by its own index (docs/capacity.md). */
export const travellerFields = ['email', 'transportNumber', 'lastName'] as const;
export type TravellerField = (typeof travellerFields)[number];

/** An employee's search of bookings across accounts (GET /api/v1/admin/bookings). */
export interface AdminBookingQuery extends PageRequest {
  accountId?: string | undefined;
  status?: BookingStatus | undefined;
  serviceType?: ServiceType | undefined;
  email?: string | undefined;
  lastName?: string | undefined;
  transportNumber?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
}

/**
 * Where a search reads: the index of one traveller field, the most selective given (email, then
 * transport number, then last name), else the account's partition. Both are ordered by creation, so
 * the creation range bounds the read; every other filter is applied to the bookings read.
 */
export type BookingSearchSource =
  | { kind: 'traveller'; field: TravellerField; value: string }
  | { kind: 'account'; accountId: string };

export interface BookingSearchPlan {
  source: BookingSearchSource;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  /** Every filter of the query, normalised: the store keeps the bookings this accepts. */
  matches(booking: Booking): boolean;
}

const lookupFilters = ['account_id', 'email', 'last_name', 'transport_number'] as const;

/**
 * The plan of a search, or 422 when it names no account and no traveller field: a search by status,
 * service or creation date alone would read every account's bookings (no index serves it).
 */
export function planBookingSearch(query: AdminBookingQuery): BookingSearchPlan {
  const normalised: Partial<Record<TravellerField, string>> = {};
  for (const field of travellerFields) {
    const value = query[field];
    if (value !== undefined) normalised[field] = normaliseTravellerField(value);
  }
  const field = travellerFields.find((name) => normalised[name]);
  if (!field && query.accountId === undefined) {
    throw new ValidationError('Name an account or a traveller field to search bookings by.', [
      { path: 'query', message: `At least one of ${lookupFilters.join(', ')} is required.` },
    ]);
  }
  if (query.createdFrom && query.createdTo && Date.parse(query.createdFrom) > Date.parse(query.createdTo)) {
    throw new ValidationError('created_from is after created_to.', [
      { path: 'query.created_from', message: 'Must not be after created_to.' },
    ]);
  }
  const instant = (value: string | undefined) =>
    value === undefined ? undefined : new Date(value).toISOString();
  const createdFrom = instant(query.createdFrom);
  const createdTo = instant(query.createdTo);
  const source: BookingSearchSource = field
    ? { kind: 'traveller', field, value: normalised[field] ?? '' }
    : { kind: 'account', accountId: query.accountId ?? '' };
  return {
    source,
    createdFrom,
    createdTo,
    matches: (booking) =>
      (query.accountId === undefined || booking.accountId === query.accountId) &&
      (query.status === undefined || booking.status === query.status) &&
      (query.serviceType === undefined || booking.serviceType === query.serviceType) &&
      (createdFrom === undefined || booking.createdAt >= createdFrom) &&
      (createdTo === undefined || booking.createdAt <= createdTo) &&
      travellerFields.every((name) => {
        const wanted = normalised[name];
        const value = booking[name];
        return wanted === undefined || (value !== null && normaliseTravellerField(value) === wanted);
      }),
  };
}

/** The reads an employee's support tools make of bookings of any account (shared/db/entities/booking.ts). */
export interface BookingLookup {
  /** The booking of that id in whichever account holds it. */
  findById(bookingId: string): Promise<Booking | undefined>;
  /** Newest first; a page may hold fewer than `limit` bookings while `nextCursor` is not null. */
  search(plan: BookingSearchPlan, page: PageRequest): Promise<Page<Booking>>;
}

export function searchBookings(lookup: BookingLookup, query: AdminBookingQuery): Promise<Page<Booking>> {
  return lookup.search(planBookingSearch(query), { limit: query.limit, cursor: query.cursor });
}

export async function findAnyBooking(lookup: BookingLookup, bookingId: string): Promise<Booking> {
  const booking = await lookup.findById(bookingId);
  if (!booking) throw new NotFoundError('BookingNotFound', `No booking ${bookingId}.`);
  return booking;
}

/** A status change as the support tools show it: `from` filled in, `actor` null where unknown. */
export interface StatusChangeRecord extends Omit<StatusChange, 'from' | 'actor'> {
  from: BookingStatus | null;
  actor: StatusChange['actor'] | null;
}

/**
 * The booking's story. A change written without `from` left the previous entry's `to`. A booking
 * created before history was recorded shows its creation and, when it has moved since, its current
 * status at its last update, with the status left and the actor unknown (null).
 */
export function historyOf(booking: Booking): StatusChangeRecord[] {
  const recorded = booking.history ?? [];
  const entries: StatusChangeRecord[] = recorded.map((change, index) => ({
    ...change,
    from: change.from !== undefined ? change.from : (recorded[index - 1]?.to ?? null),
  }));
  if (recorded[0]?.from === null) return entries;
  const created: StatusChangeRecord = { at: booking.createdAt, from: null, to: 'Processing', actor: null };
  if (entries.length > 0) return [created, ...entries];
  if (booking.status === 'Processing') return [created];
  return [created, { at: booking.updatedAt, from: null, to: booking.status, actor: null }];
}
