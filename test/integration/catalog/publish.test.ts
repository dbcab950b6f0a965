import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../../infra/local/tables.ts';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { ddb } from '../../../shared/db/client.ts';
import { publishRecords, putContract } from '../../../shared/db/entities/catalog.ts';
import { DynamoCatalogReader } from '../../../shared/db/entities/catalog-reader.ts';
import { mainTable } from '../../../shared/db/tables.ts';
import type { CatalogRecords, ContractTerms } from '../../../shared/domain/catalog/catalog-stored.ts';
import { dynamoClient } from '../../support/aws.ts';
import { lounge, records } from '../../unit/catalog/fixture.ts';
import { onStageTable } from './support.ts';

/**
 * Publishing against DynamoDB Local, in a table of this file's own: changing the stage's catalog would
 * move the ETags other test files compare.
 */
const accountId = randomUUID();
const client = dynamoClient();

beforeAll(async () => {
  await onStageTable();
  const table = `catalog-publish-${randomUUID()}`;
  await ensureTable(client, mainTable, table);
  process.env.MAIN_TABLE_NAME = table;
  resetModuleCaches();
});
afterAll(() => client.destroy());

const renamed = (name: string): CatalogRecords => {
  const changed = records();
  changed.lounges[0] = lounge(1, name, name);
  return changed;
};
const snapshotSize = async (version: string) =>
  (
    await ddb().send(
      new QueryCommand({
        TableName: process.env.MAIN_TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `CATALOG#${version}` },
      }),
    )
  ).Items?.length ?? 0;

describe('publishing a catalog', () => {
  it('moves readers to the new version, keeps the replaced one and drops the one before it', async () => {
    const reader = new DynamoCatalogReader();
    await putContract(accountId, { lounges: 'all', fast_tracks: 'all', tariffs: 'all' }, new Date());
    const [first, second, third] = [renamed('First'), renamed('Second'), renamed('Third')];

    const firstVersion = (await publishRecords(first, new Date('2030-01-01T00:00:00Z'))).version;
    const before = await reader.view(accountId, { maxAgeMs: 0 });
    const secondVersion = (await publishRecords(second, new Date('2030-01-01T00:00:00.500Z'))).version;
    const after = await reader.view(accountId, { maxAgeMs: 0 });
    const thirdVersion = (await publishRecords(third, new Date('2030-01-02T00:00:00Z'))).version;

    expect(before.snapshot.record('lounges', lounge(1, '', '').id)?.name['en-US']).toBe('First');
    expect(after.snapshot.record('lounges', lounge(1, '', '').id)?.name['en-US']).toBe('Second');
    expect(after.snapshot.updatedAt.getTime() - before.snapshot.updatedAt.getTime()).toBeGreaterThanOrEqual(
      1000,
    );
    expect(await snapshotSize(firstVersion)).toBe(0);
    expect(await snapshotSize(secondVersion)).toBeGreaterThan(0);
    expect((await reader.view(accountId, { maxAgeMs: 0 })).snapshot.version).toBe(thirdVersion);
  });

  it('writes nothing when the content is already published', async () => {
    const catalog = renamed('Same');
    const published = await publishRecords(catalog, new Date());

    expect(await publishRecords(catalog, new Date(Date.now() + 5000))).toMatchObject({
      version: published.version,
      publishedAt: published.publishedAt,
      changed: false,
    });
  });

  it('leaves a contract with unchanged terms, and its change time, as they were', async () => {
    const terms: ContractTerms = { lounges: [lounge(2, '', '').id], fast_tracks: [], tariffs: 'all' };

    expect(await putContract(accountId, terms, new Date())).toBe(true);
    expect(await putContract(accountId, terms, new Date())).toBe(false);
  });
});
