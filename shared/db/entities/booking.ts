import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { config } from '../../config/env.ts';
import { noShowDueAt, noShowFeeApplies } from '../../domain/booking/charges.ts';
import {
  type BookingLookup,
  type BookingSearchPlan,
  normaliseTravellerField,
  type TravellerField,
} from '../../domain/booking/lookup.ts';
import type {
  Booking,
  BookingStatus,
  ChangeActor,
  Guest,
  ServiceType,
  StatusChange,
} from '../../domain/booking/model.ts';
import type {
  BookingChange,
  BookingListQuery,
  BookingStore,
  HeldBookingKey,
  PartnerAction,
  PartnerActionOutcome,
} from '../../domain/booking/ports.ts';
import { bookingConflict } from '../../domain/booking/state.ts';
import type { MoneyAmount } from '../../domain/money/money.ts';
import type { Page, PageRequest } from '../../domain/ports.ts';
import type { ChargeTerms } from '../../domain/pricing/terms.ts';
import type { StagedWrite } from '../../domain/unit-of-work.ts';
import { batchGetMain } from '../batch-get.ts';
import { ddb } from '../client.ts';
import { decodeCursor, encodeCursor } from '../paging.ts';
import { commitWrites, DynamoUnitOfWork, type DynamoWrite } from '../transaction.ts';
import { accountPartition } from './account.ts';

/**
 * Booking: pk `ACCOUNT#<account_id>`, sk `BOOKING#<booking_id>`. Every read names the account in the
 * key, so another account's booking is simply absent. Booking ids are UUIDv7, so the sort key orders an
 * account's bookings by creation (list: Query on pk, newest first). The pass lives in the same item
 * (`pass`, and `pass_used_*` once used): one read answers the pass, one conditional write changes the
 * booking and its pass together.
 *
 * Every change the service makes sets `change_id` (a new UUID) and `changed_at`: the item's stream
 * record then carries the change, and the processor publishes its events (docs/booking.md, Events).
 * A write that does not move `change_id` publishes nothing.
 *
 * While a booking is Issued it also carries sweep_pk `BOOKING_HOLD#<shard>`, sweep_sk
 * `<hold_expires_at>#<account_id>#<booking_id>`: a sparse entry in the keys-only `sweeps` index of
 * running holds, oldest first, that the expiry sweep reads up to now. While it is Processing, sweep_pk
 * `BOOKING_PROCESSING#<shard>`, sweep_sk `<created_at>#<account_id>#<booking_id>`: the recovery sweep
 * finds bookings the processor never issued; while a no-show is due, `BOOKING_NO_SHOW#<shard>`. Any
 * other status drops the two attributes and so leaves the index. Keys only, because the sweeps read
 * only the keys: an entry costs one write unit where a copy of the whole booking cost three
 * (docs/capacity.md). Every booking enters and leaves each sweep once, so one key per sweep would
 * take about a thousand index writes a second at 10,000 requests a second: each key is spread over
 * `sweepShards` shards by the booking id, and each sweep reads them all. Bookings written before the
 * index carry the same keys as gsi1pk/gsi1sk until `npm run migrate:booking-sweeps` moves them
 * (docs/deploy.md); every write of a booking drops those.
 */
export const bookingKeys = (accountId: string, bookingId: string) => ({
  pk: accountPartition(accountId),
  sk: `BOOKING#${bookingId}`,
});
const bookingPrefix = 'BOOKING#';

/**
 * The pass's reference to its booking: pk `PASS#<pass_id>`, sk `PASS`, written with the issue. A
 * scanned QR names the pass and the booking but not the account, which the booking's key needs.
 */
export const passReferencePartitionPrefix = 'PASS#';
export const passRefKeys = (passId: string) => ({
  pk: `${passReferencePartitionPrefix}${passId}`,
  sk: 'PASS',
});

export interface PassRefItem {
  pk: string;
  sk: string;
  entity: 'PassRef';
  pass_id: string;
  booking_id: string;
  account_id: string;
}
/** Shards of each sweep index's key: each takes a sixteenth of the index writes. */
export const sweepShards = 16;

function shardOf(bookingId: string): number {
  let hash = 0;
  for (const character of bookingId) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return hash % sweepShards;
}

/** sweep_pk prefixes of the sweeps' entries in the `sweeps` index. */
export const holdPartitionPrefix = 'BOOKING_HOLD#';
export const processingPartitionPrefix = 'BOOKING_PROCESSING#';
export const noShowPartitionPrefix = 'BOOKING_NO_SHOW#';

/** The hold index key of a booking: the same shard for the same booking, whatever writes it. */
export function holdPartition(bookingId: string): string {
  return `${holdPartitionPrefix}${shardOf(bookingId)}`;
}

/** The Processing index key of a booking, sharded the same way. */
export function processingPartition(bookingId: string): string {
  return `${processingPartitionPrefix}${shardOf(bookingId)}`;
}

/** The sparse index entry of a booking in a status some sweep looks for. */
function sweepIndexOf(booking: Booking): { sweep_pk: string; sweep_sk: string } | undefined {
  const tail = `${booking.accountId}#${booking.bookingId}`;
  if (booking.status === 'Issued' && booking.holdExpiresAt !== null) {
    return { sweep_pk: holdPartition(booking.bookingId), sweep_sk: `${booking.holdExpiresAt}#${tail}` };
  }
  if (booking.status === 'Processing')
    return { sweep_pk: processingPartition(booking.bookingId), sweep_sk: `${booking.createdAt}#${tail}` };
  const noShowDue = noShowDueAt(booking);
  if (
    booking.status === 'Confirmed' &&
    booking.passUse === null &&
    booking.noShowAt === null &&
    noShowDue !== null &&
    noShowFeeApplies(booking)
  ) {
    return {
      sweep_pk: `${noShowPartitionPrefix}${shardOf(booking.bookingId)}`,
      sweep_sk: `${noShowDue}#${tail}`,
    };
  }
  return undefined;
}

/**
 * The support tools' lookups (docs/support.md, docs/capacity.md): four sparse, keys-only indexes, each
 * keyed by one attribute every booking write sets and sorted by `lookup_sk` `<created_at>#<booking_id>`:
 * `bookingsById` (`booking_ref` `BOOKING_REF#<booking_id>`: a booking from its id alone), and one per
 * traveller field, its value normalised (normaliseTravellerField): `bookingsByEmail` (`email_key`
 * `BOOKING_EMAIL#<email>`), `bookingsByLastName` (`last_name_key` `BOOKING_LAST_NAME#<last name>`),
 * `bookingsByTransport` (`transport_key` `BOOKING_TRANSPORT#<transport number>`). A field the booking
 * lacks leaves it out of that index. Keys only: a status change moves no index key and so writes no
 * index; a search reads the keys, then the bookings.
 */
export const bookingLookupIndexes = {
  id: { indexName: 'bookingsById', attribute: 'booking_ref', prefix: 'BOOKING_REF#' },
  email: { indexName: 'bookingsByEmail', attribute: 'email_key', prefix: 'BOOKING_EMAIL#' },
  lastName: { indexName: 'bookingsByLastName', attribute: 'last_name_key', prefix: 'BOOKING_LAST_NAME#' },
  transportNumber: {
    indexName: 'bookingsByTransport',
    attribute: 'transport_key',
    prefix: 'BOOKING_TRANSPORT#',
  },
} as const satisfies Record<TravellerField | 'id', { indexName: string; attribute: string; prefix: string }>;
export const bookingLookupSortKey = 'lookup_sk';
/** Index partition key prefixes of the lookups (infra/table-keys.ts: the support tools read them). */
export const bookingLookupPartitionPrefixes = Object.values(bookingLookupIndexes).map(
  (index) => index.prefix,
);

/** The lookup index attributes of a booking: what every Put of its item sets, and the backfill adds. */
export function bookingLookupAttributes(booking: Booking): Record<string, string> {
  const attributes: Record<string, string> = {
    [bookingLookupIndexes.id.attribute]: `${bookingLookupIndexes.id.prefix}${booking.bookingId}`,
    [bookingLookupSortKey]: `${booking.createdAt}#${booking.bookingId}`,
  };
  for (const field of ['email', 'lastName', 'transportNumber'] as const) {
    const value = booking[field];
    const normalised = value === null ? '' : normaliseTravellerField(value);
    const index = bookingLookupIndexes[field];
    if (normalised !== '') attributes[index.attribute] = `${index.prefix}${normalised}`;
  }
  return attributes;
}

interface StatusChangeItem {
  at: string;
  from?: BookingStatus | null;
  to: BookingStatus;
  actor: { type: ChangeActor['type']; id?: string };
  reason?: string;
  waive_fee?: boolean;
}

function statusChangeToItem(change: StatusChange): StatusChangeItem {
  return {
    at: change.at,
    ...(change.from !== undefined ? { from: change.from } : {}),
    to: change.to,
    actor: { type: change.actor.type, ...(change.actor.id !== undefined ? { id: change.actor.id } : {}) },
    ...(change.reason !== undefined ? { reason: change.reason } : {}),
    ...(change.waiveFee !== undefined ? { waive_fee: change.waiveFee } : {}),
  };
}

function statusChangeFromItem(item: StatusChangeItem): StatusChange {
  return {
    at: item.at,
    ...(item.from !== undefined ? { from: item.from } : {}),
    to: item.to,
    actor: { type: item.actor.type, ...(item.actor.id !== undefined ? { id: item.actor.id } : {}) },
    ...(item.reason !== undefined ? { reason: item.reason } : {}),
    ...(item.waive_fee !== undefined ? { waiveFee: item.waive_fee } : {}),
  };
}

/** The history entry of a change that moves the status; none for a pass's use. */
function historyEntryOf(change: BookingChange, at: string): StatusChange | undefined {
  if (change.action === 'use') return undefined;
  return {
    at,
    from: change.before?.status ?? null,
    to: change.after.status,
    actor: change.actor ?? { type: 'service' },
    ...(change.reason !== undefined ? { reason: change.reason } : {}),
    ...(change.waiveFee !== undefined ? { waiveFee: change.waiveFee } : {}),
  };
}

/** Appends one entry to the item's history (an item written before history was recorded has none). */
const appendHistory = 'history = list_append(if_not_exists(history, :no_history), :history_entry)';

interface GuestItem {
  first_name: string;
  last_name: string;
  type: Guest['type'];
  lead: boolean;
}

interface PassItem {
  pass_id: string;
  guests_count: number;
  valid_from: string;
  valid_until: string;
  token: string;
  created_at: string;
}

interface ChargeTermsItem {
  billing_basis: ChargeTerms['billingBasis'];
  free_cancellation_hours: number;
  cancellation_fee_percent: number;
  no_show_fee_percent: number;
}

export interface BookingItem {
  pk: string;
  sk: string;
  /** The sweeps' keys (sweepIndexOf). */
  sweep_pk?: string;
  sweep_sk?: string;
  entity: 'Booking';
  booking_id: string;
  account_id: string;
  service_type: ServiceType;
  service_id: string;
  status: BookingStatus;
  pass_id: string | null;
  pass?: PassItem;
  /** Present once the pass was redeemed (conditions test its absence). */
  pass_used_guests_count?: number;
  pass_used_at?: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  calling_code: string | null;
  transport_number: string | null;
  guests: GuestItem[];
  hold_expires_at: string | null;
  /** Frozen at create; absent on bookings made before prices existed or of a service without prices. */
  price?: MoneyAmount;
  /** The contract's charge terms at create (absent before prices existed), for the ledger's later lines. */
  charge_terms?: ChargeTermsItem;
  /** Present once the sweep charged the unused pass as a no-show (conditions test its absence). */
  no_show_at?: string;
  created_at: string;
  updated_at: string;
  /** Every status change since history was recorded, oldest first, each written with its change. */
  history?: StatusChangeItem[];
  /** Set by an employee's cancel that waives the cancellation fee: the ledger charges none. */
  cancel_fee_waived?: boolean;
  /** The lookup indexes' keys (bookingLookupAttributes). */
  booking_ref?: string;
  lookup_sk?: string;
  email_key?: string;
  last_name_key?: string;
  transport_key?: string;
  /** The last change the service made, and when: what the processor publishes events for. */
  change_id: string;
  changed_at: string;
}

/** The item of a booking as one change leaves it. */
export function bookingToItem(booking: Booking, change: { id: string; at: string }): BookingItem {
  return {
    ...bookingKeys(booking.accountId, booking.bookingId),
    ...sweepIndexOf(booking),
    ...bookingLookupAttributes(booking),
    entity: 'Booking',
    booking_id: booking.bookingId,
    account_id: booking.accountId,
    service_type: booking.serviceType,
    service_id: booking.serviceId,
    status: booking.status,
    pass_id: booking.passId,
    ...(booking.pass
      ? {
          pass: {
            pass_id: booking.pass.passId,
            guests_count: booking.pass.guestsCount,
            valid_from: booking.pass.validFrom,
            valid_until: booking.pass.validUntil,
            token: booking.pass.token,
            created_at: booking.pass.createdAt,
          },
        }
      : {}),
    ...(booking.passUse
      ? {
          pass_used_guests_count: booking.passUse.usedGuestsCount,
          pass_used_at: booking.passUse.usedAt,
        }
      : {}),
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
    ...(booking.price ? { price: { amount: booking.price.amount, currency: booking.price.currency } } : {}),
    ...(booking.chargeTerms
      ? {
          charge_terms: {
            billing_basis: booking.chargeTerms.billingBasis,
            free_cancellation_hours: booking.chargeTerms.freeCancellationHours,
            cancellation_fee_percent: booking.chargeTerms.cancellationFeePercent,
            no_show_fee_percent: booking.chargeTerms.noShowFeePercent,
          },
        }
      : {}),
    ...(booking.noShowAt ? { no_show_at: booking.noShowAt } : {}),
    created_at: booking.createdAt,
    updated_at: booking.updatedAt,
    ...(booking.history ? { history: booking.history.map(statusChangeToItem) } : {}),
    change_id: change.id,
    changed_at: change.at,
  };
}

export function bookingFromItem(item: Record<string, unknown>): Booking {
  const stored = item as unknown as BookingItem;
  const pass = stored.pass;
  return {
    bookingId: stored.booking_id,
    accountId: stored.account_id,
    serviceType: stored.service_type,
    serviceId: stored.service_id,
    status: stored.status,
    passId: stored.pass_id ?? null,
    pass: pass
      ? {
          passId: pass.pass_id,
          guestsCount: pass.guests_count,
          validFrom: pass.valid_from,
          validUntil: pass.valid_until,
          token: pass.token,
          createdAt: pass.created_at,
        }
      : null,
    passUse:
      stored.pass_used_guests_count === undefined
        ? null
        : {
            usedGuestsCount: stored.pass_used_guests_count,
            usedAt: stored.pass_used_at ?? stored.updated_at,
          },
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
    price: stored.price ? { amount: stored.price.amount, currency: stored.price.currency } : null,
    chargeTerms: stored.charge_terms
      ? {
          billingBasis: stored.charge_terms.billing_basis,
          freeCancellationHours: stored.charge_terms.free_cancellation_hours,
          cancellationFeePercent: stored.charge_terms.cancellation_fee_percent,
          noShowFeePercent: stored.charge_terms.no_show_fee_percent,
        }
      : null,
    noShowAt: stored.no_show_at ?? null,
    createdAt: stored.created_at,
    updatedAt: stored.updated_at,
    ...(stored.history ? { history: stored.history.map(statusChangeFromItem) } : {}),
  };
}

/** The change a stored item last recorded, if the service wrote it (older items carry none). */
export function changeOfItem(item: Record<string, unknown>): { id: string; at: string } | undefined {
  const { change_id: id, changed_at: at } = item as Partial<BookingItem>;
  return typeof id === 'string' && typeof at === 'string' ? { id, at } : undefined;
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

/** Two strongly consistent reads: the pass's reference, then its booking. */
export async function findBookingByPass(passId: string): Promise<Booking | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: config().mainTableName, Key: passRefKeys(passId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const ref = Item as PassRefItem;
  return findBooking(ref.account_id, ref.booking_id);
}

/** The reference of a pass to its booking (the only writers: the issue, and the one-off backfill). */
export function passRefItem(ref: { passId: string; bookingId: string; accountId: string }): PassRefItem {
  return {
    ...passRefKeys(ref.passId),
    entity: 'PassRef',
    pass_id: ref.passId,
    booking_id: ref.bookingId,
    account_id: ref.accountId,
  };
}

/** The issue writes the pass's reference with it; nothing changes it afterwards. */
function passRefWrite(booking: Booking): DynamoWrite[] {
  if (!booking.pass) return [];
  const item = passRefItem({ ...booking, passId: booking.pass.passId });
  return [
    {
      description: `pass ${booking.pass.passId} reference`,
      item: { Put: { TableName: config().mainTableName, Item: item } },
    },
  ];
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

/**
 * The indexes the sweeps read: `sweeps`, and gsi1 where bookings written before it still carry the
 * keys until the migration moved them (docs/deploy.md). Drop the gsi1 row once it has run everywhere.
 */
const sweepIndexes = [
  { indexName: 'sweeps', partitionKey: 'sweep_pk', sortKey: 'sweep_sk' },
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
] as const;

/**
 * Keys of a sharded sweep whose time (the sort key's first part) is at or before `until`, oldest
 * first: every shard of every sweep index read up to `until`, merged.
 */
async function sweepIndexUpTo(prefix: string, until: Date, limit: number): Promise<HeldBookingKey[]> {
  const shards = await Promise.all(
    sweepIndexes.flatMap((index) =>
      Array.from({ length: sweepShards }, async (_, shard) => {
        const result = await ddb().send(
          new QueryCommand({
            TableName: config().mainTableName,
            IndexName: index.indexName,
            KeyConditionExpression: '#pk = :pk AND #sk <= :until',
            ExpressionAttributeNames: { '#pk': index.partitionKey, '#sk': index.sortKey },
            ExpressionAttributeValues: { ':pk': `${prefix}#${shard}`, ':until': `${until.toISOString()}#~` },
            ProjectionExpression: '#sk',
            Limit: limit,
          }),
        );
        return (result.Items ?? []).map((item) => String(item[index.sortKey]));
      }),
    ),
  );
  return [...new Set(shards.flat())]
    .sort()
    .slice(0, limit)
    .map((sortKey) => {
      const [, accountId = '', bookingId = ''] = sortKey.split('#');
      return { accountId, bookingId };
    });
}

/** Issued bookings whose hold ended, soonest first. */
export function endedHolds(now: Date, limit: number): Promise<HeldBookingKey[]> {
  return sweepIndexUpTo('BOOKING_HOLD', now, limit);
}

/** Bookings still Processing that were created at or before `createdBefore`, oldest first. */
export function processingSince(createdBefore: Date, limit: number): Promise<HeldBookingKey[]> {
  return sweepIndexUpTo('BOOKING_PROCESSING', createdBefore, limit);
}

/** Confirmed per_visit bookings with a no-show fee whose pass's no-show time came, soonest first. */
export function noShowsDue(now: Date, limit: number): Promise<HeldBookingKey[]> {
  return sweepIndexUpTo('BOOKING_NO_SHOW', now, limit);
}

const newChange = (now: Date) => ({ id: randomUUID(), at: now.toISOString() });

/** Leaving a swept status takes the booking out of the sweeps (and out of gsi1, where it was before). */
const leaveHoldIndex = 'REMOVE sweep_pk, sweep_sk, gsi1pk, gsi1sk';
/** Entering a sweep drops the keys a booking written before the `sweeps` index carried in gsi1. */
const leaveLegacyIndex = 'REMOVE gsi1pk, gsi1sk';

/**
 * The one write of a change, conditional on what it was decided on: a new item (create), the whole
 * issued item on the condition that the booking is still Processing (issue), the status on the
 * condition that it is still the one read (confirm, cancel, expire: the staged path), or the pass's
 * use on the condition that the booking is Confirmed and the pass unused. A lost race becomes the
 * error the state table gives for the booking found.
 */
export function bookingChangeWrite(change: BookingChange): DynamoWrite {
  const { action, before, after, now } = change;
  const table = config().mainTableName;
  const onConditionFailed = (oldItem: Record<string, unknown> | undefined) =>
    bookingConflict(action, oldItem ? bookingFromItem(oldItem) : undefined);
  const description = `booking ${after.bookingId} ${action}: ${before?.status ?? 'new'} -> ${after.status}`;
  const key = bookingKeys(after.accountId, after.bookingId);
  const changed = newChange(now);
  const entry = historyEntryOf(change, changed.at);
  if (before === null || action === 'issue') {
    const history = [...(before?.history ?? []), ...(entry ? [entry] : [])];
    return {
      description,
      item: {
        Put: {
          TableName: table,
          Item: bookingToItem({ ...after, history }, changed),
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
      onConditionFailed,
    };
  }
  if (action === 'no_show') {
    // No change_id: partners read nothing new (the booking stays Confirmed, its pass Active), so the
    // stream record publishes no event. The condition makes the charge once, whatever re-runs.
    return {
      description,
      item: {
        Update: {
          TableName: table,
          Key: key,
          UpdateExpression: `SET no_show_at = :at ${leaveHoldIndex}`,
          ConditionExpression:
            '#status = :confirmed AND attribute_not_exists(pass_used_guests_count) AND attribute_not_exists(no_show_at)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':at': after.noShowAt ?? changed.at, ':confirmed': 'Confirmed' },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed,
    };
  }
  if (action === 'use') {
    return {
      description,
      item: {
        Update: {
          TableName: table,
          Key: key,
          // A used pass leaves the no-show index.
          UpdateExpression: `SET pass_used_guests_count = :used, pass_used_at = :used_at, change_id = :change, changed_at = :at ${leaveHoldIndex}`,
          ConditionExpression: '#status = :confirmed AND attribute_not_exists(pass_used_guests_count)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':used': after.passUse?.usedGuestsCount,
            // When it was scanned at the door, which an offline scan puts before this change.
            ':used_at': after.passUse?.usedAt ?? changed.at,
            ':at': changed.at,
            ':change': changed.id,
            ':confirmed': 'Confirmed',
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed,
    };
  }
  // A confirm may put the booking into the no-show index; any other status change takes it out.
  const index = sweepIndexOf(after);
  return {
    description,
    item: {
      Update: {
        TableName: table,
        Key: key,
        UpdateExpression: `SET #status = :to, updated_at = :at, change_id = :change, changed_at = :at, ${appendHistory}${change.waiveFee ? ', cancel_fee_waived = :waived' : ''}${index ? `, sweep_pk = :sweep_pk, sweep_sk = :sweep_sk ${leaveLegacyIndex}` : ` ${leaveHoldIndex}`}`,
        // A cancel also needs the pass unused: a use racing it must win or lose as a whole.
        ConditionExpression: `#status = :expected${action === 'cancel' ? ' AND attribute_not_exists(pass_used_guests_count)' : ''}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':to': after.status,
          ':at': after.updatedAt,
          ':change': changed.id,
          ':expected': before.status,
          ':no_history': [],
          ':history_entry': entry ? [statusChangeToItem(entry)] : [],
          ...(change.waiveFee ? { ':waived': true } : {}),
          ...(index ? { ':sweep_pk': index.sweep_pk, ':sweep_sk': index.sweep_sk } : {}),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed,
  };
}

/**
 * A partner's confirm or cancel in ONE UpdateItem: the condition is the state table's (the statuses
 * the action may start from, a hold still running, a pass not used), `ReturnValues: ALL_NEW` answers
 * the booking as it leaves it, and a failed condition returns the item as found
 * (`ReturnValuesOnConditionCheckFailure`), from which the 404 or 409 is decided without reading again.
 */
export async function applyPartnerAction(action: PartnerAction): Promise<PartnerActionOutcome> {
  const changed = newChange(action.now);
  const from = Object.fromEntries(action.from.map((status, index) => [`:from${index}`, status]));
  const { charged } = action;
  const chargedFrom = Object.fromEntries(charged.from.map((status, index) => [`:charged${index}`, status]));
  const byBasis = `charge_terms.billing_basis = :charged_basis AND #status IN (${Object.keys(chargedFrom).join(', ')})`;
  // DynamoDB refuses redundant parentheses (`((a AND b))`): the terms are wrapped only in a disjunction.
  const chargedCondition = charged.noShowCandidates
    ? `(${byBasis}) OR (charge_terms.billing_basis = :per_visit AND charge_terms.no_show_fee_percent > :zero)`
    : byBasis;
  try {
    const { Attributes } = await ddb().send(
      new UpdateCommand({
        TableName: config().mainTableName,
        Key: bookingKeys(action.accountId, action.bookingId),
        UpdateExpression: `SET #status = :to, updated_at = :at, change_id = :change, changed_at = :at, ${appendHistory} ${leaveHoldIndex}`,
        ConditionExpression:
          `service_type = :type AND #status IN (${Object.keys(from).join(', ')}) ` +
          'AND (#status <> :issued OR hold_expires_at > :at) AND attribute_not_exists(pass_used_guests_count) ' +
          // A booking this action charges (or puts into the no-show index) is staged with its lines instead.
          `AND NOT (attribute_exists(price) AND (${chargedCondition}))`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':to': action.to,
          ':at': changed.at,
          ':change': changed.id,
          ':type': action.serviceType,
          ':issued': 'Issued',
          ':no_history': [],
          // The status it leaves is one of `from`, unknown without a read: the previous entry's `to`.
          ':history_entry': [
            statusChangeToItem({ at: changed.at, to: action.to, actor: action.actor ?? { type: 'service' } }),
          ],
          ':charged_basis': charged.basis,
          ...chargedFrom,
          ...(charged.noShowCandidates ? { ':per_visit': 'per_visit', ':zero': 0 } : {}),
          ...from,
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    if (!Attributes) throw new Error(`UpdateItem of booking ${action.bookingId} returned no item`);
    return { applied: true, booking: bookingFromItem(Attributes) };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return { applied: false, found: error.Item ? bookingFromItem(unmarshall(error.Item)) : undefined };
  }
}

/** The first 48 bits of a UUIDv7 as its text starts: `xxxxxxxx-xxxx`, the creation millisecond. */
function uuidV7TimePrefix(instant: string): string {
  const hex = Date.parse(instant).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}`;
}

type Position = Record<string, string>;

/** A cursor of a search: the key attributes of the last booking read, inside the partition searched. */
function decodePosition(
  cursor: string,
  keys: readonly string[],
  partition: Record<string, string>,
): Position {
  return decodeCursor(
    cursor,
    (position): position is Position =>
      Object.keys(position).length === keys.length &&
      keys.every((key) => typeof position[key] === 'string' && /^.{1,1024}$/s.test(position[key])) &&
      Object.entries(partition).every(([key, value]) => position[key] === value) &&
      String(position.sk).startsWith(bookingPrefix),
  );
}

/**
 * One page of a search (BookingSearchPlan): the index or partition read newest first within the
 * creation range, each booking kept when the plan accepts it. Bounded like listBookings.
 */
export async function searchBookings(plan: BookingSearchPlan, page: PageRequest): Promise<Page<Booking>> {
  const { source, createdFrom, createdTo } = plan;
  let query: { keys: readonly string[]; partition: Record<string, string>; input: Record<string, unknown> };
  if (source.kind === 'account') {
    const pk = accountPartition(source.accountId);
    query = {
      keys: ['pk', 'sk'],
      partition: { pk },
      input: {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': pk,
          ':from': `${bookingPrefix}${createdFrom ? uuidV7TimePrefix(createdFrom) : ''}`,
          ':to': `${bookingPrefix}${createdTo ? uuidV7TimePrefix(createdTo) : ''}~`,
        },
      },
    };
  } else {
    const index = bookingLookupIndexes[source.field];
    const indexKey = `${index.prefix}${source.value}`;
    query = {
      keys: ['pk', 'sk', index.attribute, bookingLookupSortKey],
      partition: { [index.attribute]: indexKey },
      input: {
        IndexName: index.indexName,
        KeyConditionExpression: '#key = :key AND #sort BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#key': index.attribute, '#sort': bookingLookupSortKey },
        // A key condition takes no empty string: '0' sorts before every timestamp, '~' after.
        ExpressionAttributeValues: {
          ':key': indexKey,
          ':from': createdFrom ?? '0',
          ':to': `${createdTo ?? ''}~`,
        },
      },
    };
  }
  let start: Position | undefined =
    page.cursor === undefined ? undefined : decodePosition(page.cursor, query.keys, query.partition);
  const found: { position: Position; booking: Booking }[] = [];
  for (let round = 0; round < maxQueriesPerPage && found.length <= page.limit; round++) {
    const result = await ddb().send(
      new QueryCommand({
        TableName: config().mainTableName,
        ...query.input,
        ScanIndexForward: false,
        Limit: page.limit + 1,
        ...(start ? { ExclusiveStartKey: start } : {}),
      } as ConstructorParameters<typeof QueryCommand>[0]),
    );
    const rows = (result.Items ?? []).filter((row) => String(row.sk).startsWith(bookingPrefix));
    const items =
      source.kind === 'account'
        ? rows
        : await batchGetMain(rows.map((row) => ({ pk: String(row.pk), sk: String(row.sk) }))).then((read) =>
            rows.map((row) => read({ pk: String(row.pk), sk: String(row.sk) })),
          );
    rows.forEach((row, index) => {
      const item = items[index];
      if (!item) return;
      const booking = bookingFromItem(item);
      if (!plan.matches(booking)) return;
      found.push({ position: Object.fromEntries(query.keys.map((key) => [key, String(row[key])])), booking });
    });
    start = result.LastEvaluatedKey as Position | undefined;
    if (!start) break;
  }
  const kept = found.slice(0, page.limit);
  const resumeAfter = found.length > page.limit ? kept.at(-1)?.position : start;
  return {
    items: kept.map((match) => match.booking),
    nextCursor: resumeAfter ? encodeCursor(resumeAfter) : null,
  };
}

/** The booking of an id in any account: its key from the id index, then a strongly consistent read. */
export async function findBookingById(bookingId: string): Promise<Booking | undefined> {
  const index = bookingLookupIndexes.id;
  const { Items } = await ddb().send(
    new QueryCommand({
      TableName: config().mainTableName,
      IndexName: index.indexName,
      KeyConditionExpression: '#key = :key',
      ExpressionAttributeNames: { '#key': index.attribute },
      ExpressionAttributeValues: { ':key': `${index.prefix}${bookingId}` },
      Limit: 1,
    }),
  );
  const row = Items?.[0];
  if (!row) return undefined;
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: config().mainTableName,
      Key: { pk: row.pk, sk: row.sk },
      ConsistentRead: true,
    }),
  );
  return Item ? bookingFromItem(Item) : undefined;
}

export const bookingLookup: BookingLookup = { findById: findBookingById, search: searchBookings };

export const bookingStore: BookingStore = {
  find: findBooking,
  findByPass: findBookingByPass,
  list: listBookings,
  endedHolds,
  processingSince,
  noShowsDue,
  writes: (change) => [
    bookingChangeWrite(change),
    ...(change.action === 'issue' ? passRefWrite(change.after) : []),
  ],
  commit: (writes: StagedWrite[]) => {
    const uow = new DynamoUnitOfWork();
    uow.stage(...writes);
    return commitWrites(uow.writes);
  },
  applyPartnerAction,
};
