import { randomUUID } from 'node:crypto';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../functions/catalog/handler.ts';
import { buildProxyEvent } from '../../../infra/local/api-event.ts';
import { lambdaContext } from '../../../infra/local/functions.ts';
import { partnerCertificateSubject } from '../../../shared/auth/certificate-binding.ts';
import { rotateSigningKeys } from '../../../shared/auth/keys.ts';
import { principalStatus } from '../../../shared/auth/principal-status.ts';
import { issuePartnerToken } from '../../../shared/auth/tokens.ts';
import { defaultPartnerCaSubject } from '../../../shared/config/env.ts';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { applicationKeys } from '../../../shared/db/entities/application.ts';
import {
  catalogCacheControl,
  catalogMaxStalenessMs,
  catalogRefreshAfterMs,
} from '../../../shared/domain/catalog/freshness.ts';
import { routes } from '../../../shared/routes/index.ts';
import { secretStore } from '../../../shared/secrets/store.ts';
import { useLocalConfig } from '../auth/local-config.ts';
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
let accessToken: string;
let cleanUp: () => Promise<void>;

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
          pk: `ACCOUNT#${accountId}`,
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
  const route = routes.listLounges;
  const event = buildProxyEvent({
    method: route.method,
    path: route.path,
    rawQuery: '',
    rawHeaders: Object.entries({
      Host: 'api.test.invalid',
      Authorization: `Bearer ${accessToken}`,
      ...headers,
    }).flat(),
    body: Buffer.alloc(0),
    resource: route.path,
    pathParameters: null,
    sourceIp: '127.0.0.1',
    clientCert: {
      clientCertPem: '',
      subjectDN: partnerCertificateSubject(accountId),
      issuerDN: defaultPartnerCaSubject,
      serialNumber: '01',
      validity: { notBefore: 'Jan 1 00:00:00 2030 GMT', notAfter: 'Jan 1 00:00:00 2031 GMT' },
    },
    stage: 'local',
    requestId: randomUUID(),
    now: new Date(),
  });
  return handler(event, lambdaContext('catalog', 29_000, 'eu-west-1'));
}

const commands = () => dynamo.calls().map((call) => (call.args[0] as object).constructor.name);
/** Lets a background refresh the request started reach the client before the test counts. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: start });
  ({ cleanUp } = await useLocalConfig());
  await rotateSigningKeys(secretStore(), start);
  ({ accessToken } = await issuePartnerToken({
    clientId: 'client-1',
    accountId,
    scopes: ['catalog.lounges:read'],
  }));
});
afterAll(async () => {
  vi.useRealTimers();
  dynamo.restore();
  await cleanUp();
});
beforeEach(async () => {
  vi.setSystemTime(start);
  resetModuleCaches();
  // A warm container knows the token's application is active (read once a minute, counted apart).
  dynamo.on(GetCommand, { Key: applicationKeys('client-1') }).resolves({
    Item: { client_id: 'client-1', account_id: accountId, status: 'Active', account_status: 'Active' },
  });
  await principalStatus.requireActive({
    kind: 'partner',
    accountId,
    subject: 'client-1',
    scopes: [],
    tokenId: 'warm-up',
  });
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
