import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../functions/catalog/handler.ts';
import { lambdaContext } from '../../../infra/local/functions.ts';
import {
  catalogCacheControl,
  catalogMaxStalenessMs,
  catalogRefreshAfterMs,
} from '../../../shared/domain/catalog/freshness.ts';
import { routes } from '../../../shared/routes/index.ts';
import { warmPartnerContainer } from '../support/warm-container.ts';
import { records } from './fixture.ts';

/**
 * The catalog function as Lambda runs it, on a DynamoDB client that counts every request: a warm
 * container answers lists, 304s included, from memory, and reads DynamoDB again only as the stated
 * staleness bound requires (docs/catalog.md, "Served from memory").
 */
const table = 'main-test';
const accountId = '0b6f4b7e-4a53-4bd1-9a51-4c3f2b8e9d10';
const dynamo = mockClient(DynamoDBDocumentClient);
const start = new Date('2030-05-01T10:00:00.000Z');
const partner = warmPartnerContainer({ dynamo, start, accountId, scopes: ['catalog.lounges:read'] });

/** Pointer, default contract and the account's contract for the state read; one snapshot for Query. */
function storedCatalog(version: string, lounges: 'all' | string[] = 'all') {
  const catalog = records();
  const prefixes = { hubs: 'HUB#', amenities: 'AMENITY#', lounges: 'LOUNGE#', fast_tracks: 'FAST_TRACK#' };
  dynamo.on(QueryCommand).resolves({
    Items: Object.entries(prefixes).flatMap(([kind, prefix]) =>
      catalog[kind as keyof typeof prefixes].map((record) => ({
        pk: `CATALOG#${version}`,
        sk: `${prefix}${record.id}`,
        data: record,
      })),
    ),
  });
  dynamo.on(BatchGetCommand).resolves({
    Responses: {
      [table]: [
        { pk: 'CATALOG', sk: 'CURRENT', version, updated_at: '2030-01-02T10:00:00.000Z' },
        {
          pk: `ACCOUNT_ADMIN#${accountId}`,
          sk: 'CATALOG_CONTRACT',
          lounges,
          fast_tracks: 'all',
          tariffs: 'all',
          updated_at: '2030-01-01T00:00:00.000Z',
        },
      ],
    },
  });
}

function listLounges(headers: Record<string, string> = {}): Promise<APIGatewayProxyResult> {
  const event = partner.event({ route: routes.listLounges, headers });
  return handler(event, lambdaContext('catalog', 29_000, 'eu-west-1'));
}

const commands = () => dynamo.calls().map((call) => (call.args[0] as object).constructor.name);
/** Lets a background refresh the request started reach the client before the test counts. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(async () => {
  await partner.warmUp();
  storedCatalog('v1');
  dynamo.resetHistory();
});
afterEach(() => dynamo.reset());

describe('a warm catalog container', () => {
  it('reads the state and the snapshot once when cold, then answers a list with no DynamoDB request', async () => {
    const cold = await listLounges();
    expect(commands().sort()).toEqual(['BatchGetCommand', 'QueryCommand']);
    dynamo.resetHistory();
    vi.setSystemTime(start.getTime() + catalogRefreshAfterMs);

    const warm = await listLounges();
    await settled();

    expect(cold.statusCode).toBe(200);
    expect(warm.statusCode).toBe(200);
    expect(warm.body).toBe(cold.body);
    expect(commands()).toEqual([]);
  });

  it('answers a revalidation 304 with no DynamoDB request', async () => {
    const first = await listLounges();
    const etag = String(first.headers?.ETag);
    dynamo.resetHistory();
    vi.setSystemTime(start.getTime() + catalogRefreshAfterMs);

    const revalidated = await listLounges({ 'If-None-Match': etag });
    await settled();

    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(commands()).toEqual([]);
  });

  it('states its staleness bound in Cache-Control on the 200 and on the 304', async () => {
    const first = await listLounges();
    const revalidated = await listLounges({ 'If-None-Match': String(first.headers?.ETag) });

    expect(catalogCacheControl).toBe(`private, max-age=${catalogMaxStalenessMs / 1000}`);
    expect(first.headers?.['Cache-Control']).toBe(catalogCacheControl);
    expect(revalidated.headers?.['Cache-Control']).toBe(catalogCacheControl);
  });

  it('still answers from memory past the refresh age, with one background read of the state', async () => {
    await listLounges();
    dynamo.resetHistory();
    vi.setSystemTime(start.getTime() + catalogRefreshAfterMs + 1);

    const answer = await listLounges();
    await listLounges();
    await settled();

    expect(answer.statusCode).toBe(200);
    expect(commands()).toEqual(['BatchGetCommand']);
  });

  it('reads the state before answering once its copy is older than the bound, and serves the change', async () => {
    const before = await listLounges();
    const [kept] = records().lounges;
    storedCatalog('v2', [String(kept?.id)]);
    dynamo.resetHistory();
    vi.setSystemTime(start.getTime() + catalogMaxStalenessMs + 1);

    const after = await listLounges({ 'If-None-Match': String(before.headers?.ETag) });

    expect(commands()).toEqual(['BatchGetCommand', 'QueryCommand']);
    expect(after.statusCode).toBe(200);
    expect(after.headers?.ETag).not.toBe(before.headers?.ETag);
    expect(JSON.parse(after.body).data.map((lounge: { id: string }) => lounge.id)).toEqual([kept?.id]);
  });
});
