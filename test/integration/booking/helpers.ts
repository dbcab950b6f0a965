import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { changeEventId } from '../../../shared/domain/booking/events.ts';
import { type ApiResponse, api, endpoints, request } from '../../support/api.ts';
import { documentClient, scanMainTable } from '../../support/aws.ts';

export type Service = 'lounges' | 'fast-tracks';

interface SeedService {
  id: string;
  is_active: boolean;
  required_booking_info: string[];
}

const seedDir = new URL('../../../seed/catalog/', import.meta.url);
const seedJson = <T>(file: string): T => JSON.parse(readFileSync(new URL(file, seedDir), 'utf8')) as T;
const lounges = seedJson<SeedService[]>('lounges.json');
const fastTracks = seedJson<SeedService[]>('fast-tracks.json');
const contracts = seedJson<{ partners: { lounges: 'all' | string[]; fast_tracks: 'all' | string[] }[] }>(
  'contracts.json',
);

/** The second partner's contract names its services; the first sees the whole catalog. */
const inSecondPartnersContract = (kind: 'lounges' | 'fast_tracks', id: string) => {
  const scope = contracts.partners[1]?.[kind] ?? [];
  return scope === 'all' || scope.includes(id);
};

function pick(list: SeedService[], test: (service: SeedService) => boolean, what: string): string {
  const found = list.find(test);
  if (!found) throw new Error(`The catalog seed has no ${what}`);
  return found.id;
}

/** Seeded services both partners may book, and the ones they may not. */
export const catalog = {
  lounge: pick(lounges, (l) => l.is_active && inSecondPartnersContract('lounges', l.id), 'shared lounge'),
  loungeAskingForPhone: pick(
    lounges,
    (l) =>
      l.is_active && l.required_booking_info.includes('Phone') && inSecondPartnersContract('lounges', l.id),
    'lounge that asks for Phone',
  ),
  loungeOutsideSecondContract: pick(
    lounges,
    (l) => l.is_active && !inSecondPartnersContract('lounges', l.id),
    'lounge outside the second contract',
  ),
  inactiveLounge: pick(lounges, (l) => !l.is_active, 'inactive lounge'),
  fastTrack: pick(
    fastTracks,
    (f) => f.is_active && inSecondPartnersContract('fast_tracks', f.id),
    'shared fast-track',
  ),
};

export const serviceIdField = (service: Service) => (service === 'lounges' ? 'lounge_id' : 'fast_track_id');

export function bookingBody(
  service: Service,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    [serviceIdField(service)]: service === 'lounges' ? catalog.lounge : catalog.fastTrack,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone: '7911123456',
    calling_code: '+44',
    transport_number: 'BA117',
    guests: [
      { first_name: 'Ada', last_name: 'Lovelace', type: 'Adult', lead: true },
      { first_name: 'Byron', last_name: 'Lovelace', type: 'Child', lead: false },
    ],
    ...overrides,
  };
}

export type Json = Record<string, unknown>;

export const partner = api(0);
export const otherPartner = api(1);
export type Partner = typeof partner;

export async function call(
  who: Partner,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; scope?: string } = {},
): Promise<ApiResponse<Json>> {
  return who.request<Json>(method, path, {
    token: await who.token(options.scope),
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

export async function create(
  service: Service,
  options: { who?: Partner; body?: Json; key?: string } = {},
): Promise<ApiResponse<Json>> {
  return call(options.who ?? partner, 'POST', `/v2/b2b/booking/${service}`, {
    body: options.body ?? bookingBody(service),
    headers: { 'idempotency-key': options.key ?? randomUUID() },
  });
}

/** A new booking's id; fails the test when the create is refused. */
export async function newBooking(service: Service, who: Partner = partner): Promise<string> {
  const response = await create(service, { who });
  if (response.status !== 202)
    throw new Error(`Create refused: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.booking_id as string;
}

export const bookingPath = (service: Service, bookingId: string, action = '') =>
  `/v2/b2b/booking/${service}/${bookingId}${action ? `/${action}` : ''}`;

/** Polls the booking until the stream processor has moved it past Processing. */
export async function waitForIssue(
  service: Service,
  bookingId: string,
  who: Partner = partner,
): Promise<Json> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await call(who, 'GET', bookingPath(service, bookingId));
    if (response.body.status !== 'Processing') return response.body;
    await sleep(50);
  }
  throw new Error(`Booking ${bookingId} was not issued`);
}

export async function issuedBooking(service: Service, who: Partner = partner): Promise<string> {
  const bookingId = await newBooking(service, who);
  const booking = await waitForIssue(service, bookingId, who);
  if (booking.status !== 'Issued') throw new Error(`Booking ${bookingId} is ${booking.status}`);
  return bookingId;
}

export async function confirmedBooking(service: Service, who: Partner = partner): Promise<string> {
  const bookingId = await issuedBooking(service, who);
  const response = await call(who, 'POST', bookingPath(service, bookingId, 'confirm'));
  if (response.status !== 200) throw new Error(`Confirm refused: ${response.status}`);
  return bookingId;
}

export const passUsed = (bookingId: string, usedGuests: number, who: Partner = partner, scope?: string) =>
  call(who, 'POST', '/v2/b2b/sandbox/pass-used', {
    body: { booking_id: bookingId, used_guests_count: usedGuests },
    ...(scope ? { scope } : {}),
  });

export const passKeys = () => request<{ keys: [] }>('GET', '/.well-known/pass-keys.json', { host: 'auth' });

const table = () => endpoints().tables.main;
const db = documentClient();

export async function storedBooking(accountId: string, bookingId: string): Promise<Json | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: table(), Key: { pk: `ACCOUNT#${accountId}`, sk: `BOOKING#${bookingId}` } }),
  );
  return Item;
}

/** Moves a running hold into the past, as if the partner had waited 30 minutes. */
export async function endHold(accountId: string, bookingId: string): Promise<void> {
  const past = new Date(Date.now() - 1000).toISOString();
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: `ACCOUNT#${accountId}`, sk: `BOOKING#${bookingId}` },
      UpdateExpression: 'SET hold_expires_at = :past, sweep_sk = :sk',
      ConditionExpression: '#status = :issued',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':past': past,
        ':sk': `${past}#${accountId}#${bookingId}`,
        ':issued': 'Issued',
      },
    }),
  );
}

/**
 * The outbox events of one booking, oldest first, once the events of its latest change are out: the
 * processor publishes them from the booking's stream record, a moment after the change committed.
 */
export async function eventsOf(bookingId: string): Promise<Json[]> {
  const scanEvents = () =>
    scanMainTable('entity = :event AND ordering_key = :booking', {
      ':event': 'Event',
      ':booking': bookingId,
    });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [booking] = await scanMainTable('entity = :booking AND booking_id = :id', {
      ':booking': 'Booking',
      ':id': bookingId,
    });
    const events = await scanEvents();
    const latest = typeof booking?.change_id === 'string' ? booking.change_id : undefined;
    const published =
      latest === undefined ||
      eventTypes.some((type) => events.some((event) => event.event_id === changeEventId(latest, type)));
    if (published || Date.now() > deadline) {
      // A scan pages through the table while the processor writes, so it can hold one event of the
      // latest change but not its sibling; they commit together, so a scan started now holds both.
      const complete = published ? await scanEvents() : events;
      return complete.sort((a, b) => String(a.timestamp).localeCompare(String(b.timestamp)));
    }
    await sleep(100);
  }
}

const eventTypes = ['booking.status.changed', 'pass.status.changed'] as const;

/**
 * A booking the processor has not reached yet. Racing the processor would make the test flaky, so an
 * issued booking is put back to Processing (no pass) behind the API: the processor only acts on inserts.
 */
export async function asIfStillProcessing(accountId: string, bookingId: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: `ACCOUNT#${accountId}`, sk: `BOOKING#${bookingId}` },
      UpdateExpression:
        'SET #status = :processing, pass_id = :none, hold_expires_at = :none REMOVE sweep_pk, sweep_sk, pass',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':processing': 'Processing', ':none': null },
    }),
  );
}
