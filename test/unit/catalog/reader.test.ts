import { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { sdkStreamMixin } from '@smithy/core/serde';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DynamoCatalogReader } from '../../../shared/db/entities/catalog-reader.ts';
import { listCatalog } from '../../../shared/domain/catalog/service.ts';
import { useLocalConfig } from '../auth/local-config.ts';
import { blob, id, records } from './fixture.ts';

const dynamo = mockClient(DynamoDBDocumentClient);
const accountId = '11111111-1111-4111-8111-111111111111';
const table = 'main-test';

function state(
  version: string,
  contract: Record<string, unknown> = { lounges: 'all', fast_tracks: 'all', tariffs: 'all' },
) {
  dynamo.on(BatchGetCommand).resolves({
    Responses: {
      [table]: [
        { pk: 'CATALOG', sk: 'CURRENT', version, updated_at: '2030-01-02T10:00:00.000Z' },
        {
          pk: `ACCOUNT#${accountId}`,
          sk: 'CATALOG_CONTRACT',
          ...contract,
          updated_at: '2030-01-01T00:00:00.000Z',
        },
      ],
    },
  });
}

function snapshotItems(version: string) {
  const catalog = records();
  const prefixes = {
    hubs: 'HUB#',
    amenities: 'AMENITY#',
    lounges: 'LOUNGE#',
    fast_tracks: 'FAST_TRACK#',
    tariffs: 'TARIFF#',
  };
  return Object.entries(prefixes).flatMap(([kind, prefix]) =>
    catalog[kind as keyof typeof prefixes].map((record) => ({
      pk: `CATALOG#${version}`,
      sk: `${prefix}${record.id}`,
      data: record,
    })),
  );
}

let cleanUp: () => Promise<void>;
beforeEach(async () => {
  ({ cleanUp } = await useLocalConfig());
  dynamo.on(QueryCommand).callsFake((input: { ExpressionAttributeValues: { ':pk': string } }) => ({
    Items: snapshotItems(input.ExpressionAttributeValues[':pk'].replace('CATALOG#', '')),
  }));
});
afterEach(async () => {
  dynamo.reset();
  await cleanUp();
});

describe('the catalog reader', () => {
  it('reads the pointer and the contracts in one BatchGetItem and loads the snapshot once when cold', async () => {
    state('v1');
    const reader = new DynamoCatalogReader();

    const view = await reader.view(accountId);

    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(1);
    expect(dynamo.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.[table]?.Keys).toEqual([
      { pk: 'CATALOG', sk: 'CURRENT' },
      { pk: `ACCOUNT#${accountId}`, sk: 'CATALOG_CONTRACT' },
      { pk: 'CATALOG', sk: 'CONTRACT#DEFAULT' },
    ]);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(1);
    expect(view.snapshot.version).toBe('v1');
  });

  it('costs exactly one DynamoDB round trip per warm read, 304 included', async () => {
    state('v1');
    const reader = new DynamoCatalogReader();
    const first = listCatalog(await reader.view(accountId), 'lounges', { limit: 100, offset: 0 }, {});
    dynamo.resetHistory();

    const again = listCatalog(
      await reader.view(accountId),
      'lounges',
      { limit: 100, offset: 0 },
      {
        ifNoneMatch: first.etag,
      },
    );

    expect(again.notModified).toBe(true);
    expect(dynamo.calls()).toHaveLength(1);
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(1);
  });

  it('loads the new snapshot when the pointer names another version', async () => {
    state('v1');
    const reader = new DynamoCatalogReader();
    await reader.view(accountId);
    state('v2');

    const view = await reader.view(accountId);

    expect(view.snapshot.version).toBe('v2');
    expect(
      dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input.ExpressionAttributeValues),
    ).toEqual([{ ':pk': 'CATALOG#v1' }, { ':pk': 'CATALOG#v2' }]);
  });

  it('uses the contract of the account over the default one, and the default when it has none', async () => {
    state('v1', { lounges: [id(1)], fast_tracks: [], tariffs: [] });
    const reader = new DynamoCatalogReader();
    expect((await reader.view(accountId)).contract.lounges).toEqual([id(1)]);

    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        [table]: [
          { pk: 'CATALOG', sk: 'CURRENT', version: 'v1', updated_at: '2030-01-02T10:00:00.000Z' },
          {
            pk: 'CATALOG',
            sk: 'CONTRACT#DEFAULT',
            lounges: [id(2)],
            fast_tracks: 'all',
            tariffs: 'all',
            updated_at: '2030-01-01T00:00:00.000Z',
          },
        ],
      },
    });
    expect((await reader.view(accountId)).contract.lounges).toEqual([id(2)]);
  });

  it('shows nothing to an account without a contract when there is no default', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        [table]: [{ pk: 'CATALOG', sk: 'CURRENT', version: 'v1', updated_at: '2030-01-02T10:00:00.000Z' }],
      },
    });

    const view = await new DynamoCatalogReader().view(accountId);

    expect(listCatalog(view, 'lounges', { limit: 100, offset: 0 }, {}).body?.pagination.total).toBe(0);
  });

  it('answers an empty catalog before anything is published', async () => {
    dynamo.on(BatchGetCommand).resolves({ Responses: { [table]: [] } });

    const view = await new DynamoCatalogReader().view(accountId);

    expect(view.snapshot.entries('lounges', 'en-US')).toEqual([]);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('reads the keys DynamoDB left unprocessed again', async () => {
    dynamo
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { [table]: [] },
        UnprocessedKeys: { [table]: { Keys: [{ pk: 'CATALOG', sk: 'CURRENT' }] } },
      })
      .resolves({
        Responses: {
          [table]: [{ pk: 'CATALOG', sk: 'CURRENT', version: 'v1', updated_at: '2030-01-02T10:00:00.000Z' }],
        },
      });

    const view = await new DynamoCatalogReader().view(accountId);

    expect(view.snapshot.version).toBe('v1');
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(2);
  });

  it('reads the bytes of an image from the images bucket once per container', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const s3 = mockClient(S3Client);
    s3.on(GetObjectCommand).resolves({ Body: sdkStreamMixin(Readable.from([Buffer.from(bytes)])) });
    const reader = new DynamoCatalogReader();

    await reader.imageBytes(blob);
    const again = await reader.imageBytes(blob);

    expect(again).toEqual(bytes);
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(1);
    expect(s3.commandCalls(GetObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'images-test',
      Key: `images/${blob}`,
    });
    expect(dynamo.calls()).toHaveLength(0);
    s3.restore();
  });
});

describe('the recent view, for callers that accept bounded staleness', () => {
  afterEach(() => vi.useRealTimers());

  it('is the last view read for the account, without a round trip, while it is young enough', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-05-01T10:00:00.000Z') });
    state('v1');
    const reader = new DynamoCatalogReader();
    const read = await reader.view(accountId);
    dynamo.resetHistory();
    vi.setSystemTime(new Date('2030-05-01T10:00:30.000Z'));

    const recent = reader.recentView(accountId, 30_000);

    expect(recent).toBe(read);
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('is nothing once older than the caller accepts, for an account never read, or after the clock stepped back', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-05-01T10:00:00.000Z') });
    state('v1');
    const reader = new DynamoCatalogReader();
    await reader.view(accountId);

    vi.setSystemTime(new Date('2030-05-01T10:00:30.001Z'));
    expect(reader.recentView(accountId, 30_000)).toBeUndefined();
    expect(reader.recentView('22222222-2222-4222-8222-222222222222', 30_000)).toBeUndefined();
    vi.setSystemTime(new Date('2030-05-01T09:59:59.000Z'));
    expect(reader.recentView(accountId, 30_000)).toBeUndefined();
  });

  it('is refreshed by every read, so the catalog operations keep it young', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-05-01T10:00:00.000Z') });
    state('v1', { lounges: [id(1)], fast_tracks: [], tariffs: [] });
    const reader = new DynamoCatalogReader();
    await reader.view(accountId);
    state('v1', { lounges: [id(2)], fast_tracks: [], tariffs: [] });
    vi.setSystemTime(new Date('2030-05-01T10:00:20.000Z'));
    await reader.view(accountId);
    vi.setSystemTime(new Date('2030-05-01T10:00:45.000Z'));

    expect(reader.recentView(accountId, 30_000)?.contract.lounges).toEqual([id(2)]);
  });
});
