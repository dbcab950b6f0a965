import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { endedHolds, processingSince, sweepShards } from '../../../shared/db/entities/booking.ts';
import { useLocalConfig } from '../auth/local-config.ts';

const dynamo = mockClient(DynamoDBDocumentClient);
let cleanUp: () => Promise<void>;
beforeAll(async () => {
  ({ cleanUp } = await useLocalConfig());
});
afterEach(() => dynamo.reset());
afterAll(async () => {
  dynamo.restore();
  await cleanUp();
});

/** The same entry whichever index asks: the sweeps read both and count each booking once. */
const entry = (endsAt: string, bookingId: string) => {
  const sortKey = `${endsAt}#acc-1#${bookingId}`;
  return { sweep_sk: sortKey, gsi1sk: sortKey };
};

describe('the ended holds the sweep reads', () => {
  it('come from every shard of the hold index, soonest end first, at most the limit', async () => {
    dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const shard = String(input.ExpressionAttributeValues?.[':pk']);
      if (shard === 'BOOKING_HOLD#3') return { Items: [entry('2030-05-01T09:00:02.000Z', 'b3')] };
      if (shard === 'BOOKING_HOLD#11')
        return {
          Items: [entry('2030-05-01T09:00:01.000Z', 'b11'), entry('2030-05-01T09:00:04.000Z', 'b11x')],
        };
      return { Items: [] };
    });

    const due = await endedHolds(new Date('2030-05-01T10:00:00.000Z'), 2);

    expect(due).toEqual([
      { accountId: 'acc-1', bookingId: 'b11' },
      { accountId: 'acc-1', bookingId: 'b3' },
    ]);
    const shards = dynamo
      .commandCalls(QueryCommand)
      .map((call) => call.args[0].input.ExpressionAttributeValues?.[':pk']);
    expect(new Set(shards).size).toBe(sweepShards);
  });

  it('come from the keys-only sweeps index and from gsi1, where bookings written before it wait for the migration', async () => {
    dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      if (input.ExpressionAttributeValues?.[':pk'] !== 'BOOKING_HOLD#5') return { Items: [] };
      return input.IndexName === 'sweeps'
        ? { Items: [{ sweep_sk: '2030-05-01T09:00:02.000Z#acc-1#new' }] }
        : { Items: [{ gsi1sk: '2030-05-01T09:00:01.000Z#acc-1#old' }] };
    });

    const due = await endedHolds(new Date('2030-05-01T10:00:00.000Z'), 10);

    expect(due).toEqual([
      { accountId: 'acc-1', bookingId: 'old' },
      { accountId: 'acc-1', bookingId: 'new' },
    ]);
    const indexes = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input.IndexName);
    expect(new Set(indexes)).toEqual(new Set(['sweeps', 'gsi1']));
  });
});

describe('the stuck bookings the recovery sweep reads', () => {
  it('come from every shard of the Processing index, oldest first, created at or before the bound', async () => {
    dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const shard = String(input.ExpressionAttributeValues?.[':pk']);
      if (shard === 'BOOKING_PROCESSING#0') return { Items: [entry('2030-05-01T09:00:05.000Z', 'p0')] };
      if (shard === 'BOOKING_PROCESSING#15') return { Items: [entry('2030-05-01T09:00:03.000Z', 'p15')] };
      return { Items: [] };
    });

    const stuck = await processingSince(new Date('2030-05-01T09:58:00.000Z'), 10);

    expect(stuck).toEqual([
      { accountId: 'acc-1', bookingId: 'p15' },
      { accountId: 'acc-1', bookingId: 'p0' },
    ]);
    const inputs = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(new Set(inputs.map((input) => input.ExpressionAttributeValues?.[':pk'])).size).toBe(sweepShards);
    expect(inputs[0]?.ExpressionAttributeValues?.[':until']).toBe('2030-05-01T09:58:00.000Z#~');
  });
});
