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
const newClient = () => `pts_${randomUUID().replaceAll('-', '').slice(0, 24)}`;

async function fail(lockout: ClientLockout, clientId: string, times: number, now: Date) {
  let status = await lockout.check(clientId, now);
  for (let attempt = 0; attempt < times; attempt++) status = await lockout.recordFailure(clientId, now);
  return status;
}

describe('the client lockout on DynamoDB', () => {
  it('locks at the tenth bad secret, grows the next lockout and forgets the series on success', async () => {
    const lockout = new ClientLockout(new DynamoLockoutStore());
    const clientId = newClient();

    expect((await fail(lockout, clientId, 9, at(0))).locked).toBe(false);
    expect(await lockout.recordFailure(clientId, at(0))).toMatchObject({
      locked: true,
      retryAfterSeconds: 30,
    });
    expect(await fail(lockout, clientId, 10, at(30))).toMatchObject({ locked: true, retryAfterSeconds: 60 });

    await lockout.recordSuccess(clientId, await lockout.check(clientId, at(90)));

    expect(await new DynamoLockoutStore().find(clientId, at(90))).toBeUndefined();
  });

  it('counts every one of many concurrent failures and locks exactly once', async () => {
    const store = new DynamoLockoutStore();
    const lockout = new ClientLockout(store);
    const clientId = newClient();

    const statuses = await Promise.all(
      Array.from({ length: 25 }, () => lockout.recordFailure(clientId, at(0))),
    );
    const stored = await store.find(clientId, at(0));

    expect(statuses.filter((status) => status.locked).length).toBeGreaterThanOrEqual(1);
    expect(stored).toMatchObject({ lockouts: 1 });
    // Failures counted before the lock were reset by it; those after it were refused.
    expect(stored?.failures).toBe(0);
    expect(await lockout.check(clientId, at(1))).toMatchObject({ locked: true, retryAfterSeconds: 29 });
  });

  it('starts a fresh series over an expired item the TTL has not removed', async () => {
    const clientId = newClient();
    await ddb().send(
      new PutCommand({
        TableName: process.env.MAIN_TABLE_NAME,
        Item: clientLockoutToItem({
          clientId,
          failures: 9,
          lockouts: 4,
          lockedUntilMs: start - 60_000,
          expiresAt: start / 1000 - 1,
        }),
      }),
    );
    const lockout = new ClientLockout(new DynamoLockoutStore());

    expect((await lockout.recordFailure(clientId, at(0))).locked).toBe(false);
    const { Item } = await ddb().send(
      new GetCommand({ TableName: process.env.MAIN_TABLE_NAME, Key: clientLockoutKeys(clientId) }),
    );
    expect(Item).toMatchObject({ failures: 1, lockouts: 0, ttl: start / 1000 + 86_400 });
    expect(Item).not.toHaveProperty('locked_until_ms');
  });

  it('refuses to count failures while the client is locked', async () => {
    const store = new DynamoLockoutStore();
    const lockout = new ClientLockout(store);
    const clientId = newClient();
    await fail(lockout, clientId, 10, at(0));

    await store.addFailure(clientId, at(5), start / 1000 + 86_400);

    expect(await store.find(clientId, at(5))).toMatchObject({ failures: 0, lockouts: 1 });
  });
});
