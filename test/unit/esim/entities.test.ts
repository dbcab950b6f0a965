import { marshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esimChangeWrites, esimFromItem, esimToItem } from '../../../shared/db/entities/esim.ts';
import {
  poolEntryKey,
  poolPartition,
  poolShards,
  randomPointOf,
} from '../../../shared/db/entities/esim-pool.ts';
import {
  matchesWebhookEventFilter,
  parseWebhookMessage,
} from '../../../shared/db/entities/webhook-message.ts';
import { addUsage, expireDue, newPackage, sweepDue } from '../../../shared/domain/esim/lifecycle.ts';
import type { Esim } from '../../../shared/domain/esim/model.ts';
import { useLocalConfig } from '../auth/local-config.ts';
import { accountId, iccids, now, smdpAddress } from './fakes.ts';

let cleanUp: () => Promise<void>;
beforeAll(async () => {
  ({ cleanUp } = await useLocalConfig());
});
afterAll(() => cleanUp());

const day = 86_400_000;
const [iccid] = iccids(1) as [string];
const esim: Esim = {
  iccid,
  accountId,
  orderId: '019a0000-0000-7000-8000-000000000001',
  smdpAddress,
  matchingId: 'AAAAA-BBBBB-CCCCC-DDDDD',
  coverage: ['RU'],
  packages: [
    newPackage(
      {
        packageId: '019a0000-0000-7000-8000-00000000000a',
        packageTemplateId: 'd512d42b-de6f-5a7d-9145-b7f10a7d248f',
        dataMb: 1024,
        activePeriod: 7,
        validityPeriod: 30,
      },
      now,
    ),
  ],
  version: 1,
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
};

describe('the eSIM item', () => {
  it('round-trips through its item, keyed in the account partition', () => {
    const item = esimToItem(esim);

    expect(item).toMatchObject({ pk: `ACCOUNT#${accountId}`, sk: `ESIM#${iccid}`, version: 1 });
    expect(esimFromItem(JSON.parse(JSON.stringify(item)))).toEqual(esim);
  });

  it('sits in the expiry index at its earliest running expires_at, and leaves it once all expired', () => {
    // Issued for 30 days: the sweep first acts 3 days before expires_at (the expiry notice).
    const threeDaysBefore = new Date(now.getTime() + 27 * day).toISOString();

    expect(esimToItem(esim)).toMatchObject({
      gsi1pk: 'ESIM_EXPIRY',
      gsi1sk: `${threeDaysBefore}#${accountId}#${iccid}`,
    });
    const expired = esimToItem(expireDue(esim, new Date(now.getTime() + 31 * day)).esim);
    expect(expired).not.toHaveProperty('gsi1pk');
    expect(expired).not.toHaveProperty('gsi1sk');
  });
});

describe('an eSIM change', () => {
  it('is written on the condition that the version is still the one read', () => {
    const change = addUsage(esim, 10, now, [80]);
    if (!change) throw new Error('no change');

    const [write] = esimChangeWrites({
      before: esim,
      after: { ...change.esim, version: 2 },
      notices: [],
      now,
    });

    expect(write?.item.Put).toMatchObject({
      ConditionExpression: '#version = :read',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':read': 1 },
    });
    expect(write?.onConditionFailed?.(undefined)?.name).toBe('ConcurrentChangeError');
  });

  it('stages its events as outbox items the webhook pipeline forwards, grouped by ICCID', async () => {
    const change = addUsage(esim, 1024, now, [80]);
    if (!change) throw new Error('no change');

    const writes = esimChangeWrites({
      before: esim,
      after: { ...change.esim, version: 2 },
      notices: change.notices,
      now,
    });
    const messages = await Promise.all(
      writes.slice(1).map(async (write) => {
        const record = { eventName: 'INSERT', dynamodb: { NewImage: marshall(write.item.Put?.Item) } };
        expect(matchesWebhookEventFilter(record)).toBe(true);
        return (await parseWebhookMessage(JSON.stringify(record), 'message-1')).event;
      }),
    );

    expect(messages.map((event) => [event.type, event.orderingKey])).toEqual([
      ['esim.package.usage_threshold_reached', iccid],
      ['esim.package.exhausted', iccid],
    ]);
    expect(messages[0]?.data).toEqual({
      iccid,
      package_id: esim.packages[0]?.packageId,
      data_mb: 1024,
      used_mb: 1024,
      threshold: 80,
    });
    expect(messages[1]?.data).toEqual({
      iccid,
      package_id: esim.packages[0]?.packageId,
      data_mb: 1024,
      used_mb: 1024,
    });
  });

  it('stages an expiry notice with the expires_at it is about and its days', async () => {
    const change = sweepDue(esim, new Date(now.getTime() + 27 * day));

    const [, write] = esimChangeWrites({
      before: esim,
      after: { ...change.esim, version: 2 },
      notices: change.notices,
      now,
    });
    const record = { eventName: 'INSERT', dynamodb: { NewImage: marshall(write?.item.Put?.Item) } };
    const { event } = await parseWebhookMessage(JSON.stringify(record), 'message-1');

    expect([event.type, event.data]).toEqual([
      'esim.package.expiring',
      {
        iccid,
        package_id: esim.packages[0]?.packageId,
        expires_at: esim.packages[0]?.expiresAt,
        days_left: 3,
      },
    ]);
  });
});

describe('a package stored before usage thresholds per account', () => {
  it('counts its sent usage_threshold_reached as the 80 % threshold, so that is not sent again', () => {
    const item = JSON.parse(JSON.stringify(esimToItem(esim)));
    const [stored] = item.packages;
    delete stored.thresholds_notified;
    delete stored.expiry_notices;
    stored.notified = ['esim.package.usage_threshold_reached'];

    expect(esimFromItem(item).packages[0]).toMatchObject({
      notified: [],
      thresholdsNotified: [80],
      expiryNotices: [],
    });
  });
});

describe('a pool entry', () => {
  it('is keyed by a hash spread, so sequential ICCIDs scatter over the pool', () => {
    const keys = iccids(5).map((each) => poolEntryKey(accountId, each).sk);

    expect(keys.every((key, index) => key.endsWith(`#${iccids(5)[index]}`))).toBe(true);
    expect([...keys].sort()).not.toEqual(keys);
  });

  it('lives in the shard its spread names, so a load writes to 16 partition keys of the account', () => {
    const keys = iccids(200).map((each) => poolEntryKey(accountId, each));

    for (const key of keys) {
      expect(key.pk).toBe(poolPartition(accountId, Number.parseInt(key.sk.slice(0, 1), 16)));
    }
    expect(new Set(keys.map((key) => key.pk)).size).toBe(poolShards);
  });

  it('is found from a random point of its shard: every point of a shard sorts among its keys', () => {
    for (let shard = 0; shard < poolShards; shard++) {
      expect(randomPointOf(shard).startsWith(shard.toString(16))).toBe(true);
      expect(randomPointOf(shard)).toHaveLength(8);
    }
  });
});
