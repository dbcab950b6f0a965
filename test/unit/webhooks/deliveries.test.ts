import { describe, expect, it } from 'vitest';
import { getDelivery, listDeliveries, redeliver } from '../../../shared/domain/webhooks/deliveries.ts';
import type { DeliveryPorts } from '../../../shared/domain/webhooks/ports.ts';
import { FakeUnitOfWork, refusalOf } from '../support/unit-of-work.ts';
import {
  accountId,
  aDelivery,
  aWebhook,
  CountingLimiter,
  MemoryDeliveries,
  MemoryOutbox,
  MemoryRecoveries,
  MemoryWebhooks,
  now,
  webhookId,
} from './fakes.ts';

const failed = aDelivery({
  status: 'Failed',
  statusReason: 'no success after 8 attempts',
  runAttempts: 8,
  attempts: [{ attemptedAt: '2030-05-01T09:59:02.000Z', statusCode: 500, latencyMs: 20, error: null }],
});

function portsWith(webhook = aWebhook()) {
  return {
    webhooks: new MemoryWebhooks(webhook),
    deliveries: new MemoryDeliveries(failed),
    outbox: new MemoryOutbox(),
    limits: new CountingLimiter(),
    recoveries: new MemoryRecoveries(),
  } satisfies DeliveryPorts;
}

describe('the delivery log', () => {
  it("lists the subscription's deliveries a page at a time", async () => {
    const ports = portsWith();

    const older = aDelivery({
      event: { ...failed.event, id: 'evt-0', timestamp: '2030-05-01T09:00:00.000Z' },
    });
    ports.deliveries.deliveries.set(`${webhookId}/evt-0`, older);

    const first = await listDeliveries(ports, accountId, webhookId, { limit: 1 });
    const cursor = first.nextCursor ?? '';
    const rest = await listDeliveries(ports, accountId, webhookId, { limit: 5, cursor });

    expect(first.items).toEqual([failed]);
    expect(rest).toEqual({ items: [older], nextCursor: null });
    expect(ports.deliveries.listed).toEqual([
      { webhookId, page: { limit: 1 } },
      { webhookId, page: { limit: 5, cursor } },
    ]);
  });

  it("answers WebhookNotFound for another account's subscription, and reads no delivery of it", async () => {
    const ports = portsWith();

    const error = await refusalOf(() => listDeliveries(ports, 'another-account', webhookId, { limit: 5 }));

    expect(error).toMatchObject({ code: 'WebhookNotFound' });
    expect(ports.deliveries.listed).toEqual([]);
  });

  it('finds one delivery by its event id; an unknown one is WebhookNotFound', async () => {
    const ports = portsWith();

    expect(await getDelivery(ports, accountId, webhookId, failed.event.id)).toEqual(failed);
    expect(await refusalOf(() => getDelivery(ports, accountId, webhookId, 'evt-unknown'))).toMatchObject({
      code: 'WebhookNotFound',
      message: 'No delivery evt-unknown for this subscription.',
    });
  });
});

describe('redelivering', () => {
  it('takes the delivery over with a new claim and sends the same event again through the outbox', async () => {
    const ports = portsWith();
    const uow = new FakeUnitOfWork();

    const redelivered = await redeliver(ports, accountId, webhookId, failed.event.id, uow, now);
    uow.commit();

    expect(redelivered).toMatchObject({
      event: failed.event,
      status: 'Pending',
      statusReason: null,
      nextAttemptAt: null,
      runAttempts: 0,
      attempts: failed.attempts,
      updatedAt: now.toISOString(),
    });
    expect(redelivered.claim).not.toBe(failed.claim);
    expect(await ports.deliveries.find(webhookId, failed.event.id)).toEqual(redelivered);
    expect(ports.outbox.redeliveries).toEqual([
      { eventId: failed.event.id, claim: redelivered.claim, webhookId },
    ]);
  });

  it('refuses while the subscription is disabled (409), also when it is disabled before the commit', async () => {
    const disabled = await refusalOf(() =>
      redeliver(
        portsWith(aWebhook({ status: 'Disabled' })),
        accountId,
        webhookId,
        failed.event.id,
        new FakeUnitOfWork(),
        now,
      ),
    );
    const ports = portsWith();
    const uow = new FakeUnitOfWork();
    await redeliver(ports, accountId, webhookId, failed.event.id, uow, now);
    ports.webhooks.webhooks.set(accountId, aWebhook({ status: 'Disabled' }));

    const raced = await refusalOf(() => uow.commit());

    for (const error of [disabled, raced]) expect(error).toMatchObject({ code: 'WebhookInvalidState' });
    expect(ports.outbox.redeliveries).toEqual([]);
  });

  it('answers WebhookNotFound for an unknown delivery', async () => {
    expect(
      await refusalOf(() =>
        redeliver(portsWith(), accountId, webhookId, 'evt-unknown', new FakeUnitOfWork(), now),
      ),
    ).toMatchObject({ code: 'WebhookNotFound' });
  });

  it('counts against the account’s action limit: past it, 429 and the delivery left as it was', async () => {
    const ports = portsWith();
    ports.limits.exhaust(accountId, now);
    const uow = new FakeUnitOfWork();
    await redeliver(ports, accountId, webhookId, failed.event.id, uow, now);

    const refused = await refusalOf(() => uow.commit());

    expect(refused).toMatchObject({ code: 'RateLimitExceeded' });
    expect(await ports.deliveries.find(webhookId, failed.event.id)).toEqual(failed);
    expect(ports.outbox.redeliveries).toEqual([]);
  });

  it('leaves the account’s action limit alone when the ports say unlimited (an employee’s redelivery)', async () => {
    const ports = portsWith();
    ports.limits.exhaust(accountId, now);
    const uow = new FakeUnitOfWork();

    await redeliver({ ...ports, limits: 'unlimited' }, accountId, webhookId, failed.event.id, uow, now);
    uow.commit();

    expect(ports.limits.taken).toBe(10);
    expect(ports.outbox.redeliveries).toHaveLength(1);
  });
});
