import { randomInt, randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { verifyAccessToken } from '../shared/auth/tokens.ts';
import { config } from '../shared/config/env.ts';
import { ddb } from '../shared/db/client.ts';
import { accountKeys } from '../shared/db/entities/account.ts';
import { applicationKeys } from '../shared/db/entities/application.ts';
import {
  bookingFromItem,
  bookingKeys,
  bookingStore,
  holdPartition,
  type PassRefItem,
  passRefKeys,
} from '../shared/db/entities/booking.ts';
import { clientFailureWindowKeys, clientLockoutKeys } from '../shared/db/entities/client-lockout.ts';
import { esimKeys, newEsimPut } from '../shared/db/entities/esim.ts';
import { esimOrderChange, esimOrderFromItem, esimOrderKeys } from '../shared/db/entities/esim-order.ts';
import {
  iccidPool,
  iccidRegistryKey,
  poolEntryKey,
  poolPartition,
  poolShards,
} from '../shared/db/entities/esim-pool.ts';
import { eventFeedReader, eventFeedWriter } from '../shared/db/entities/event-feed.ts';
import { proofReplayGuard } from '../shared/db/entities/proof-jti.ts';
import { redemptionStore } from '../shared/db/entities/redemption.ts';
import { isDynamoWrite } from '../shared/db/transaction.ts';
import type { Booking } from '../shared/domain/booking/model.ts';
import { newMatchingId } from '../shared/domain/esim/activation.ts';
import { withCheckDigit } from '../shared/domain/esim/iccid.ts';
import { newPackage } from '../shared/domain/esim/lifecycle.ts';
import type { DomainEvent } from '../shared/domain/events.ts';
import type { Redemption } from '../shared/domain/redemptions/model.ts';
import { routes } from '../shared/routes/index.ts';
import type { FunctionGroup } from '../shared/routes/types.ts';
import type { CapacityFloor } from './cost.ts';
import { atTheDoor, doorOf } from './door.ts';
import { benchSourceAddress, expectStatus, type Harness, type RequestSpec, tokenRequest } from './harness.ts';
import { downloadProgressInfo } from './sections/first-invocations.ts';

/** The timed part of one invocation: the handler (or the floor's bare call) and nothing else. */
export type Call = () => Promise<unknown>;

/**
 * Arms one invocation, untimed: builds what the caller would have built (the API Gateway event and
 * the Lambda context, a venue device's DPoP proof) and returns the call to time. The call fails
 * loudly when the operation does not answer its success status.
 */
export type Invocation = () => Call | Promise<Call>;

/**
 * A hot operation measured warm (section 2) and for its DynamoDB round trips (section 3). A feature
 * that lands adds one entry here; until its handler exists, `prepare` answers why it is not measured.
 */
export interface HotOperation {
  name: string;
  /** What it is divided by: the DynamoDB work a correct design of it cannot avoid, done bare. */
  floorName: string;
  floor(harness: Harness): Invocation;
  /** DynamoDB requests the floor makes (checked: a floor that makes others measures something else). */
  floorRoundTrips: number;
  /** A cap on the round trips of every call, when the design promises one (creates, warm reads). */
  roundTripBudget?: { description: string; max: number };
  /** The fewest DynamoDB round trips it can do its job with; undefined when it needs none by design. */
  minimumRoundTrips?: { count: number; why: string };
  /**
   * Section 9: the function that serves it (its memory setting is billed) and the fewest capacity units
   * a correct design consumes per call, with why; none for rows that are no partner request.
   */
  cost?: { group: FunctionGroup; floor: CapacityFloor };
  /** `runs` invocations will follow (each may need its own fresh resource); a string means n/a. */
  prepare(harness: Harness, runs: number): Promise<Invocation | string>;
}

const handlerMissing = (harness: Harness, group: string) =>
  harness.hasHandler(group) ? undefined : `functions/${group}/handler.ts does not exist yet`;

async function invocation(
  harness: Harness,
  operationId: keyof typeof routes,
  spec: () => RequestSpec | Promise<RequestSpec>,
  status: number,
): Promise<Invocation> {
  const arm = await harness.armer(routes[operationId].group);
  return async () => {
    const request = await spec();
    const call = arm(request);
    return async () => expectStatus(await call(), status, request.operationId);
  };
}

const bearer = (harness: Harness) => ({ Authorization: `Bearer ${harness.accessToken}` });

const loungesList = (harness: Harness, headers: Record<string, string> = {}): RequestSpec => ({
  operationId: 'listLounges',
  path: '/v2/catalog/lounges',
  headers: { ...bearer(harness), 'Accept-Language': 'en-US', ...headers },
});

const getItemFloor = {
  floorName: 'bare GetItem, same client',
  floor: (harness: Harness) => () => harness.floors.getItem,
  floorRoundTrips: 1,
};

const transactWriteFloor = {
  floorName: 'bare TransactWriteItems (item + idempotency record)',
  floor: (harness: Harness) => () => harness.floors.transactWrite,
  floorRoundTrips: 1,
};

/** A read served from memory needs no DynamoDB work: what is left is proving the caller. */
const tokenVerificationFloor = {
  floorName: 'bare jose.jwtVerify of the token (no DynamoDB work: the catalog is in memory)',
  floor: (harness: Harness) => () => harness.floors.verifyToken,
  floorRoundTrips: 0,
};

/**
 * The floor of a confirm: the same conditional UpdateItem on a bench booking, moving it between Issued
 * and Confirmed. Both directions do what a confirm's write does to DynamoDB: rewrite the item, change
 * the hold index (leave it or enter it again), and give the processor a change to publish, so the
 * stage's stream work weighs on both sides alike.
 */
function bookingFlip(accountId: string, bookingId: string): Invocation {
  let confirmed = false;
  return () => async () => {
    const to = confirmed ? 'Issued' : 'Confirmed';
    const at = new Date().toISOString();
    const hold = new Date(Date.now() + 3_600_000).toISOString();
    await ddb().send(
      new UpdateCommand({
        TableName: config().mainTableName,
        Key: bookingKeys(accountId, bookingId),
        UpdateExpression:
          to === 'Confirmed'
            ? 'SET #status = :to, updated_at = :at, change_id = :change, changed_at = :at REMOVE sweep_pk, sweep_sk'
            : 'SET #status = :to, updated_at = :at, change_id = :change, changed_at = :at, hold_expires_at = :hold, sweep_pk = :index, sweep_sk = :order',
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':to': to,
          ':from': confirmed ? 'Confirmed' : 'Issued',
          ':at': at,
          ':change': randomUUID(),
          ...(to === 'Issued'
            ? {
                ':hold': hold,
                ':index': holdPartition(bookingId),
                ':order': `${hold}#${accountId}#${bookingId}`,
              }
            : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    confirmed = !confirmed;
  };
}

/**
 * The floor of an eSIM confirm: the DynamoDB requests of one, bare, on orders of its own. The order
 * (consistent GetItem) and up to 16 ICCIDs of a random pool shard (consistent Query) side by
 * side, then the one transaction that issues: the pool entry deleted on the condition it exists, the
 * eSIM put on the condition its key is new, the order moved Pending -> Confirmed on its status. The
 * items are the service's own (same builders), so both sides write the same bytes and give the
 * stage's stream the same changes.
 */
function esimConfirmFloor(accountId: string, orderIds: string[]): Invocation {
  let next = 0;
  return () => {
    const orderId = orderIds[next++];
    if (!orderId) throw new Error('More eSIM confirm floors than prepared orders');
    return async () => {
      const TableName = config().mainTableName;
      const first = randomInt(poolShards);
      // From a shard's start, not a random point: a point past the shard's last entry finds nothing,
      // where the service reads again from the start. Same request; the next shard only if it is empty.
      const poolQuery = (shard: number) =>
        ddb().send(
          new QueryCommand({
            TableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': poolPartition(accountId, shard) },
            ProjectionExpression: 'iccid',
            ConsistentRead: true,
            Limit: 16,
          }),
        );
      const [read, firstPage] = await Promise.all([
        ddb().send(
          new GetCommand({ TableName, Key: esimOrderKeys(accountId, orderId), ConsistentRead: true }),
        ),
        poolQuery(first),
      ]);
      let iccid = firstPage.Items?.[0]?.iccid;
      for (let step = 1; step < poolShards && typeof iccid !== 'string'; step++) {
        iccid = (await poolQuery((first + step) % poolShards)).Items?.[0]?.iccid;
      }
      if (!read.Item || typeof iccid !== 'string')
        throw new Error('The eSIM confirm floor found no order or ICCID');
      const order = esimOrderFromItem(read.Item);
      const now = new Date();
      const at = now.toISOString();
      const esim = {
        iccid,
        accountId,
        orderId,
        smdpAddress: 'smdp.bench.invalid',
        matchingId: newMatchingId(),
        coverage: [...order.coverage],
        packages: [
          newPackage(
            {
              packageId: randomUUID(),
              packageTemplateId: order.packageTemplateId,
              dataMb: order.dataMb,
              activePeriod: order.activePeriod,
              validityPeriod: order.validityPeriod,
            },
            now,
          ),
        ],
        version: 1,
        createdAt: at,
        updatedAt: at,
      };
      await ddb().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName,
                Key: poolEntryKey(accountId, iccid),
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            newEsimPut(esim),
            esimOrderChange(order, { ...order, status: 'Confirmed', iccid, updatedAt: at }),
          ],
        }),
      );
    };
  };
}

/** Pending orders the eSIM confirm floor confirms, as many as the real confirms. */
const esimFloorOrders = new WeakMap<Harness, string[]>();

/** The bench booking the confirm floor moves back and forth. */
const floorBookings = new WeakMap<Harness, string>();

/** The booking whose pass is read, for the floor that reads the same item. */
const passBookings = new WeakMap<Harness, string>();

const createBudget = { description: 'one round trip per create', max: 1 };
const memoryBudget = { description: 'no DynamoDB request on a warm container', max: 0 };

const loungeBookings = routes.createLoungeBooking.path;

/** A lounge booking as a partner's backend sends it: a lead guest with the contact details. */
export function loungeBookingBody(loungeId: string) {
  return {
    lounge_id: loungeId,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone: '7911123456',
    calling_code: '+44',
    transport_number: 'BA117',
    guests: [{ first_name: 'Ada', last_name: 'Lovelace', type: 'Adult', lead: true }],
  };
}

/** A seeded tariff every seeded contract holds (Russia 1 GB, 7 days). */
const esimTariff = {
  package_template_id: 'd512d42b-de6f-5a7d-9145-b7f10a7d248f',
  active_period: 7,
  validity_period: 30,
};

export function createEsimOrder(harness: Harness): RequestSpec {
  return {
    operationId: 'createEsimOrder',
    path: '/v2/b2b/fulfilment/esims',
    headers: { ...bearer(harness), 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify(esimTariff),
  };
}

/**
 * Pending orders to confirm, and twice as many fresh ICCIDs loaded into the partner's pool (as an operator
 * would), so the seeded pool is never what runs out.
 */
async function pendingEsimOrders(harness: Harness, count: number): Promise<string[] | string> {
  const block = String(Date.now() % 10_000_000).padStart(7, '0');
  // Twice as many as the confirms take: the pool's 16 shards empty unevenly, and the floor picks its
  // shard at random (it moves on only when one is empty).
  const iccids = Array.from({ length: count * 2 }, (_, serial) =>
    withCheckDigit(`8988297${block}${String(serial).padStart(4, '0')}`),
  );
  for (let offset = 0; offset < iccids.length; offset += 1000) {
    await iccidPool.load(harness.partner.accountId, iccids.slice(offset, offset + 1000), new Date());
  }
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const created = expectStatus(await harness.invoke(createEsimOrder(harness)), 201, 'createEsimOrder');
    ids.push((JSON.parse(created.body) as { order_id: string }).order_id);
  }
  return ids;
}

/** The first lounge of the partner's contract, as a partner would pick it from the catalog. */
export async function bookableLounge(harness: Harness): Promise<string | undefined> {
  const page = expectStatus(await harness.invoke(loungesList(harness)), 200, 'listLounges');
  const first = (JSON.parse(page.body) as { data?: { id?: string }[] }).data?.[0];
  return first?.id;
}

export function createLoungeBooking(harness: Harness, loungeId: string): RequestSpec {
  return {
    operationId: 'createLoungeBooking',
    path: loungeBookings,
    headers: { ...bearer(harness), 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify(loungeBookingBody(loungeId)),
  };
}

/** Bookings the service has issued (the stream consumer turns Processing into Issued), ready to confirm. */
async function issuedLoungeBookings(harness: Harness, count: number): Promise<string[] | string> {
  const loungeId = await bookableLounge(harness);
  if (!loungeId) return 'the seeded catalog offers the partner no lounge';
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const created = expectStatus(await harness.invoke(createLoungeBooking(harness, loungeId)), 202, 'create');
    ids.push((JSON.parse(created.body) as { booking_id: string }).booking_id);
  }
  const deadline = Date.now() + 60_000 + count * 100;
  for (const id of ids) {
    for (;;) {
      const found = await harness.invoke({
        operationId: 'getLoungeBooking',
        path: `${loungeBookings}/${id}`,
        pathParameters: { bookingID: id },
        headers: bearer(harness),
      });
      const status = (JSON.parse(found.body) as { status?: string }).status;
      if (status === 'Issued') break;
      if (status !== 'Processing') return `a new booking became ${status}, not Issued`;
      if (Date.now() > deadline)
        return 'bookings stayed Processing: is booking-processor consuming the stream?';
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return ids;
}

export interface ConfirmedPass {
  bookingId: string;
  passId: string;
  qr: string;
}

/** Passes a traveller holds at the door: issued lounge bookings confirmed and their pass read, as a partner does. */
export async function confirmedLoungePasses(
  harness: Harness,
  count: number,
): Promise<ConfirmedPass[] | string> {
  const ids = await issuedLoungeBookings(harness, count);
  if (typeof ids === 'string') return ids;
  const passes: ConfirmedPass[] = [];
  for (const id of ids) {
    const path = `${loungeBookings}/${id}`;
    const pathParameters = { bookingID: id };
    const confirm = { operationId: 'confirmLoungeBooking', path: `${path}/confirm`, pathParameters } as const;
    expectStatus(await harness.invoke({ ...confirm, headers: bearer(harness) }), 200, 'confirm');
    const pass = expectStatus(
      await harness.invoke({
        operationId: 'getLoungePass',
        path: `${path}/pass`,
        pathParameters,
        headers: bearer(harness),
      }),
      200,
      'getLoungePass',
    );
    const { pass_id, qr } = JSON.parse(pass.body) as { pass_id: string; qr: string };
    passes.push({ bookingId: id, passId: pass_id, qr });
  }
  return passes;
}

/**
 * What a door request cannot skip before its pass is read: spending its DPoP proof's `jti` (a replay
 * is refused, docs/venues.md), the same conditional put the venue function makes.
 */
function spendProof(): Promise<boolean> {
  const now = new Date();
  return proofReplayGuard.firstUse(
    { kind: 'dpop', issuer: 'bench-floor', jti: randomUUID(), keepUntil: new Date(now.getTime() + 180_000) },
    now,
  );
}

/** The pass's reference, then its booking: the two consistent reads that find a booking from a QR. */
async function readPass(passId: string): Promise<Booking> {
  const TableName = config().mainTableName;
  const ref = await ddb().send(new GetCommand({ TableName, Key: passRefKeys(passId), ConsistentRead: true }));
  const { account_id, booking_id } = (ref.Item ?? {}) as Partial<PassRefItem>;
  if (!account_id || !booking_id) throw new Error(`The floor found no reference of pass ${passId}`);
  const read = await ddb().send(
    new GetCommand({ TableName, Key: bookingKeys(account_id, booking_id), ConsistentRead: true }),
  );
  if (!read.Item) throw new Error(`The floor found no booking of pass ${passId}`);
  return bookingFromItem(read.Item);
}

/**
 * The floor of a redeem, on passes of its own: the proof spent, the pass and its booking read, then
 * the one TransactWriteItems a redemption commits: the redemption (conditional: one per pass), the
 * booking's use (conditional on Confirmed and unused) and an idempotency record, built by the
 * service's own stores, so the stage's stream sees the same change and publishes the same event.
 */
function redeemFloor(passes: ConfirmedPass[]): Invocation {
  let next = 0;
  return () => {
    const passId = passes[next++]?.passId;
    if (!passId) throw new Error('More redeem floors than prepared passes');
    return async () => {
      if (!(await spendProof())) throw new Error('The floor spent a jti twice');
      const booking = await readPass(passId);
      const now = new Date();
      const at = now.toISOString();
      const redemption: Redemption = {
        redemptionId: randomUUID(),
        passId,
        bookingId: booking.bookingId,
        accountId: booking.accountId,
        serviceType: booking.serviceType,
        itemId: booking.serviceId,
        venueId: 'bench-floor',
        deviceId: 'bench-floor',
        admittedGuests: 1,
        scannedAt: at,
        recordedAt: at,
        status: 'Accepted',
      };
      const after: Booking = { ...booking, passUse: { usedGuestsCount: 1, usedAt: at } };
      const writes = [
        ...redemptionStore.create(redemption, () => new Error('The floor redeemed a pass twice')),
        ...bookingStore.writes({ action: 'use', before: booking, after, now }),
      ].filter(isDynamoWrite);
      await ddb().send(
        new TransactWriteCommand({
          TransactItems: [
            ...writes.map((write) => write.item),
            {
              Put: {
                TableName: config().idempotencyTableName,
                Item: {
                  pk: `BENCH#${redemption.redemptionId}`,
                  payload: 'x'.repeat(600),
                  expires_at: Math.floor(now.getTime() / 1000) + 3600,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );
    };
  };
}

/** The pass every verify scans (verify changes nothing), and the passes the redeem floor redeems. */
const verifiedPasses = new WeakMap<Harness, ConfirmedPass>();
const redeemFloorPasses = new WeakMap<Harness, ConfirmedPass[]>();

/**
 * Section 9's floors: the capacity units a correct design of each operation consumes per call, by
 * DynamoDB's rules (a write unit per KB written, twice in a transaction, plus one per index entry
 * written; a read unit per 4 KB read consistently, twice in a transaction), for the items as the
 * bench's partner writes them. Budget 1.0x: a row above its floor reads or writes more than it must.
 */
export const capacityFloors = {
  tokenIssue: {
    read: 3,
    write: 0,
    why: 'three consistent GetItems under 4 KB: the application and the two lockout records; a grant writes nothing',
  },
  catalogList: { read: 0, write: 0, why: 'served from memory on a warm container' },
  bookingCreate: {
    read: 0,
    write: 16,
    why:
      'one transaction: the booking (1-2 KB, 4) and its idempotency record (under 1 KB, 2), the four ' +
      'keys-only lookup index entries (2 each) and the recovery index entry as a keys-only entry (2)',
  },
  bookingConfirm: {
    read: 0,
    write: 3,
    why: 'one UpdateItem of the booking (1-2 KB, 2) and its hold index entry removed as a keys-only entry (1)',
  },
  bookingPass: { read: 1, write: 0, why: 'one consistent GetItem of the booking (under 4 KB)' },
  esimOrderCreate: {
    read: 0,
    write: 4,
    why: 'one transaction: the order and its idempotency record, each under 1 KB (2 each)',
  },
  esimConfirm: {
    read: 3,
    write: 12,
    why:
      'the order (1) and one page of up to 16 pool entries (2, as DynamoDB Local counts the Query); one ' +
      'transaction of five items under 1 KB (2 each: pool entry, eSIM, order, ledger line, totals shard) ' +
      "and the eSIM's expiry index entry (2)",
  },
  venueVerify: {
    read: 2,
    write: 1,
    why: "the proof's jti put (1), then the pass's reference and its booking (consistent, 1 each)",
  },
  venueRedeem: {
    read: 2,
    write: 17,
    why:
      "verify's jti (1) and two reads, then one transaction: the redemption (2), the booking's use (2 KB, " +
      '4), the idempotency record with its answer (just over 1 KB, 4), the ledger line (2), the totals ' +
      "shard (2) and the venue's redemption index entry (2)",
  },
} satisfies Record<string, CapacityFloor>;

/** Events of the feed's first page: a full page of 50, whatever else the stage has fed. */
const feedPageSize = 50;

async function fillFeed(harness: Harness): Promise<void> {
  const accountId = harness.partner.accountId;
  const events: DomainEvent[] = Array.from({ length: feedPageSize + 10 }, () => ({
    id: randomUUID(),
    accountId,
    type: 'booking.status.changed',
    timestamp: new Date().toISOString(),
    orderingKey: randomUUID(),
    data: {
      booking_id: randomUUID(),
      service_type: 'Lounge',
      status: 'Issued',
      previous_status: 'Processing',
    },
  }));
  await eventFeedWriter.append(accountId, events.slice(0, 40), new Date());
  await eventFeedWriter.append(accountId, events.slice(40), new Date());
}

/** One eSIM of the partner, ordered and confirmed: its ICCID and the share link's token of the answer. */
async function issuedEsim(harness: Harness): Promise<{ iccid: string; token: string } | string> {
  const ids = await pendingEsimOrders(harness, 1);
  if (typeof ids === 'string') return ids;
  const id = ids[0] as string;
  const confirmed = expectStatus(
    await harness.invoke({
      operationId: 'confirmEsimOrder',
      path: `/v2/b2b/fulfilment/orders/${id}/confirm`,
      pathParameters: { orderID: id },
      headers: bearer(harness),
    }),
    200,
    'confirmEsimOrder',
  );
  const esim = JSON.parse(confirmed.body) as { iccid: string; activation: { share_url: string | null } };
  const token = new URLSearchParams(new URL(esim.activation.share_url ?? 'https://none/').hash.slice(1)).get(
    't',
  );
  return token ? { iccid: esim.iccid, token } : 'the stage has no esim_page_url: eSIMs carry no share link';
}

const esimPageKeys = new WeakMap<
  Harness,
  { esim: { pk: string; sk: string }; account: { pk: string; sk: string } }
>();
const es2plusKeys = new WeakMap<
  Harness,
  { registry: { pk: string; sk: string }; esim: { pk: string; sk: string } }
>();

export const hotOperations: readonly HotOperation[] = [
  {
    name: 'token issue (client credentials)',
    cost: { group: 'auth', floor: capacityFloors.tokenIssue },
    floorName:
      "bare consistent GetItems of the application and the client's two lockout records (its source's, all sources'), side by side",
    floor: (harness) => () => async () => {
      await Promise.all([
        harness.floors.consistentGetItem(applicationKeys(harness.partner.clientId)),
        harness.floors.consistentGetItem(
          clientLockoutKeys({ clientId: harness.partner.clientId, source: benchSourceAddress }),
        ),
        harness.floors.consistentGetItem(clientFailureWindowKeys(harness.partner.clientId)),
      ]);
    },
    floorRoundTrips: 3,
    minimumRoundTrips: {
      count: 3,
      why:
        "the application, which carries the account status, and the client's lockout records (from this " +
        'source, and from all sources for the ceiling), shared by every instance: three GetItems side by ' +
        'side, one round trip of time',
    },
    prepare: async (harness) =>
      handlerMissing(harness, 'auth') ??
      invocation(
        harness,
        'issueToken',
        () =>
          tokenRequest({
            grant_type: 'client_credentials',
            client_id: harness.partner.clientId,
            client_secret: harness.partner.clientSecret,
          }),
        200,
      ),
  },
  {
    name: 'JWT verification of a token verified before (verifyAccessToken, no handler)',
    ...getItemFloor,
    prepare: async (harness) => () => () => verifyAccessToken(harness.accessToken, ['partner']),
  },
  {
    name: 'catalog list lounges, 200',
    cost: { group: 'catalog', floor: capacityFloors.catalogList },
    ...tokenVerificationFloor,
    minimumRoundTrips: {
      count: 0,
      why: 'the catalog, the pointer and the contracts are in memory (at most 5 s old)',
    },
    roundTripBudget: memoryBudget,
    prepare: async (harness) =>
      handlerMissing(harness, 'catalog') ??
      invocation(harness, 'listLounges', () => loungesList(harness), 200),
  },
  {
    name: 'catalog list lounges, 304',
    cost: { group: 'catalog', floor: capacityFloors.catalogList },
    ...tokenVerificationFloor,
    minimumRoundTrips: { count: 0, why: 'answered from memory like the 200' },
    roundTripBudget: memoryBudget,
    prepare: async (harness) => {
      const missing = handlerMissing(harness, 'catalog');
      if (missing) return missing;
      const first = expectStatus(await harness.invoke(loungesList(harness)), 200, 'listLounges');
      const etag = first.headers?.ETag ?? first.headers?.etag;
      if (typeof etag !== 'string') return 'the 200 carried no ETag';
      return invocation(harness, 'listLounges', () => loungesList(harness, { 'If-None-Match': etag }), 304);
    },
  },
  {
    name: 'booking create (lounge)',
    cost: { group: 'booking', floor: capacityFloors.bookingCreate },
    ...transactWriteFloor,
    minimumRoundTrips: { count: 1, why: 'the booking and its idempotency record in one TransactWriteItems' },
    roundTripBudget: createBudget,
    prepare: async (harness) => {
      const missing = handlerMissing(harness, 'booking');
      if (missing) return missing;
      const loungeId = await bookableLounge(harness);
      if (!loungeId) return 'the seeded catalog offers the partner no lounge';
      return invocation(harness, 'createLoungeBooking', () => createLoungeBooking(harness, loungeId), 202);
    },
  },
  {
    name: 'booking confirm (lounge)',
    cost: { group: 'booking', floor: capacityFloors.bookingConfirm },
    floorName:
      'bare conditional UpdateItem of an issued booking, answering it (ALL_NEW): same item, index and stream work',
    floor: (harness) => {
      const bookingId = floorBookings.get(harness);
      if (!bookingId) throw new Error('The confirm floor has no booking');
      return bookingFlip(harness.partner.accountId, bookingId);
    },
    floorRoundTrips: 1,
    minimumRoundTrips: {
      count: 1,
      why: 'one conditional UpdateItem: decides, answers the booking (ALL_NEW), or returns it for the 409',
    },
    prepare: async (harness, runs) => {
      const missing = handlerMissing(harness, 'booking');
      if (missing) return missing;
      const ids = await issuedLoungeBookings(harness, runs + 1);
      if (typeof ids === 'string') return ids;
      floorBookings.set(harness, ids.pop() as string);
      let next = 0;
      return invocation(
        harness,
        'confirmLoungeBooking',
        () => {
          const id = ids[next++];
          if (!id) throw new Error('More confirms than prepared bookings');
          return {
            operationId: 'confirmLoungeBooking',
            path: `${loungeBookings}/${id}/confirm`,
            pathParameters: { bookingID: id },
            headers: bearer(harness),
          };
        },
        200,
      );
    },
  },
  {
    name: 'booking pass (lounge)',
    cost: { group: 'booking', floor: capacityFloors.bookingPass },
    floorName: 'bare consistent GetItem of the same booking, same client',
    floor: (harness) => {
      const key = bookingKeys(harness.partner.accountId, passBookings.get(harness) ?? '');
      return () => () => harness.floors.consistentGetItem(key);
    },
    floorRoundTrips: 1,
    minimumRoundTrips: { count: 1, why: 'one consistent GetItem: the pass lives in its booking' },
    prepare: async (harness) => {
      const missing = handlerMissing(harness, 'booking');
      if (missing) return missing;
      const ids = await issuedLoungeBookings(harness, 1);
      if (typeof ids === 'string') return ids;
      const id = ids[0] as string;
      passBookings.set(harness, id);
      return invocation(
        harness,
        'getLoungePass',
        () => ({
          operationId: 'getLoungePass',
          path: `${loungeBookings}/${id}/pass`,
          pathParameters: { bookingID: id },
          headers: bearer(harness),
        }),
        200,
      );
    },
  },
  {
    name: 'eSIM order create',
    cost: { group: 'esim', floor: capacityFloors.esimOrderCreate },
    ...transactWriteFloor,
    minimumRoundTrips: { count: 1, why: 'the order and its idempotency record in one TransactWriteItems' },
    roundTripBudget: createBudget,
    prepare: async (harness) =>
      handlerMissing(harness, 'esim') ??
      invocation(harness, 'createEsimOrder', () => createEsimOrder(harness), 201),
  },
  {
    name: 'eSIM confirm',
    cost: { group: 'esim', floor: capacityFloors.esimConfirm },
    floorName:
      'bare consistent GetItem of the order and Query of the pool side by side, then the issuing TransactWriteItems (pool entry, eSIM, order)',
    floor: (harness) => {
      const orderIds = esimFloorOrders.get(harness);
      if (!orderIds) throw new Error('The eSIM confirm floor has no orders');
      return esimConfirmFloor(harness.partner.accountId, orderIds);
    },
    floorRoundTrips: 3,
    minimumRoundTrips: {
      count: 3,
      why:
        'read the order and an available ICCID (GetItem and Query side by side: one round trip of time), then ' +
        'one TransactWriteItems: ICCID out of the pool, eSIM in, order Confirmed',
    },
    prepare: async (harness, runs) => {
      const missing = handlerMissing(harness, 'esim');
      if (missing) return missing;
      const ids = await pendingEsimOrders(harness, runs * 2);
      if (typeof ids === 'string') return ids;
      esimFloorOrders.set(harness, ids.slice(runs));
      let next = 0;
      return invocation(
        harness,
        'confirmEsimOrder',
        () => {
          const id = ids[next++];
          if (!id || next > runs) throw new Error('More confirms than prepared orders');
          return {
            operationId: 'confirmEsimOrder',
            path: `/v2/b2b/fulfilment/orders/${id}/confirm`,
            pathParameters: { orderID: id },
            headers: bearer(harness),
          };
        },
        200,
      );
    },
  },
  {
    name: 'venue verify (POST /v2/venue/passes/verify, DPoP device token)',
    cost: { group: 'venue', floor: capacityFloors.venueVerify },
    floorName:
      "bare conditional PutItem of the proof's jti, then consistent GetItems of the pass's reference and of its booking",
    floor: (harness) => {
      const pass = verifiedPasses.get(harness);
      if (!pass) throw new Error('The verify floor has no pass');
      return () => async () => {
        if (!(await spendProof())) throw new Error('The floor spent a jti twice');
        await readPass(pass.passId);
      };
    },
    floorRoundTrips: 3,
    minimumRoundTrips: {
      count: 3,
      why:
        "spend the proof's jti (conditional PutItem) before anything is read, then the pass's reference and " +
        "its booking (two consistent GetItems, the second keyed by the first); the device's standing and the " +
        "venue's items are read once per bound (60 s) per container, not per scan",
    },
    prepare: async (harness) => {
      const missing = handlerMissing(harness, 'venue');
      if (missing) return missing;
      const passes = await confirmedLoungePasses(harness, 1);
      if (typeof passes === 'string') return passes;
      const pass = passes[0] as ConfirmedPass;
      verifiedPasses.set(harness, pass);
      const door = await doorOf(harness);
      const body = JSON.stringify({ qr: pass.qr });
      return invocation(
        harness,
        'verifyPass',
        () => atTheDoor(harness, door, { operationId: 'verifyPass', path: '/v2/venue/passes/verify', body }),
        200,
      );
    },
  },
  {
    name: 'venue redeem (POST /v2/venue/redemptions, DPoP device token)',
    cost: { group: 'venue', floor: capacityFloors.venueRedeem },
    floorName:
      "bare conditional PutItem of the proof's jti, consistent GetItems of the pass's reference and its booking, then one TransactWriteItems (redemption, the booking's use, idempotency record)",
    floor: (harness) => {
      const passes = redeemFloorPasses.get(harness);
      if (!passes) throw new Error('The redeem floor has no passes');
      return redeemFloor(passes);
    },
    floorRoundTrips: 4,
    minimumRoundTrips: {
      count: 4,
      why:
        "verify's three (the proof's jti, the pass's reference, its booking), then one TransactWriteItems: the " +
        "redemption (one per pass), the booking's use and the idempotency record commit together",
    },
    prepare: async (harness, runs) => {
      const missing = handlerMissing(harness, 'venue');
      if (missing) return missing;
      const passes = await confirmedLoungePasses(harness, runs * 2);
      if (typeof passes === 'string') return passes;
      redeemFloorPasses.set(harness, passes.slice(runs));
      const door = await doorOf(harness);
      let next = 0;
      return invocation(
        harness,
        'redeemPass',
        () => {
          const pass = passes[next++];
          if (!pass || next > runs) throw new Error('More redeems than prepared passes');
          return atTheDoor(harness, door, {
            operationId: 'redeemPass',
            path: '/v2/venue/redemptions',
            headers: { 'Idempotency-Key': randomUUID() },
            body: JSON.stringify({ qr: pass.qr, admitted_guests: 1 }),
          });
        },
        201,
      );
    },
  },
  {
    name: `events feed first page (GET /v2/b2b/events, limit ${feedPageSize})`,
    floorName: `bare consistent Query of the account's feed (the store's read, ${feedPageSize + 1} items), same client`,
    floor: (harness) => () => () =>
      eventFeedReader.read(harness.partner.accountId, undefined, feedPageSize + 1),
    floorRoundTrips: 1,
    minimumRoundTrips: {
      count: 1,
      why: 'one consistent Query of the feed partition from the cursor on: positions are dense, so no counter read',
    },
    prepare: async (harness) => {
      const missing = handlerMissing(harness, 'events');
      if (missing) return missing;
      await fillFeed(harness);
      return invocation(
        harness,
        'listEvents',
        () => ({
          operationId: 'listEvents',
          path: '/v2/b2b/events',
          rawQuery: `limit=${feedPageSize}`,
          headers: bearer(harness),
        }),
        200,
      );
    },
  },
  {
    name: "eSIM page read (GET /v2/esim-page/{token}, the share link's token only)",
    floorName: "bare consistent GetItems of the eSIM and of the account's record, side by side",
    floor: (harness) => {
      const keys = esimPageKeys.get(harness);
      if (!keys) throw new Error('The eSIM page floor has no eSIM');
      return () => async () => {
        await Promise.all([
          harness.floors.consistentGetItem(keys.esim),
          harness.floors.consistentGetItem(keys.account),
        ]);
      };
    },
    floorRoundTrips: 2,
    minimumRoundTrips: {
      count: 2,
      why:
        "the eSIM (data left, activation code) and the partner's display name, two consistent GetItems side by " +
        'side (one round trip of time); the token is verified in memory before either',
    },
    prepare: async (harness) => {
      const missing = handlerMissing(harness, 'esim-page');
      if (missing) return missing;
      const esim = await issuedEsim(harness);
      if (typeof esim === 'string') return esim;
      const accountId = harness.partner.accountId;
      esimPageKeys.set(harness, { esim: esimKeys(accountId, esim.iccid), account: accountKeys(accountId) });
      return invocation(
        harness,
        'getEsimPage',
        () => ({
          operationId: 'getEsimPage',
          path: `/v2/esim-page/${esim.token}`,
          pathParameters: { token: esim.token },
          host: 'esim-page',
        }),
        200,
      );
    },
  },
  {
    name: 'ES2+ notification (handleDownloadProgressInfo, Enabled and Disabled alternating)',
    floorName:
      'bare consistent GetItems of the ICCID registry and then of the eSIM, then the TransactWriteItems of two new items',
    floor: (harness) => {
      const keys = es2plusKeys.get(harness);
      if (!keys) throw new Error('The ES2+ floor has no eSIM');
      return () => async () => {
        await harness.floors.consistentGetItem(keys.registry);
        await harness.floors.consistentGetItem(keys.esim);
        await harness.floors.transactWrite();
      };
    },
    floorRoundTrips: 3,
    minimumRoundTrips: {
      count: 3,
      why:
        'which account holds the ICCID (the registry), then its eSIM (keyed by that account), then one ' +
        'TransactWriteItems: the eSIM on its version and the esim.profile.status_changed event together',
    },
    prepare: async (harness) => {
      const missing = handlerMissing(harness, 'es2plus');
      if (missing) return missing;
      const esim = await issuedEsim(harness);
      if (typeof esim === 'string') return esim;
      es2plusKeys.set(harness, {
        registry: iccidRegistryKey(esim.iccid),
        esim: esimKeys(harness.partner.accountId, esim.iccid),
      });
      // A state change on every call: Enabled and Disabled alternate (docs/esim.md, Profile state).
      let enabled = false;
      return invocation(
        harness,
        'handleDownloadProgressInfo',
        () => {
          enabled = !enabled;
          return {
            operationId: 'handleDownloadProgressInfo',
            path: '/gsma/rsp2/es2plus/handleDownloadProgressInfo',
            host: 'es2plus',
            headers: { 'Content-Type': 'application/json', 'X-Admin-Protocol': 'gsma/rsp/v2.2.0' },
            body: JSON.stringify(downloadProgressInfo(esim.iccid, enabled ? 5 : 6)),
          };
        },
        200,
      );
    },
  },
];
