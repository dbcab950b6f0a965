import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DynamoCatalogReader } from '../../../shared/db/entities/catalog-reader.ts';
import { catalogMaxStalenessMs, catalogRefreshAfterMs } from '../../../shared/domain/catalog/freshness.ts';
import { listCatalog } from '../../../shared/domain/catalog/service.ts';
import { useLocalConfig } from '../auth/local-config.ts';
import { id, records } from './fixture.ts';

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
          pk: `ACCOUNT_ADMIN#${accountId}`,
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
      { pk: 'CATALOG', sk: 'CONTRACT#DEFAULT' },
      { pk: `ACCOUNT_ADMIN#${accountId}`, sk: 'CATALOG_CONTRACT' },
      // Where contracts were stored before `npm run migrate:account-partitions`.
      { pk: `ACCOUNT#${accountId}`, sk: 'CATALOG_CONTRACT' },
    ]);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(1);
    expect(view.snapshot.version).toBe('v1');
  });

  it('answers a warm read, 304 included, without any DynamoDB request', async () => {
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
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('loads the new snapshot when the pointer names another version', async () => {
    state('v1');
    const reader = new DynamoCatalogReader();
    await reader.view(accountId);
    state('v2');

    const view = await reader.view(accountId, { maxAgeMs: 0 });

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
    expect((await reader.view(accountId, { maxAgeMs: 0 })).contract.lounges).toEqual([id(2)]);
  });

  it('uses a contract stored before the migration of account partitions over the default one', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        [table]: [
          { pk: 'CATALOG', sk: 'CURRENT', version: 'v1', updated_at: '2030-01-02T10:00:00.000Z' },
          { pk: 'CATALOG', sk: 'CONTRACT#DEFAULT', lounges: 'all', fast_tracks: 'all', tariffs: 'all' },
          {
            pk: `ACCOUNT#${accountId}`,
            sk: 'CATALOG_CONTRACT',
            lounges: [id(3)],
            fast_tracks: [],
            tariffs: [],
            updated_at: '2030-01-01T00:00:00.000Z',
          },
        ],
      },
    });
    dynamo.on(QueryCommand).resolves({ Items: [] });

    expect((await new DynamoCatalogReader().view(accountId)).contract.lounges).toEqual([id(3)]);
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
});

describe('the catalog served from memory', () => {
  /** A reader on a clock the test moves. */
  function readerAt(startMs: number) {
    const clock = { now: startMs };
    return { clock, reader: new DynamoCatalogReader({ clock: () => clock.now }) };
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('answers a warm request without any DynamoDB request while the view is young', async () => {
    state('v1');
    const { clock, reader } = readerAt(1_000_000);
    const read = await reader.view(accountId);
    dynamo.resetHistory();
    clock.now += catalogRefreshAfterMs;

    const again = await reader.view(accountId);
    await settled();

    expect(again.snapshot).toBe(read.snapshot);
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('still answers from memory past the refresh age, and one background read brings in a new contract', async () => {
    state('v1', { lounges: [id(1)], fast_tracks: [], tariffs: [] });
    const { clock, reader } = readerAt(1_000_000);
    await reader.view(accountId);
    state('v1', { lounges: [id(2)], fast_tracks: [], tariffs: [] });
    clock.now += catalogRefreshAfterMs + 1;

    const served = await reader.view(accountId);
    await reader.view(accountId);
    await settled();
    const after = await reader.view(accountId);

    expect(served.contract.lounges).toEqual([id(1)]);
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(2);
    expect(after.contract.lounges).toEqual([id(2)]);
  });

  it('reads the state itself before answering once the view is older than the bound', async () => {
    state('v1');
    const { clock, reader } = readerAt(1_000_000);
    await reader.view(accountId);
    state('v2');
    clock.now += catalogMaxStalenessMs + 1;

    const view = await reader.view(accountId);

    expect(view.snapshot.version).toBe('v2');
  });

  it('reads the state itself for an account it has not served, and for a caller that asks for now', async () => {
    state('v1');
    const { reader } = readerAt(1_000_000);
    await reader.view(accountId);
    dynamo.resetHistory();

    await reader.view('22222222-2222-4222-8222-222222222222');
    await reader.view(accountId, { maxAgeMs: 0 });

    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(2);
  });

  it('trusts nothing it read after the clock stepped back', async () => {
    state('v1');
    const { clock, reader } = readerAt(1_000_000);
    await reader.view(accountId);
    dynamo.resetHistory();
    clock.now -= 1_000;

    await reader.view(accountId);

    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(1);
  });

  it('keeps serving within the bound when a background read fails, then reads itself', async () => {
    state('v1');
    const { clock, reader } = readerAt(1_000_000);
    await reader.view(accountId);
    dynamo.on(BatchGetCommand).rejects(new Error('throttled'));
    clock.now += catalogRefreshAfterMs + 1;

    const served = await reader.view(accountId);
    await settled();
    clock.now += catalogMaxStalenessMs;

    expect(served.snapshot.version).toBe('v1');
    await expect(reader.view(accountId)).rejects.toThrow('throttled');
  });

  it('refreshes every account it served in the one background read', async () => {
    const other = '22222222-2222-4222-8222-222222222222';
    state('v1');
    const { clock, reader } = readerAt(1_000_000);
    await reader.view(accountId);
    await reader.view(other);
    dynamo.resetHistory();
    clock.now += catalogRefreshAfterMs + 1;

    await reader.view(other);
    await reader.view(accountId);
    await settled();

    const keys = dynamo
      .commandCalls(BatchGetCommand)
      .flatMap((call) => call.args[0].input.RequestItems?.[table]?.Keys ?? []);
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(1);
    expect(keys).toEqual(
      expect.arrayContaining([
        { pk: 'CATALOG', sk: 'CURRENT' },
        { pk: `ACCOUNT_ADMIN#${other}`, sk: 'CATALOG_CONTRACT' },
      ]),
    );
  });
});
