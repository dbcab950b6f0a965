import { randomUUID } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../../shared/config/env.ts';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { ddb } from '../../../shared/db/client.ts';
import { collectConsumedCapacity, withConsumedCapacity } from '../../../shared/db/consumed-capacity.ts';
import { endpoints } from '../../support/api.ts';

/**
 * The bench's capacity collector (docs/bench.md, section 9) against DynamoDB Local: it reports what
 * DynamoDB's published rules say, so the bench's figures are DynamoDB's, not the emulator's quirks.
 */
let uninstall: () => void;

beforeAll(() => {
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
  uninstall = collectConsumedCapacity();
});

afterAll(() => uninstall());

const kilobytes = (size: number) => 'x'.repeat(size * 1024 - 200);
const item = (size: number) => ({
  pk: `TEST#capacity#${randomUUID()}`,
  sk: 'ITEM',
  payload: kilobytes(size),
});
const table = () => config().mainTableName;

describe('consumed capacity collector (DynamoDB Local)', () => {
  it('counts one write unit per KB written', async () => {
    const small = item(1);
    const larger = item(3);
    const { capacity } = await withConsumedCapacity(async () => {
      await ddb().send(new PutCommand({ TableName: table(), Item: small }));
      await ddb().send(new PutCommand({ TableName: table(), Item: larger }));
    });
    expect(capacity).toMatchObject({ read: 0, write: 1 + 3, unreported: [], requests: { PutItem: 2 } });
  });

  it('counts a read unit per 4 KB read consistently, half of it eventually consistent', async () => {
    const stored = item(6);
    await ddb().send(new PutCommand({ TableName: table(), Item: stored }));
    const Key = { pk: stored.pk, sk: stored.sk };
    const consistent = await withConsumedCapacity(() =>
      ddb().send(new GetCommand({ TableName: table(), Key, ConsistentRead: true })),
    );
    const eventual = await withConsumedCapacity(() =>
      ddb().send(new GetCommand({ TableName: table(), Key })),
    );
    expect(consistent.capacity.read).toBe(2);
    expect(eventual.capacity.read).toBe(1);
  });

  it('counts a transaction twice: put, update and delete of small items', async () => {
    const [updated, deleted] = [item(1), item(1)];
    await ddb().send(new PutCommand({ TableName: table(), Item: updated }));
    await ddb().send(new PutCommand({ TableName: table(), Item: deleted }));
    const { capacity } = await withConsumedCapacity(() =>
      ddb().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table(), Item: item(1) } },
            {
              Update: {
                TableName: table(),
                Key: { pk: updated.pk, sk: updated.sk },
                UpdateExpression: 'SET touched = :yes',
                ExpressionAttributeValues: { ':yes': true },
              },
            },
            { Delete: { TableName: table(), Key: { pk: deleted.pk, sk: deleted.sk } } },
          ],
        }),
      ),
    );
    expect(capacity).toMatchObject({
      write: 3 * 2,
      computed: ['TransactWriteItems'],
      unreported: [],
      requests: { TransactWriteItems: 1 },
    });
  });

  it('computes a transaction from item sizes: DynamoDB Local counts equal items of a table once', async () => {
    const transaction = (sizes: number[]) =>
      new TransactWriteCommand({
        TransactItems: sizes.map((size) => ({ Put: { TableName: table(), Item: item(size) } })),
      });
    const equal = await withConsumedCapacity(() => ddb().send(transaction([1, 1])));
    const unequal = await withConsumedCapacity(() => ddb().send(transaction([1, 3])));
    expect(equal.capacity.write).toBe(2 + 2);
    expect(unequal.capacity.write).toBe(2 + 6);
    // What DynamoDB Local itself answers for two 1 KB puts: 2 units, where DynamoDB charges 4.
    const reported = await ddb().send(
      new TransactWriteCommand({
        TransactItems: [1, 1].map((size) => ({ Put: { TableName: table(), Item: item(size) } })),
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    expect(reported.ConsumedCapacity?.[0]?.CapacityUnits).toBe(2);
  });

  it('counts updates and deletes by the larger of the item before and after', async () => {
    const stored = item(2);
    await ddb().send(new PutCommand({ TableName: table(), Item: stored }));
    const Key = { pk: stored.pk, sk: stored.sk };
    const { capacity } = await withConsumedCapacity(async () => {
      await ddb().send(
        new UpdateCommand({
          TableName: table(),
          Key,
          UpdateExpression: 'REMOVE payload',
        }),
      );
      await ddb().send(new DeleteCommand({ TableName: table(), Key }));
    });
    expect(capacity.write).toBe(2 + 1);
  });

  it('asks for nothing outside a tally: production requests are unchanged', async () => {
    const stored = item(1);
    await ddb().send(new PutCommand({ TableName: table(), Item: stored }));
    const answer = await ddb().send(
      new GetCommand({ TableName: table(), Key: { pk: stored.pk, sk: stored.sk } }),
    );
    expect(answer.ConsumedCapacity).toBeUndefined();
  });
});
