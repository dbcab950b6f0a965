import { randomUUID } from 'node:crypto';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ensureTable } from '../../../infra/local/tables.ts';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { mainTable } from '../../../shared/db/tables.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient, dynamoClient } from '../../support/aws.ts';
import { bookingPath, call, issuedBooking, partner, storedBooking } from './helpers.ts';

/*
 * The booking sweeps' move from gsi1 to the keys-only `sweeps` index (docs/deploy.md): a booking
 * written before it carries its hold entry as gsi1pk/gsi1sk; the sweeps still find it there,
 * `npm run migrate:booking-sweeps` moves it, and a second run changes nothing.
 */

const accountId = () => partner.accountId as string;

async function storeModules() {
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
  const { endedHolds } = await import('../../../shared/db/entities/booking.ts');
  const { moveBookingSweeps } = await import('../../../shared/db/migrations/booking-sweeps.ts');
  return { endedHolds, moveBookingSweeps };
}

/** The item as the code before the `sweeps` index wrote it: the same keys, in gsi1. */
async function asWrittenBeforeTheIndex(bookingId: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: endpoints().tables.main,
      Key: { pk: `ACCOUNT#${accountId()}`, sk: `BOOKING#${bookingId}` },
      UpdateExpression: 'SET gsi1pk = sweep_pk, gsi1sk = sweep_sk REMOVE sweep_pk, sweep_sk',
      ConditionExpression: 'attribute_exists(sweep_pk)',
    }),
  );
}

describe('a running hold written before the sweeps index', () => {
  it('is found by the expiry sweep before and after the migration, which moves it once', async () => {
    const bookingId = await issuedBooking('lounges');
    const written = await storedBooking(accountId(), bookingId);
    await asWrittenBeforeTheIndex(bookingId);
    const { endedHolds, moveBookingSweeps } = await storeModules();
    // Past the hold's end without moving it: the stage's own sweep leaves the booking alone meanwhile.
    const later = new Date(Date.now() + 3_600_000);
    const heldBefore = await endedHolds(later, 10_000);

    const first = await moveBookingSweeps();
    const moved = await storedBooking(accountId(), bookingId);
    const second = await moveBookingSweeps();
    const heldAfter = await endedHolds(later, 10_000);

    expect(heldBefore).toContainEqual({ accountId: accountId(), bookingId });
    expect(first.moved).toBeGreaterThanOrEqual(1);
    expect(moved).toMatchObject({ sweep_pk: written?.sweep_pk, sweep_sk: written?.sweep_sk });
    expect(moved).not.toHaveProperty('gsi1pk');
    expect(moved).not.toHaveProperty('gsi1sk');
    expect(moved?.change_id).toBe(written?.change_id);
    expect(second.moved).toBe(0);
    expect(await storedBooking(accountId(), bookingId)).toEqual(moved);
    expect(heldAfter).toContainEqual({ accountId: accountId(), bookingId });
  });

  it('leaves gsi1 and the sweep when confirmed before the migration reached it', async () => {
    const bookingId = await issuedBooking('fast-tracks');
    await asWrittenBeforeTheIndex(bookingId);

    const confirm = await call(partner, 'POST', bookingPath('fast-tracks', bookingId, 'confirm'));
    const stored = await storedBooking(accountId(), bookingId);

    expect(confirm.status).toBe(200);
    expect(stored).not.toHaveProperty('gsi1pk');
    expect(String(stored?.sweep_pk ?? '')).not.toMatch(/^BOOKING_HOLD#/);
  });
});

describe('a persistent local stage whose main table predates the sweeps index', () => {
  it('gets the index when the stage starts again', async () => {
    const client = dynamoClient();
    const name = `sweeps-${randomUUID().slice(0, 8)}`;
    const before = mainTable.globalSecondaryIndexes.filter((index) => index.indexName !== 'sweeps');
    await ensureTable(client, { ...mainTable, globalSecondaryIndexes: before }, name);

    await ensureTable(client, mainTable, name);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    client.destroy();

    expect(Table?.GlobalSecondaryIndexes?.find((index) => index.IndexName === 'sweeps')).toMatchObject({
      KeySchema: [
        { AttributeName: 'sweep_pk', KeyType: 'HASH' },
        { AttributeName: 'sweep_sk', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'KEYS_ONLY' },
    });
  });
});
