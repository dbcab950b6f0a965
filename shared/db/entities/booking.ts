import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import { changeEvents } from '../../domain/booking/events.ts';
import type { Booking, BookingStatus, Guest, ServiceType } from '../../domain/booking/model.ts';
import type {
  BookingChange,
  BookingListQuery,
  BookingStore,
  BookingWithPass,
  HeldBookingKey,
} from '../../domain/booking/ports.ts';
import { bookingConflict } from '../../domain/booking/state.ts';
import { newEvent } from '../../domain/events.ts';
import type { Page } from '../../domain/ports.ts';
import type { StagedWrite } from '../../domain/unit-of-work.ts';
import { batchGetMain } from '../batch-get.ts';
import { ddb } from '../client.ts';
import { decodeCursor, encodeCursor } from '../paging.ts';
import { commitWrites, DynamoUnitOfWork, type DynamoWrite } from '../transaction.ts';
import { eventWrite } from './event.ts';
import { findPass, passFromItem, passKeys, passWrite } from './pass.ts';

/**
 * Booking: pk `ACCOUNT#<account_id>`, sk `BOOKING#<booking_id>`. Every read names the account in the
 * key, so another account's booking is simply absent. Booking ids are UUIDv7, so the sort key orders an
 * account's bookings by creation (list: Query on pk, newest first).
 *
 * While a booking is Issued it also carries gsi1pk `BOOKING_HOLD`, gsi1sk
 * `<hold_expires_at>#<account_id>#<booking_id>`: a sparse index of running holds, oldest first, that the
 * expiry sweep reads up to now. While it is Processing, gsi1pk `BOOKING_PROCESSING`, gsi1sk
 * `<created_at>#<account_id>#<booking_id>`: the recovery sweep finds bookings the processor never
 * issued. Any other status drops the two attributes and so leaves both indexes.
 */
export const bookingKeys = (accountId: string, bookingId: string) => ({
  pk: `ACCOUNT#${accountId}`,
  sk: `BOOKING#${bookingId}`,
});
const bookingPrefix = 'BOOKING#';
const holdPartition = 'BOOKING_HOLD';
const processingPartition = 'BOOKING_PROCESSING';

/** The sparse index entry of a booking in a status some sweep looks for. */
function sweepIndexOf(booking: Booking): { gsi1pk: string; gsi1sk: string } | undefined {
  const tail = `${booking.accountId}#${booking.bookingId}`;
  if (booking.status === 'Issued' && booking.holdExpiresAt !== null) {
    return { gsi1pk: holdPartition, gsi1sk: `${booking.holdExpiresAt}#${tail}` };
  }
  if (booking.status === 'Processing')
    return { gsi1pk: processingPartition, gsi1sk: `${booking.createdAt}#${tail}` };
  return undefined;
}

interface GuestItem {
  first_name: string;
  last_name: string;
  type: Guest['type'];
  lead: boolean;
}

export interface BookingItem {
  pk: string;
  sk: string;
  gsi1pk?: string;
  gsi1sk?: string;
  entity: 'Booking';
  booking_id: string;
  account_id: string;
  service_type: ServiceType;
  service_id: string;
  status: BookingStatus;
  pass_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  calling_code: string | null;
  transport_number: string | null;
  guests: GuestItem[];
  hold_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export function bookingToItem(booking: Booking): BookingItem {
  return {
    ...bookingKeys(booking.accountId, booking.bookingId),
    ...sweepIndexOf(booking),
    entity: 'Booking',
    booking_id: booking.bookingId,
    account_id: booking.accountId,
    service_type: booking.serviceType,
    service_id: booking.serviceId,
    status: booking.status,
    pass_id: booking.passId,
    first_name: booking.firstName,
    last_name: booking.lastName,
    email: booking.email,
    phone: booking.phone,
    calling_code: booking.callingCode,
    transport_number: booking.transportNumber,
    guests: booking.guests.map((guest) => ({
      first_name: guest.firstName,
      last_name: guest.lastName,
      type: guest.type,
      lead: guest.lead,
    })),
    hold_expires_at: booking.holdExpiresAt,
    created_at: booking.createdAt,
    updated_at: booking.updatedAt,
  };
}

export function bookingFromItem(item: Record<string, unknown>): Booking {
  const stored = item as unknown as BookingItem;
  return {
    bookingId: stored.booking_id,
    accountId: stored.account_id,
    serviceType: stored.service_type,
    serviceId: stored.service_id,
    status: stored.status,
    passId: stored.pass_id ?? null,
    firstName: stored.first_name ?? null,
    lastName: stored.last_name ?? null,
    email: stored.email ?? null,
    phone: stored.phone ?? null,
    callingCode: stored.calling_code ?? null,
    transportNumber: stored.transport_number ?? null,
    guests: stored.guests.map((guest) => ({
      firstName: guest.first_name,
      lastName: guest.last_name,
      type: guest.type,
      lead: guest.lead,
    })),
    holdExpiresAt: stored.hold_expires_at ?? null,
    createdAt: stored.created_at,
    updatedAt: stored.updated_at,
  };
}

export async function findBooking(accountId: string, bookingId: string): Promise<Booking | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: config().mainTableName,
      Key: bookingKeys(accountId, bookingId),
      ConsistentRead: true,
    }),
  );
  return Item ? bookingFromItem(Item) : undefined;
}

/** The booking and its pass in ONE BatchGetItem, both strongly consistent like the single reads. */
export async function findBookingWithPass(accountId: string, bookingId: string): Promise<BookingWithPass> {
  const bookingKey = bookingKeys(accountId, bookingId);
  const passKey = passKeys(accountId, bookingId);
  const found = await batchGetMain([bookingKey, passKey], { consistentRead: true });
  const booking = found(bookingKey);
  const pass = found(passKey);
  return {
    booking: booking ? bookingFromItem(booking) : undefined,
    pass: pass ? passFromItem(pass) : undefined,
  };
}

/** The cursor names the last sort key read; the partition always comes from the token. */
const isBookingPosition = (position: Record<string, unknown>): position is { sk: string } =>
  /^BOOKING#[0-9a-f-]{36}$/.test(String(position.sk));

/** Bounds the reads one page may cost when filters skip most items; the cursor then resumes the scan. */
const maxQueriesPerPage = 5;

/**
 * One page of an account's bookings of one service, newest first, optionally of one status. The
 * service and status are filters on the account's partition, so a page can hold fewer than `limit`
 * items while `next_cursor` is not null.
 */
export async function listBookings(
  accountId: string,
  serviceType: ServiceType,
  query: BookingListQuery,
): Promise<Page<Booking>> {
  const pk = bookingKeys(accountId, '').pk;
  let start: Record<string, unknown> | undefined =
    query.cursor === undefined ? undefined : { pk, sk: decodeCursor(query.cursor, isBookingPosition).sk };
  const found: Record<string, unknown>[] = [];
  for (let round = 0; round < maxQueriesPerPage && found.length <= query.limit; round++) {
    const result = await ddb().send(
      new QueryCommand({
        TableName: config().mainTableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        FilterExpression: `service_type = :type${query.status ? ' AND #status = :status' : ''}`,
        ExpressionAttributeValues: {
          ':pk': pk,
          ':prefix': bookingPrefix,
          ':type': serviceType,
          ...(query.status ? { ':status': query.status } : {}),
        },
        ...(query.status ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
        ScanIndexForward: false,
        Limit: query.limit + 1,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    found.push(...(result.Items ?? []));
    start = result.LastEvaluatedKey;
    if (!start) break;
  }
  const items = found.slice(0, query.limit);
  const resumeAfter = found.length > query.limit ? items.at(-1) : start;
  return {
    items: items.map(bookingFromItem),
    nextCursor: typeof resumeAfter?.sk === 'string' ? encodeCursor({ sk: resumeAfter.sk }) : null,
  };
}

/** Keys of a sweep index whose time (the sort key's first part) is at or before `until`, oldest first. */
async function sweepIndexUpTo(partition: string, until: Date, limit: number): Promise<HeldBookingKey[]> {
  const result = await ddb().send(
    new QueryCommand({
      TableName: config().mainTableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :until',
      ExpressionAttributeValues: { ':pk': partition, ':until': `${until.toISOString()}#~` },
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map((item) => {
    const [, accountId = '', bookingId = ''] = String(item.gsi1sk).split('#');
    return { accountId, bookingId };
  });
}

export function endedHolds(now: Date, limit: number): Promise<HeldBookingKey[]> {
  return sweepIndexUpTo(holdPartition, now, limit);
}

export function processingSince(createdBefore: Date, limit: number): Promise<HeldBookingKey[]> {
  return sweepIndexUpTo(processingPartition, createdBefore, limit);
}

/**
 * The writes of a change: the booking (a new item, or the whole new item on the condition that the
 * status is still the one read), the pass, and one outbox event per status that moved, all for one
 * transaction. A lost race becomes the error the state table gives for the status found.
 */
export function bookingChangeWrites(change: BookingChange): DynamoWrite[] {
  const { before, after, now } = change;
  const writes: DynamoWrite[] = [];
  if (before === null || before.status !== after.status || before.passId !== after.passId) {
    writes.push({
      description: `booking ${after.bookingId} ${before?.status ?? 'new'} -> ${after.status}`,
      item: {
        Put: {
          TableName: config().mainTableName,
          Item: bookingToItem(after),
          ConditionExpression: before === null ? 'attribute_not_exists(pk)' : '#status = :expected',
          ...(before === null
            ? {}
            : {
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':expected': before.status },
              }),
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: (oldItem) =>
        bookingConflict(change.action, oldItem ? bookingFromItem(oldItem) : undefined),
    });
  }
  if (change.pass) writes.push(passWrite(change.pass, after, change.action, now));
  for (const event of changeEvents(change)) {
    writes.push(
      eventWrite(
        newEvent({
          accountId: after.accountId,
          type: event.type,
          orderingKey: after.bookingId,
          data: event.data,
          now,
        }),
      ),
    );
  }
  return writes;
}

export const bookingStore: BookingStore = {
  find: findBooking,
  findPass,
  findWithPass: findBookingWithPass,
  list: listBookings,
  endedHolds,
  processingSince,
  writes: bookingChangeWrites,
  commit: (writes: StagedWrite[]) => {
    const uow = new DynamoUnitOfWork();
    uow.stage(...writes);
    return commitWrites(uow.writes);
  },
};
