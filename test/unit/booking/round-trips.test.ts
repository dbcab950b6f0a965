import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandInput,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../functions/booking/handler.ts';
import { lambdaContext } from '../../../infra/local/functions.ts';
import { bookingToItem } from '../../../shared/db/entities/booking.ts';
import { catalogMaxStalenessMs, catalogRefreshAfterMs } from '../../../shared/domain/catalog/freshness.ts';
import { routes } from '../../../shared/routes/index.ts';
import { id, records } from '../catalog/fixture.ts';
import { warmPartnerContainer } from '../support/warm-container.ts';
import { accountId, anIssuedBooking, aPass } from './fixtures.ts';

const table = 'main-test';
const dynamo = mockClient(DynamoDBDocumentClient);
const start = new Date('2030-05-01T10:00:00.000Z');
const partner = warmPartnerContainer({ dynamo, start, accountId, scopes: ['booking.lounges:write'] });

/** The catalog as stored: pointer and the account's contract for the state read, one snapshot for Query. */
function storedCatalog(contractedLounges: string[]) {
  const catalog = records();
  const prefixes = { hubs: 'HUB#', amenities: 'AMENITY#', lounges: 'LOUNGE#', fast_tracks: 'FAST_TRACK#' };
  dynamo.on(QueryCommand).resolves({
    Items: Object.entries(prefixes).flatMap(([kind, prefix]) =>
      catalog[kind as keyof typeof prefixes].map((record) => ({
        pk: 'CATALOG#v1',
        sk: `${prefix}${record.id}`,
        data: record,
      })),
    ),
  });
  return [
    { pk: 'CATALOG', sk: 'CURRENT', version: 'v1', updated_at: '2030-01-02T10:00:00.000Z' },
    {
      pk: `ACCOUNT_ADMIN#${accountId}`,
      sk: 'CATALOG_CONTRACT',
      lounges: contractedLounges,
      fast_tracks: [],
      tariffs: [],
      updated_at: '2030-01-01T00:00:00.000Z',
    },
  ];
}

/** BatchGetItem answers the items of the table whose keys were asked for, as DynamoDB does. */
function storedItems(items: readonly { pk: string; sk: string }[]) {
  dynamo.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
    const keys = input.RequestItems?.[table]?.Keys ?? [];
    return {
      Responses: {
        [table]: items.filter((item) => keys.some((key) => key.pk === item.pk && key.sk === item.sk)),
      },
    };
  });
}

async function invoke(
  operationId: 'createLoungeBooking' | 'getLoungePass' | 'confirmLoungeBooking' | 'cancelLoungeBooking',
  spec: { path: string; body?: unknown; pathParameters?: Record<string, string> },
): Promise<APIGatewayProxyResult> {
  const event = partner.event({
    route: routes[operationId],
    path: spec.path,
    ...(spec.pathParameters ? { pathParameters: spec.pathParameters } : {}),
    headers: spec.body ? { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() } : {},
    body: Buffer.from(spec.body ? JSON.stringify(spec.body) : ''),
  });
  return handler(event, lambdaContext('booking', 29_000, 'eu-west-1'));
}

const createLounge = (loungeId: string) =>
  invoke('createLoungeBooking', {
    path: '/v2/b2b/booking/lounges',
    body: {
      lounge_id: loungeId,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      guests: [{ first_name: 'Ada', last_name: 'Lovelace', type: 'Adult', lead: true }],
    },
  });

const commands = () => dynamo.calls().map((call) => (call.args[0] as object).constructor.name);

beforeEach(async () => {
  await partner.warmUp();
  dynamo.on(TransactWriteCommand).resolves({});
  dynamo.resetHistory();
});
afterEach(() => dynamo.reset());

describe('a warm booking create', () => {
  it('makes exactly one DynamoDB call, its transaction, while the catalog in memory is young', async () => {
    storedItems(storedCatalog([id(1)]));
    expect((await createLounge(id(1))).statusCode).toBe(202);
    dynamo.resetHistory();
    vi.setSystemTime(start.getTime() + catalogRefreshAfterMs);

    const created = await createLounge(id(1));

    expect(created.statusCode).toBe(202);
    expect(commands()).toEqual(['TransactWriteCommand']);
  });

  it('answers from memory within the staleness bound and refreshes the catalog in the background', async () => {
    storedItems(storedCatalog([id(1)]));
    await createLounge(id(1));
    dynamo.resetHistory();
    vi.setSystemTime(start.getTime() + catalogMaxStalenessMs);

    const created = await createLounge(id(1));

    expect(created.statusCode).toBe(202);
    expect(commands().sort()).toEqual(['BatchGetCommand', 'TransactWriteCommand']);
  });

  it('reads the catalog state itself once the bound has passed, and sees a withdrawn lounge', async () => {
    storedItems(storedCatalog([id(1)]));
    await createLounge(id(1));
    storedItems(storedCatalog([]));
    dynamo.resetHistory();
    vi.setSystemTime(start.getTime() + catalogMaxStalenessMs + 1);

    const refused = await createLounge(id(1));

    expect(refused.statusCode).toBe(404);
    expect(JSON.parse(refused.body).code).toBe('CatalogResourceNotFound');
    expect(commands()[0]).toBe('BatchGetCommand');
  });

  it('checks a lounge the view in memory does not offer against a read made now', async () => {
    storedItems(storedCatalog([id(1)]));
    await createLounge(id(1));
    storedItems(storedCatalog([id(1), id(2)]));
    dynamo.resetHistory();

    const created = await createLounge(id(2));

    expect(created.statusCode).toBe(202);
    expect(commands()).toEqual(['BatchGetCommand', 'TransactWriteCommand']);
  });
});

const change = { id: 'c0ffee00-0000-4000-8000-000000000001', at: start.toISOString() };

describe('the pass read', () => {
  it('is one strongly consistent GetItem: the pass lives in its booking', async () => {
    const booking = anIssuedBooking({ status: 'Confirmed' });
    dynamo.on(GetCommand).resolves({ Item: bookingToItem(booking, change) });

    const answer = await invoke('getLoungePass', {
      path: `/v2/b2b/booking/lounges/${booking.bookingId}/pass`,
      pathParameters: { bookingID: booking.bookingId },
    });

    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ pass_id: aPass().passId, status: 'Active' });
    expect(commands()).toEqual(['GetCommand']);
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({
      Key: { pk: `ACCOUNT#${accountId}`, sk: `BOOKING#${booking.bookingId}` },
      ConsistentRead: true,
    });
  });

  it('answers 404 BookingNotFound for a booking of another account', async () => {
    dynamo.on(GetCommand).resolves({});

    const answer = await invoke('getLoungePass', {
      path: `/v2/b2b/booking/lounges/${anIssuedBooking().bookingId}/pass`,
      pathParameters: { bookingID: anIssuedBooking().bookingId },
    });

    expect(answer.statusCode).toBe(404);
    expect(JSON.parse(answer.body).code).toBe('BookingNotFound');
  });
});

describe('a confirm without an Idempotency-Key', () => {
  const confirm = (bookingId: string) =>
    invoke('confirmLoungeBooking', {
      path: `/v2/b2b/booking/lounges/${bookingId}/confirm`,
      pathParameters: { bookingID: bookingId },
    });

  it('is one conditional UpdateItem that answers the confirmed booking', async () => {
    const booking = anIssuedBooking();
    dynamo.on(UpdateCommand).resolves({
      Attributes: bookingToItem({ ...booking, status: 'Confirmed', updatedAt: start.toISOString() }, change),
    });

    const answer = await confirm(booking.bookingId);

    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ booking_id: booking.bookingId, status: 'Confirmed' });
    expect(commands()).toEqual(['UpdateCommand']);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      ReturnValues: 'ALL_NEW',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
  });

  it('answers the 409 of the item its failed condition returned, with no read', async () => {
    const booking = anIssuedBooking({ status: 'Canceled' });
    dynamo.on(UpdateCommand).rejects(
      new ConditionalCheckFailedException({
        message: 'The conditional request failed',
        $metadata: {},
        Item: marshall(bookingToItem(booking, change), { removeUndefinedValues: true }),
      }),
    );

    const answer = await confirm(booking.bookingId);

    expect(answer.statusCode).toBe(409);
    expect(JSON.parse(answer.body).code).toBe('BookingAlreadyCanceled');
    expect(commands()).toEqual(['UpdateCommand']);
  });
});

describe('a cancel without an Idempotency-Key', () => {
  const cancel = (bookingId: string) =>
    invoke('cancelLoungeBooking', {
      path: `/v2/b2b/booking/lounges/${bookingId}/cancel`,
      pathParameters: { bookingID: bookingId },
    });

  it('is one conditional UpdateItem that answers the canceled booking', async () => {
    const booking = anIssuedBooking({ status: 'Confirmed' });
    dynamo.on(UpdateCommand).resolves({
      Attributes: bookingToItem({ ...booking, status: 'Canceled', updatedAt: start.toISOString() }, change),
    });

    const answer = await cancel(booking.bookingId);

    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ booking_id: booking.bookingId, status: 'Canceled' });
    expect(commands()).toEqual(['UpdateCommand']);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      ReturnValues: 'ALL_NEW',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
  });

  it('answers the 409 of the item its failed condition returned, with no read', async () => {
    const booking = anIssuedBooking({ status: 'Expired' });
    dynamo.on(UpdateCommand).rejects(
      new ConditionalCheckFailedException({
        message: 'The conditional request failed',
        $metadata: {},
        Item: marshall(bookingToItem(booking, change), { removeUndefinedValues: true }),
      }),
    );

    const answer = await cancel(booking.bookingId);

    expect(answer.statusCode).toBe(409);
    expect(JSON.parse(answer.body).code).toBe('BookingAlreadyCanceled');
    expect(commands()).toEqual(['UpdateCommand']);
  });

  it('answers 404 BookingNotFound when the failed condition found no item, with no read', async () => {
    dynamo
      .on(UpdateCommand)
      .rejects(
        new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }),
      );

    const answer = await cancel(anIssuedBooking().bookingId);

    expect(answer.statusCode).toBe(404);
    expect(JSON.parse(answer.body).code).toBe('BookingNotFound');
    expect(commands()).toEqual(['UpdateCommand']);
  });
});
