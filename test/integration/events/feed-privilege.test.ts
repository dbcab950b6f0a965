import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { checkKeyAccess, runAs } from '../../../infra/local/key-access.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient, dynamoClient } from '../../support/aws.ts';

/*
 * docs/events.md, Data: only the feed writer (booking-processor, the table stream's one Lambda reader)
 * writes an account's feed, beside its bookings' writes; the events API reads it. A forged entry would be listed to the partner as one of its events.
 */
const checked = dynamoClient();
const asFunctions = (() => {
  checkKeyAccess(checked, endpoints().tables);
  return documentClient(checked);
})();
const unchecked = documentClient();

afterAll(() => {
  checked.destroy();
});

const put = (item: Record<string, unknown>) =>
  asFunctions.send(new PutCommand({ TableName: endpoints().tables.main, Item: item }));
const forgedEntry = () => ({ pk: `FEED#${randomUUID()}`, sk: '000000000001', entity: 'FeedEntry' });

describe('least privilege on the events feed, on the local stage', () => {
  it('refuses every function but the feed writer an entry of a feed, the events API included', async () => {
    for (const name of ['events', 'booking', 'webhooks', 'webhook-dispatcher'] as const) {
      const entry = forgedEntry();

      await expect(runAs(name, () => put(entry))).rejects.toMatchObject({ name: 'AccessDeniedException' });
      const stored = await unchecked.send(
        new GetCommand({ TableName: endpoints().tables.main, Key: { pk: entry.pk, sk: entry.sk } }),
      );
      expect(stored.Item).toBeUndefined();
    }
  });

  it('lets the feed writer write a feed and nothing but what its booking use cases write: no delivery, no account record', async () => {
    await runAs('booking-processor', () => put(forgedEntry()));

    for (const item of [
      { pk: `WEBHOOK#${randomUUID()}`, sk: 'DELIVERY', entity: 'Probe' },
      { pk: `ACCOUNT_ADMIN#${randomUUID()}`, sk: 'RECORD', entity: 'Probe' },
    ]) {
      await expect(runAs('booking-processor', () => put(item))).rejects.toMatchObject({
        name: 'AccessDeniedException',
      });
    }
  });

  it('lets the events API read a feed', async () => {
    const read = runAs('events', () =>
      asFunctions.send(
        new GetCommand({
          TableName: endpoints().tables.main,
          Key: { pk: `FEED#${randomUUID()}`, sk: 'COUNTER' },
        }),
      ),
    );

    await expect(read).resolves.toBeDefined();
  });
});
