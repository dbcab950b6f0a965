import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../../infra/local/tables.ts';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { ddb } from '../../../shared/db/client.ts';
import {
  clientLockoutKeys,
  clientLockoutToItem,
  DynamoLockoutStore,
} from '../../../shared/db/entities/client-lockout.ts';
import { mainTable } from '../../../shared/db/tables.ts';
import { ClientLockout } from '../../../shared/domain/quotas/lockout.ts';
import type { LockoutKey } from '../../../shared/domain/quotas/ports.ts';
import { dynamoClient } from '../../support/aws.ts';
import { onStageTable } from '../catalog/support.ts';

/** The lockout rules on DynamoDB Local, in a table of this file's own. */
const client = dynamoClient();

beforeAll(async () => {
  await onStageTable();
  const table = `client-lockout-${randomUUID()}`;
  await ensureTable(client, mainTable, table);
  process.env.MAIN_TABLE_NAME = table;
  resetModuleCaches();
});
afterAll(() => client.destroy());

const start = Date.parse('2030-03-10T12:00:00.000Z');
const at = (seconds: number) => new Date(start + seconds * 1000);
const newPair = () => ({
  clientId: `pts_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
  source: '192.0.2.44',
});

async function fail(lockout: ClientLockout, pair: LockoutKey, times: number, now: Date) {
  let status = await lockout.check(pair, now);
  for (let attempt = 0; attempt < times; attempt++) status = await lockout.recordFailure(pair, now);
  return status;
}

describe('the client lockout on DynamoDB', () => {
  it('locks at the tenth bad secret, grows the next lockout and forgets the series on success', async () => {
    const lockout = new ClientLockout(new DynamoLockoutStore());
    const pair = newPair();

    expect((await fail(lockout, pair, 9, at(0))).locked).toBe(false);
    expect(await lockout.recordFailure(pair, at(0))).toMatchObject({
      locked: true,
      retryAfterSeconds: 30,
    });
    expect(await fail(lockout, pair, 10, at(30))).toMatchObject({ locked: true, retryAfterSeconds: 60 });

    await lockout.recordSuccess(pair, await lockout.check(pair, at(90)));

    expect((await new DynamoLockoutStore().find(pair, at(90))).pair).toBeUndefined();
  });

  it('counts every one of many concurrent failures and locks exactly once', async () => {
    const store = new DynamoLockoutStore();
    const lockout = new ClientLockout(store);
    const pair = newPair();

    const statuses = await Promise.all(Array.from({ length: 25 }, () => lockout.recordFailure(pair, at(0))));
    const stored = (await store.find(pair, at(0))).pair;

    expect(statuses.filter((status) => status.locked).length).toBeGreaterThanOrEqual(1);
    expect(stored).toMatchObject({ lockouts: 1 });
    // Failures counted before the lock were reset by it; those after it were refused.
    expect(stored?.failures).toBe(0);
    expect(await lockout.check(pair, at(1))).toMatchObject({ locked: true, retryAfterSeconds: 29 });
  });

  it('starts a fresh series over an expired item the TTL has not removed', async () => {
    const pair = newPair();
    await ddb().send(
      new PutCommand({
        TableName: process.env.MAIN_TABLE_NAME,
        Item: clientLockoutToItem({
          ...pair,
          failures: 9,
          lockouts: 4,
          lockedUntilMs: start - 60_000,
          expiresAt: start / 1000 - 1,
        }),
      }),
    );
    const lockout = new ClientLockout(new DynamoLockoutStore());

    expect((await lockout.recordFailure(pair, at(0))).locked).toBe(false);
    const { Item } = await ddb().send(
      new GetCommand({ TableName: process.env.MAIN_TABLE_NAME, Key: clientLockoutKeys(pair) }),
    );
    expect(Item).toMatchObject({ failures: 1, lockouts: 0, ttl: start / 1000 + 86_400 });
    expect(Item).not.toHaveProperty('locked_until_ms');
  });

  it("locks a pair at its threshold and the client everywhere at the ceiling, counting concurrent sources' failures once each", async () => {
    const lockout = new ClientLockout(new DynamoLockoutStore(), {
      threshold: 3,
      baseSeconds: 30,
      maxSeconds: 900,
      forgetAfterSeconds: 86_400,
      clientCeiling: 41,
      clientWindowSeconds: 600,
    });
    const { clientId } = newPair();
    const sources = Array.from({ length: 20 }, (_, index) => ({ clientId, source: `198.51.100.${index}` }));

    await Promise.all(sources.map((source) => fail(lockout, source, 2, at(0))));
    const belowCeiling = await lockout.check({ clientId, source: '203.0.113.1' }, at(1));
    const atCeiling = await fail(lockout, { clientId, source: '198.51.100.0' }, 1, at(2));

    expect(belowCeiling).toEqual({ locked: false, state: undefined });
    expect(atCeiling).toMatchObject({ locked: true, retryAfterSeconds: 598 });
    expect(await lockout.check({ clientId, source: '203.0.113.1' }, at(3))).toMatchObject({
      locked: true,
      retryAfterSeconds: 597,
    });
  });

  it('refuses to count failures while the client is locked', async () => {
    const store = new DynamoLockoutStore();
    const lockout = new ClientLockout(store);
    const pair = newPair();
    await fail(lockout, pair, 10, at(0));

    await store.addFailure(pair, at(5), start / 1000 + 86_400);

    expect((await store.find(pair, at(5))).pair).toMatchObject({ failures: 0, lockouts: 1 });
  });
});
