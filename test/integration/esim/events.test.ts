import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type Receiver, startReceiver, subscribe } from '../webhooks/helpers.ts';
import {
  type EsimPartner,
  esimPartner,
  eventsOf,
  type Json,
  storedEsim,
  sweep,
  timePasses,
} from './helpers.ts';

let partner: EsimPartner;
let receiver: Receiver;

beforeAll(async () => {
  partner = await esimPartner(3, ['esim:write', 'esim:read', 'webhooks']);
  receiver = await startReceiver();
  await subscribe(
    {
      accountId: partner.accountId,
      call: (method, path, body) => partner.partner.call(method, path, body === undefined ? {} : { body }),
    },
    receiver.url,
  );
});

afterAll(async () => {
  await receiver.stop();
});

function delivered(iccid: string): { event: string; data: Json }[] {
  return receiver.received
    .map((received) => JSON.parse(received.body) as { event: string; data: Json })
    .filter((envelope) => envelope.data.iccid === iccid);
}

describe('package events', () => {
  it('each reach the subscription exactly once: 80 % used, exhausted, expired', async () => {
    const esim = await partner.issued();
    const iccid = esim.iccid as string;
    const packageId = (esim.packages as Json[])[0]?.package_id;

    // 820 of 1024 MB is the first report at or above 80 %; the next ones stay above it.
    await partner.usage(iccid, 819);
    await partner.usage(iccid, 1);
    await partner.usage(iccid, 100);
    await partner.usage(iccid, 500);
    await timePasses(partner.accountId, iccid);
    // Two sweeps racing, then one more: the expiry is still sent once.
    await Promise.all([sweep(), sweep()]);
    await sweep();

    const events = await eventually(() => {
      const found = delivered(iccid);
      expect(found).toHaveLength(3);
      return found;
    });
    expect(events.map((envelope) => envelope.event).sort()).toEqual([
      'esim.package.exhausted',
      'esim.package.expired',
      'esim.package.usage_threshold_reached',
    ]);
    const byType = Object.fromEntries(events.map((envelope) => [envelope.event, envelope.data]));
    expect(byType['esim.package.usage_threshold_reached']).toEqual({
      iccid,
      package_id: packageId,
      data_mb: 1024,
      used_mb: 820,
      threshold: 80,
    });
    expect(byType['esim.package.exhausted']).toEqual({
      iccid,
      package_id: packageId,
      data_mb: 1024,
      used_mb: 1024,
    });
    expect(byType['esim.package.expired']).toEqual({
      iccid,
      package_id: packageId,
      data_mb: 1024,
      used_mb: 1024,
    });
    const outbox = await eventsOf(iccid);
    expect(outbox.map((event) => event.event)).toHaveLength(3);
    expect(new Set(outbox.map((event) => event.ordering_key))).toEqual(new Set([iccid]));
  });

  it('sends the threshold and exhausted events in one go when one usage jumps past both', async () => {
    const iccid = (await partner.issued()).iccid as string;

    await partner.usage(iccid, 2000);

    const events = (await eventsOf(iccid)).map((event) => event.event);
    expect(events.sort()).toEqual(['esim.package.exhausted', 'esim.package.usage_threshold_reached']);
  });
});

describe('expiry', () => {
  it('shows Expired as soon as expires_at has passed, and the sweep records it and leaves the index', async () => {
    const iccid = (await partner.issued()).iccid as string;
    await timePasses(partner.accountId, iccid);

    const before = await partner.call('GET', `/v2/b2b/fulfilment/esims/${iccid}`);
    const storedBefore = await storedEsim(partner.accountId, iccid);
    await sweep();
    const storedAfter = await storedEsim(partner.accountId, iccid);
    const after = await partner.call('GET', `/v2/b2b/fulfilment/esims/${iccid}`);

    expect(before.body.status).toBe('Expired');
    expect((before.body.packages as Json[])[0]?.status).toBe('Expired');
    expect((storedBefore?.packages as Json[] | undefined)?.[0]?.status).toBe('NotActive');
    expect((storedAfter?.packages as Json[] | undefined)?.[0]?.status).toBe('Expired');
    expect(storedAfter?.gsi1pk).toBeUndefined();
    expect(after.body).toEqual({ ...before.body, updated_at: after.body.updated_at });
    expect((await eventsOf(iccid)).map((event) => event.event)).toEqual(['esim.package.expired']);
  });
});
