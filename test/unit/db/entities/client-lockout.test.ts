import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clientFailureWindowToItem,
  clientLockoutFromItem,
  clientLockoutToItem,
  DynamoLockoutStore,
} from '../../../../shared/db/entities/client-lockout.ts';
import type { LockoutState } from '../../../../shared/domain/quotas/ports.ts';
import { useLocalConfig } from '../../auth/local-config.ts';

const client = 'pts_abcdefghijklmnopqrstuvwx';
const pair = { clientId: client, source: '2001:db8::5' };
const now = new Date('2030-03-10T12:00:00.000Z');
const nowSeconds = now.getTime() / 1000;
const state: LockoutState = {
  ...pair,
  failures: 3,
  lockouts: 1,
  lockedUntilMs: null,
  expiresAt: nowSeconds + 60,
};

const ddbMock = mockClient(DynamoDBDocumentClient);
let cleanUp: () => Promise<void>;
beforeEach(async () => {
  ({ cleanUp } = await useLocalConfig());
});
afterEach(async () => {
  ddbMock.reset();
  await cleanUp();
});

const conditionFailed = (item?: Record<string, unknown>) =>
  new ConditionalCheckFailedException({
    message: 'The conditional request failed',
    $metadata: {},
    ...(item ? { Item: marshall(item) } : {}),
  });

describe('client lockout items', () => {
  it('are keyed by client id and source address, expire by the table TTL and map back to the same state', () => {
    const item = clientLockoutToItem({ ...state, lockedUntilMs: now.getTime() });

    expect(item).toMatchObject({
      pk: `LOCKOUT#${client}`,
      sk: 'SOURCE#2001:db8::5',
      entity: 'ClientLockout',
      ttl: nowSeconds + 60,
    });
    expect(clientLockoutFromItem({ ...item })).toEqual({ ...state, lockedUntilMs: now.getTime() });
  });

  it('store no lock time until the client was locked', () => {
    expect(clientLockoutToItem(state)).not.toHaveProperty('locked_until_ms');
  });
});

describe('the DynamoDB lockout store', () => {
  it('reads both records strongly consistent, side by side, and ignores items whose TTL has passed', async () => {
    ddbMock.on(GetCommand).resolves({ Item: clientLockoutToItem({ ...state, expiresAt: nowSeconds }) });

    expect(await new DynamoLockoutStore().find(pair, now)).toEqual({ pair: undefined, client: undefined });
    expect(ddbMock.commandCalls(GetCommand).map((call) => call.args[0].input)).toEqual([
      expect.objectContaining({
        Key: { pk: `LOCKOUT#${client}`, sk: 'SOURCE#2001:db8::5' },
        ConsistentRead: true,
      }),
      expect.objectContaining({ Key: { pk: `LOCKOUT#${client}`, sk: 'ALL_SOURCES' }, ConsistentRead: true }),
    ]);
  });

  it('counts a failure atomically, only on a live record that is not locked', async () => {
    ddbMock.on(UpdateCommand).resolves({ Attributes: clientLockoutToItem({ ...state, failures: 4 }) });

    const after = await new DynamoLockoutStore().addFailure(pair, now, nowSeconds + 86_400);

    expect(after.failures).toBe(4);
    expect(ddbMock.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      UpdateExpression: expect.stringContaining('ADD failures :one'),
      ConditionExpression:
        'attribute_not_exists(pk) OR (#ttl > :nowSeconds AND ' +
        '(attribute_not_exists(locked_until_ms) OR locked_until_ms <= :nowMs))',
      ExpressionAttributeValues: expect.objectContaining({
        ':ttl': nowSeconds + 86_400,
        ':nowMs': now.getTime(),
      }),
      ReturnValues: 'ALL_NEW',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
  });

  it('leaves a locked client as it is and returns its lockout', async () => {
    const locked = clientLockoutToItem({ ...state, failures: 0, lockedUntilMs: now.getTime() + 30_000 });
    ddbMock.on(UpdateCommand).rejects(conditionFailed({ ...locked }));

    const after = await new DynamoLockoutStore().addFailure(pair, now, nowSeconds + 86_400);

    expect(after).toMatchObject({ failures: 0, lockedUntilMs: now.getTime() + 30_000 });
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('replaces an expired record the TTL has not removed yet with a fresh series', async () => {
    const expired = clientLockoutToItem({ ...state, failures: 9, lockouts: 5, expiresAt: nowSeconds - 1 });
    ddbMock.on(UpdateCommand).rejects(conditionFailed({ ...expired }));
    ddbMock.on(PutCommand).resolves({});

    const after = await new DynamoLockoutStore().addFailure(pair, now, nowSeconds + 86_400);

    expect(after).toEqual({
      ...pair,
      failures: 1,
      lockouts: 0,
      lockedUntilMs: null,
      expiresAt: nowSeconds + 86_400,
    });
    expect(ddbMock.commandCalls(PutCommand)[0]?.args[0].input).toMatchObject({
      ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :nowSeconds',
    });
  });

  it('gives up after a few rounds of records changing under it', async () => {
    ddbMock.on(UpdateCommand).rejects(conditionFailed());
    ddbMock.on(PutCommand).rejects(conditionFailed());

    await expect(new DynamoLockoutStore().addFailure(pair, now, nowSeconds + 60)).rejects.toThrow(
      /kept changing/,
    );
  });

  it('locks only a live, unlocked record that reached the threshold, and reports a lost race as false', async () => {
    ddbMock.on(UpdateCommand).resolvesOnce({}).rejectsOnce(conditionFailed());
    const store = new DynamoLockoutStore();
    const request = {
      threshold: 10,
      now,
      lockedUntilMs: now.getTime() + 30_000,
      expiresAt: nowSeconds + 90_000,
    };

    expect(await store.lock(pair, request)).toBe(true);
    expect(await store.lock(pair, request)).toBe(false);
    expect(ddbMock.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      UpdateExpression: 'SET failures = :zero, locked_until_ms = :until, #ttl = :ttl ADD lockouts :one',
      ConditionExpression: expect.stringMatching(/^failures >= :threshold AND #ttl > :nowSeconds AND /),
    });
  });

  it("counts a client's failure in its live window without moving the window's end", async () => {
    ddbMock.on(UpdateCommand).resolves({
      Attributes: clientFailureWindowToItem({ clientId: client, failures: 7, endsAt: nowSeconds + 60 }),
    });

    const window = await new DynamoLockoutStore().addClientFailure(client, now, nowSeconds + 900);

    expect(window).toEqual({ clientId: client, failures: 7, endsAt: nowSeconds + 60 });
    expect(ddbMock.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      Key: { pk: `LOCKOUT#${client}`, sk: 'ALL_SOURCES' },
      UpdateExpression: expect.stringContaining('#ttl = if_not_exists(#ttl, :ttl) ADD failures :one'),
      ConditionExpression: 'attribute_not_exists(pk) OR #ttl > :nowSeconds',
    });
  });

  it('starts the next window over one the TTL has not removed yet', async () => {
    ddbMock.on(UpdateCommand).rejects(conditionFailed());
    ddbMock.on(PutCommand).resolves({});

    const window = await new DynamoLockoutStore().addClientFailure(client, now, nowSeconds + 900);

    expect(window).toEqual({ clientId: client, failures: 1, endsAt: nowSeconds + 900 });
    expect(ddbMock.commandCalls(PutCommand)[0]?.args[0].input).toMatchObject({
      Item: { pk: `LOCKOUT#${client}`, sk: 'ALL_SOURCES', entity: 'ClientFailureWindow', failures: 1 },
      ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :nowSeconds',
    });
  });

  it('passes other DynamoDB errors on', async () => {
    ddbMock.on(UpdateCommand).rejects(new Error('throttled'));

    await expect(
      new DynamoLockoutStore().lock(pair, { threshold: 10, now, lockedUntilMs: 1, expiresAt: 1 }),
    ).rejects.toThrow('throttled');
  });

  it('forgets the pair on success', async () => {
    ddbMock.on(DeleteCommand).resolves({});

    await new DynamoLockoutStore().clear(pair);

    expect(ddbMock.commandCalls(DeleteCommand)[0]?.args[0].input.Key).toEqual({
      pk: `LOCKOUT#${client}`,
      sk: 'SOURCE#2001:db8::5',
    });
  });
});
