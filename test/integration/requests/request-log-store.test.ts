import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../../infra/local/tables.ts';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { dynamoRequestLog } from '../../../shared/db/entities/request-log.ts';
import { requestLogTable } from '../../../shared/db/tables.ts';
import type { AccountRequestRecord, RequestRecord } from '../../../shared/domain/requests/model.ts';
import type { RequestLogQuery, RequestLogStore } from '../../../shared/domain/requests/ports.ts';
import { endpoints } from '../../support/api.ts';
import { dynamoClient } from '../../support/aws.ts';

let store: RequestLogStore;

beforeAll(async () => {
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
  const client = dynamoClient();
  const { name } = await ensureTable(
    client,
    requestLogTable,
    `request-log-store-${randomUUID().slice(0, 8)}`,
  );
  client.destroy();
  store = dynamoRequestLog({ tableName: name });
});

function aRecord(
  accountId: string,
  receivedAt: string,
  overrides: Partial<RequestRecord> = {},
): AccountRequestRecord {
  return {
    accountId,
    requestId: randomUUID(),
    receivedAt,
    method: 'GET',
    path: '/v2/b2b/rate-limits',
    operationId: 'getRateLimits',
    status: 200,
    code: null,
    durationMs: 3.5,
    clientId: 'pts_client',
    idempotencyStatus: null,
    ...overrides,
  };
}

const window = { since: '2030-03-01T00:00:00.000Z', until: '2030-03-04T23:59:59.999Z' };
const query = (accountId: string, extra: Partial<RequestLogQuery> = {}): RequestLogQuery => ({
  accountId,
  ...window,
  limit: 50,
  ...extra,
});

/** Every page of a read, following the cursor. */
async function allPages(first: RequestLogQuery): Promise<RequestRecord[][]> {
  const pages: RequestRecord[][] = [];
  let cursor: string | undefined;
  do {
    const page = await store.list({ ...first, cursor });
    pages.push(page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 50);
  return pages;
}

describe('the request log store on DynamoDB', () => {
  it('lists an account’s records newest first across days, a page at a time, each once', async () => {
    const accountId = randomUUID();
    const records = [
      aRecord(accountId, '2030-03-01T08:00:00.000Z'),
      aRecord(accountId, '2030-03-01T09:00:00.000Z'),
      aRecord(accountId, '2030-03-03T10:00:00.000Z'),
      aRecord(accountId, '2030-03-04T23:59:59.999Z'),
      aRecord(accountId, '2030-03-05T00:00:00.000Z'),
    ];
    await store.append(records);

    const pages = await allPages(query(accountId, { limit: 2 }));

    const listed = pages.flat().map((record) => record.receivedAt);
    expect(listed).toEqual([
      '2030-03-04T23:59:59.999Z',
      '2030-03-03T10:00:00.000Z',
      '2030-03-01T09:00:00.000Z',
      '2030-03-01T08:00:00.000Z',
    ]);
    expect(pages.every((page) => page.length <= 2)).toBe(true);
  });

  it('keeps each account to its own partitions', async () => {
    const [mine, theirs] = [randomUUID(), randomUUID()];
    await store.append([
      aRecord(mine, '2030-03-02T12:00:00.000Z'),
      aRecord(theirs, '2030-03-02T12:00:01.000Z'),
    ]);

    const page = await store.list(query(mine));

    expect(page.items).toHaveLength(1);
    expect(page.items[0]?.receivedAt).toBe('2030-03-02T12:00:00.000Z');
  });

  it('filters by status, operation and request id within the window, and pages through what they skip', async () => {
    const accountId = randomUUID();
    const refused = aRecord(accountId, '2030-03-02T10:00:00.000Z', {
      status: 422,
      code: 'ValidationError',
      operationId: 'createBooking',
    });
    const others = Array.from({ length: 5 }, (_, index) =>
      aRecord(accountId, `2030-03-02T11:00:0${index}.000Z`),
    );
    await store.append([refused, ...others]);

    const byStatus = (await allPages(query(accountId, { status: 422, limit: 1 }))).flat();
    const byOperation = (await store.list(query(accountId, { operationId: 'createBooking' }))).items;
    const byId = (await store.list(query(accountId, { requestId: refused.requestId }))).items;

    const { accountId: _, ...stored } = refused;
    expect(byStatus).toEqual([stored]);
    expect(byOperation).toEqual([stored]);
    expect(byId).toEqual([stored]);
  });

  it('keeps one record when a batch is delivered twice', async () => {
    const accountId = randomUUID();
    const record = aRecord(accountId, '2030-03-02T10:00:00.000Z');
    await store.append([record]);
    await store.append([record]);

    expect((await store.list(query(accountId))).items).toHaveLength(1);
  });

  it('refuses a cursor it did not give, or one of another window (422)', async () => {
    const accountId = randomUUID();
    const outside = Buffer.from(JSON.stringify({ day: '2029-01-01' })).toString('base64url');

    await expect(store.list(query(accountId, { cursor: 'bm90IGpzb24' }))).rejects.toMatchObject({
      code: 'ValidationError',
    });
    await expect(store.list(query(accountId, { cursor: outside }))).rejects.toMatchObject({
      code: 'ValidationError',
    });
  });
});
