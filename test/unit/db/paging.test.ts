import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  decodeCursor,
  decodeIndexCursor,
  encodeCursor,
  indexCursor,
  queryGsi1Page,
} from '../../../shared/db/paging.ts';
import { ValidationError } from '../../../shared/domain/errors.ts';
import { useLocalConfig } from '../auth/local-config.ts';

const item = (n: number) => ({
  pk: `APPLICATION#pts_${n}`,
  sk: 'APPLICATION',
  gsi1pk: 'ACCOUNT#a',
  gsi1sk: `APPLICATION#2030-01-0${n}T00:00:00.000Z#pts_${n}`,
  name: `app ${n}`,
});
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('list cursors', () => {
  it('round-trip the position of the last item and nothing else', () => {
    const cursor = indexCursor(item(1));

    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeIndexCursor(cursor, 'ACCOUNT#a', 'APPLICATION#')).toEqual({
      pk: 'APPLICATION#pts_1',
      sk: 'APPLICATION',
      gsi1pk: 'ACCOUNT#a',
      gsi1sk: 'APPLICATION#2030-01-01T00:00:00.000Z#pts_1',
    });
  });

  it.each([
    ['not base64url', 'abc+/='],
    ['not JSON', Buffer.from('{nope').toString('base64url')],
    ['a JSON array', encode(['pk'])],
    ['a key missing', encode({ pk: 'a', sk: 'b', gsi1pk: 'ACCOUNT#a' })],
    ['an extra key', encode({ ...item(1), name: undefined, extra: 'x' })],
    ['a number for a key', encode({ pk: 1, sk: 'b', gsi1pk: 'ACCOUNT#a', gsi1sk: 'APPLICATION#x' })],
    ['another partition', indexCursor({ ...item(1), gsi1pk: 'ACCOUNT#b' })],
    ['another entity type', indexCursor({ ...item(1), gsi1sk: 'BOOKING#x' })],
  ])('refuse a cursor that is %s with 422 on query.cursor', (_case, cursor) => {
    const decode = () => decodeIndexCursor(cursor, 'ACCOUNT#a', 'APPLICATION#');

    expect(decode).toThrow(ValidationError);
    expect(decode).toThrow(
      expect.objectContaining({ errors: [{ path: 'query.cursor', message: 'Invalid cursor' }] }),
    );
  });
});

describe('the cursor codec', () => {
  const bookingKey = 'BOOKING#019a0000-0000-7000-8000-000000000001';
  const isBooking = (position: Record<string, unknown>): position is { sk: string } =>
    typeof position.sk === 'string' && position.sk.startsWith('BOOKING#');

  it('round-trips the position a list resumes after', () => {
    const cursor = encodeCursor({ sk: bookingKey });

    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, isBooking)).toEqual({ sk: bookingKey });
  });

  it.each([
    ['of another entity type', encodeCursor({ sk: 'APPLICATION#x' })],
    ['JSON null', Buffer.from('null').toString('base64url')],
    ['a JSON number', Buffer.from('5').toString('base64url')],
    ['not base64url', `${encodeCursor({ sk: bookingKey })}+/=`],
  ])('refuses a position %s with 422 on query.cursor', (_case, cursor) => {
    const decode = () => decodeCursor(cursor, isBooking);

    expect(decode).toThrow(ValidationError);
    expect(decode).toThrow(
      expect.objectContaining({ errors: [{ path: 'query.cursor', message: 'Invalid cursor' }] }),
    );
  });
});

describe('gsi1 pages', () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  let cleanUp: () => Promise<void>;
  beforeEach(async () => {
    ({ cleanUp } = await useLocalConfig());
  });
  afterEach(async () => {
    dynamo.reset();
    await cleanUp();
  });

  it('read one item more than asked and point the cursor at the last item returned', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [item(3), item(2), item(1)] });

    const page = await queryGsi1Page(
      { gsi1pk: 'ACCOUNT#a', skPrefix: 'APPLICATION#', limit: 2, newestFirst: true },
      (found) => found,
    );

    expect(page.items).toEqual([item(3), item(2)]);
    expect(page.nextCursor).toBe(indexCursor(item(2)));
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toEqual({
      TableName: 'main-test',
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
      ExpressionAttributeValues: { ':pk': 'ACCOUNT#a', ':prefix': 'APPLICATION#' },
      ScanIndexForward: false,
      Limit: 3,
    });
  });

  it('have no cursor on the last page', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [item(1)], LastEvaluatedKey: item(1) });

    const page = await queryGsi1Page({ gsi1pk: 'ACCOUNT#a', skPrefix: 'APPLICATION#', limit: 1 }, String);

    expect(page.nextCursor).toBeNull();
  });

  it('continue after the cursor', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });

    await queryGsi1Page(
      { gsi1pk: 'ACCOUNT#a', skPrefix: 'APPLICATION#', limit: 5, cursor: indexCursor(item(2)) },
      String,
    );

    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input.ExclusiveStartKey).toEqual({
      pk: 'APPLICATION#pts_2',
      sk: 'APPLICATION',
      gsi1pk: 'ACCOUNT#a',
      gsi1sk: 'APPLICATION#2030-01-02T00:00:00.000Z#pts_2',
    });
  });
});
