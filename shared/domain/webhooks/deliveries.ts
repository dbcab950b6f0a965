import { randomUUID } from 'node:crypto';
import {
  findDelivery,
  listDeliveries as queryDeliveries,
  reclaimDelivery,
} from '../../db/entities/delivery.ts';
import { webhookIsActive } from '../../db/entities/webhook.ts';
import { redeliveryWrite } from '../../db/entities/webhook-message.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { Delivery, Page } from './model.ts';
import { getWebhook } from './subscriptions.ts';

function deliveryNotFound(deliveryId: string): NotFoundError {
  return new NotFoundError('WebhookNotFound', `No delivery ${deliveryId} for this subscription.`);
}

export async function listDeliveries(
  accountId: string,
  webhookId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<Delivery>> {
  await getWebhook(accountId, webhookId);
  return queryDeliveries(webhookId, page);
}

export async function getDelivery(
  accountId: string,
  webhookId: string,
  deliveryId: string,
): Promise<Delivery> {
  await getWebhook(accountId, webhookId);
  const delivery = await findDelivery(webhookId, deliveryId);
  if (!delivery) throw deliveryNotFound(deliveryId);
  return delivery;
}

/**
 * Sends an event again with the same id (receivers that processed it dedupe), whatever its status,
 * with a fresh retry schedule. The new claim supersedes any retries still queued; the redelivery goes
 * through the outbox, in the same transaction that takes the claim, while the subscription is active.
 */
export async function redeliver(
  accountId: string,
  webhookId: string,
  deliveryId: string,
  uow: UnitOfWork,
  now: Date,
): Promise<Delivery> {
  const webhook = await getWebhook(accountId, webhookId);
  if (webhook.status !== 'Active') {
    throw new ConflictError('WebhookInvalidState', 'The subscription is Disabled: enable it to redeliver.');
  }
  const delivery = await findDelivery(webhookId, deliveryId);
  if (!delivery) throw deliveryNotFound(deliveryId);
  const claim = randomUUID();
  const timestamp = now.toISOString();
  uow.stage(
    webhookIsActive(accountId, webhookId),
    reclaimDelivery(delivery, claim, timestamp),
    redeliveryWrite(delivery, claim, now),
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
