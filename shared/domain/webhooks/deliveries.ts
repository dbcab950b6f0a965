import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError } from '../errors.ts';
import type { Page, PageRequest } from '../ports.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { Delivery } from './model.ts';
import type { DeliveryPorts, RedeliveryPorts } from './ports.ts';
import { getWebhook } from './subscriptions.ts';

function deliveryNotFound(deliveryId: string): NotFoundError {
  return new NotFoundError('WebhookNotFound', `No delivery ${deliveryId} for this subscription.`);
}

export async function listDeliveries(
  ports: Pick<DeliveryPorts, 'webhooks' | 'deliveries'>,
  accountId: string,
  webhookId: string,
  page: PageRequest,
): Promise<Page<Delivery>> {
  await getWebhook(ports, accountId, webhookId);
  return ports.deliveries.list(webhookId, page);
}

export async function getDelivery(
  ports: Pick<DeliveryPorts, 'webhooks' | 'deliveries'>,
  accountId: string,
  webhookId: string,
  deliveryId: string,
): Promise<Delivery> {
  await getWebhook(ports, accountId, webhookId);
  const delivery = await ports.deliveries.find(webhookId, deliveryId);
  if (!delivery) throw deliveryNotFound(deliveryId);
  return delivery;
}

/**
 * Sends an event again with the same id (receivers that processed it dedupe), whatever its status,
 * with a fresh retry schedule. The new claim supersedes any retries still queued; the redelivery goes
 * through the outbox, in the same transaction that takes the claim, while the subscription is active,
 * and counts against the account's webhook action limit unless the ports say `unlimited`.
 */
export async function redeliver(
  ports: RedeliveryPorts,
  accountId: string,
  webhookId: string,
  deliveryId: string,
  uow: UnitOfWork,
  now: Date,
): Promise<Delivery> {
  const webhook = await getWebhook(ports, accountId, webhookId);
  if (webhook.status !== 'Active') {
    throw new ConflictError('WebhookInvalidState', 'The subscription is Disabled: enable it to redeliver.');
  }
  const delivery = await ports.deliveries.find(webhookId, deliveryId);
  if (!delivery) throw deliveryNotFound(deliveryId);
  const claim = randomUUID();
  const timestamp = now.toISOString();
  if (ports.limits !== 'unlimited') uow.stage(ports.limits.take(accountId, now));
  uow.stage(
    ports.webhooks.requireActive(webhook),
    ports.deliveries.reclaim(delivery, claim, timestamp),
    ports.outbox.redelivery(delivery, claim, now),
  );
  return {
    ...delivery,
    claim,
    status: 'Pending',
    statusReason: null,
    nextAttemptAt: null,
    runAttempts: 0,
    updatedAt: timestamp,
  };
}
