import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FunctionModules, lambdaContext } from '../../../infra/local/functions.ts';
import { allowed, callingFunction, touchesOf } from '../../../infra/local/key-access.ts';
import { matchesKeyPattern } from '../../../infra/table-keys.ts';
import { auditTable, idempotencyTable, mainTable } from '../../../shared/db/tables.ts';

const shapes = { Main: mainTable, Idempotency: idempotencyTable, Audit: auditTable } as const;
const shapeOf = (table: string) => shapes[table as keyof typeof shapes];

describe('the local stage’s stand-in for dynamodb:LeadingKeys', () => {
  it('runs each invocation of a function as that function, so its requests get its grants', async () => {
    const fixture = fileURLToPath(new URL('../../fixtures/functions/caller-handler.ts', import.meta.url));
    const functions = new FunctionModules(() => fixture);
    const booking = await functions.handler<unknown, string | undefined>('booking');
    const auth = await functions.handler<unknown, string | undefined>('auth');

    expect(await booking({}, lambdaContext('booking', 1000, 'eu-west-1'))).toBe('booking');
    expect(await auth({}, lambdaContext('auth', 1000, 'eu-west-1'))).toBe('auth');
    expect(callingFunction()).toBeUndefined();
    await expect(functions.handler('not-a-function')).rejects.toThrow(
      /not a function of infra\/functions.ts/,
    );
  });

  it('reads a key pattern as IAM’s StringLike does: * any run, ? one character, the rest literally', () => {
    expect(matchesKeyPattern('LOGIN_CODE#abc', 'LOGIN_CODE#*')).toBe(true);
    expect(matchesKeyPattern('LOGIN_STATE#abc', 'LOGIN_CODE#*')).toBe(false);
    expect(matchesKeyPattern('CATALOG', 'CATALOG')).toBe(true);
    expect(matchesKeyPattern('CATALOG_DRAFT', 'CATALOG')).toBe(false);
    expect(matchesKeyPattern('CATALOG#v1', 'CATALOG#*')).toBe(true);
    expect(matchesKeyPattern('A.B', 'A?B')).toBe(true);
    expect(matchesKeyPattern('AXB', 'A.B')).toBe(false);
  });

  it('finds the partition of every item a transaction writes or checks, marshalled or not', () => {
    const touches = touchesOf(
      'TransactWriteItemsCommand',
      {
        TransactItems: [
          { Put: { TableName: 'Main', Item: { pk: { S: 'ACCOUNT#a' }, sk: { S: 'BOOKING#b' } } } },
          { Update: { TableName: 'Idempotency', Key: { pk: 'USAGE#a#2026-11-28' } } },
          {
            ConditionCheck: {
              TableName: 'Main',
              Key: { pk: { S: 'APPLICATION#c' }, sk: { S: 'APPLICATION' } },
            },
          },
          { Delete: { TableName: 'Main', Key: { pk: { S: 'LOGIN_CODE#h' }, sk: { S: 'LOGIN_CODE' } } } },
        ],
      },
      shapeOf,
    );

    expect(touches).toEqual([
      { table: 'Main', use: 'write', partition: 'ACCOUNT#a' },
      { table: 'Idempotency', use: 'write', partition: 'USAGE#a#2026-11-28' },
      { table: 'Main', use: 'read', partition: 'APPLICATION#c' },
      { table: 'Main', use: 'write', partition: 'LOGIN_CODE#h' },
    ]);
  });

  it('finds the partition a query names through its key condition, on the table or an index', () => {
    const onIndex = touchesOf(
      'QueryCommand',
      {
        TableName: 'Main',
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :until',
        ExpressionAttributeValues: { ':pk': { S: 'BOOKING_HOLD#3' }, ':until': { S: '2026' } },
      },
      shapeOf,
    );
    const withNames = touchesOf(
      'QueryCommand',
      {
        TableName: 'Main',
        KeyConditionExpression: '#pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeNames: { '#pk': 'pk' },
        ExpressionAttributeValues: { ':pk': 'ACCOUNT#a', ':prefix': 'BOOKING#' },
      },
      shapeOf,
    );

    expect(onIndex).toEqual([{ table: 'Main', use: 'read', partition: 'BOOKING_HOLD#3' }]);
    expect(withNames).toEqual([{ table: 'Main', use: 'read', partition: 'ACCOUNT#a' }]);
  });

  it('finds every key of a batch, and no partition in a scan', () => {
    expect(
      touchesOf(
        'BatchWriteItemCommand',
        {
          RequestItems: {
            Main: [
              { PutRequest: { Item: { pk: { S: 'CATALOG#v2' }, sk: { S: 'HUB#1' } } } },
              { DeleteRequest: { Key: { pk: { S: 'CATALOG#v1' }, sk: { S: 'HUB#1' } } } },
            ],
          },
        },
        shapeOf,
      ),
    ).toEqual([
      { table: 'Main', use: 'write', partition: 'CATALOG#v2' },
      { table: 'Main', use: 'write', partition: 'CATALOG#v1' },
    ]);
    expect(touchesOf('ScanCommand', { TableName: 'Main' }, shapeOf)).toEqual([
      { table: 'Main', use: 'read', partition: undefined },
    ]);
    expect(touchesOf('DescribeTableCommand', { TableName: 'Main' }, shapeOf)).toBeUndefined();
  });

  it('refuses the booking function a login code, and lets the auth function write one', () => {
    const loginCode = { table: 'Main', use: 'write', partition: 'LOGIN_CODE#h' } as const;

    expect(allowed('booking', 'main', loginCode)).toBe(false);
    expect(allowed('auth', 'main', loginCode)).toBe(true);
  });

  it('refuses what the function’s access does not grant: writes to a read-only table, reads of an append-only one, any scan', () => {
    expect(allowed('catalog', 'main', { table: 'Main', use: 'write', partition: 'CATALOG' })).toBe(false);
    expect(allowed('catalog', 'main', { table: 'Main', use: 'read', partition: 'CATALOG' })).toBe(true);
    expect(allowed('auth', 'audit', { table: 'Audit', use: 'read', partition: 'AUDIT' })).toBe(false);
    expect(allowed('auth', 'audit', { table: 'Audit', use: 'write', partition: 'AUDIT' })).toBe(true);
    expect(allowed('admin', 'main', { table: 'Main', use: 'read', partition: undefined })).toBe(false);
  });

  it('refuses a partner-facing function the usage counters beyond its own count access', () => {
    expect(
      allowed('booking', 'idempotency', { table: 'Idempotency', use: 'write', partition: 'USAGE#a#d' }),
    ).toBe(true);
    expect(
      allowed('catalog-admin', 'idempotency', { table: 'Idempotency', use: 'write', partition: 'USAGE#a#d' }),
    ).toBe(false);
  });
});
