import { randomUUID } from 'node:crypto';
import { eventWrite, newEvent } from '../../db/entities/event.ts';
import {
  deleteWebhook as deleteWebhookWrite,
  findWebhookOfAccount,
  putNewWebhook,
  rotateWebhookSecret,
  updateWebhook,
  webhookIsActive,
  webhookNotFound,
} from '../../db/entities/webhook.ts';
import { webhookUrlProblem } from '../../net/webhook-url.ts';
import { ConflictError, ServiceUnavailableError, ValidationError } from '../errors.ts';
import type { DomainEvent } from '../events.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { Webhook } from './model.ts';
import { encryptSecret } from './secret-cipher.ts';

/** partner-api.md, Webhooks: rotate-secret's grace period. */
export const defaultGracePeriodSeconds = 60;

/** Refuses URLs that are not HTTPS, carry credentials or reach a non-public address (422). */
async function checkUrl(url: string): Promise<void> {
  let problem: string | undefined;
  try {
    problem = await webhookUrlProblem(url);
  } catch (error) {
    throw new ServiceUnavailableError('The URL could not be checked; retry shortly.', { cause: error });
  }
  if (problem) throw new ValidationError(`The url ${problem}.`, [{ path: 'body.url', message: problem }]);
}

/** The account's subscription with this id; another account's id is indistinguishable from none (404). */
export async function getWebhook(accountId: string, webhookId: string): Promise<Webhook> {
  const webhook = await findWebhookOfAccount(accountId);
  if (!webhook || webhook.webhookId !== webhookId) throw webhookNotFound(webhookId);
  return webhook;
}

export async function listWebhooks(accountId: string): Promise<Webhook[]> {
  const webhook = await findWebhookOfAccount(accountId);
  return webhook ? [webhook] : [];
}

/**
 * Subscribes the account's one endpoint. The URL is checked (shape and resolved addresses), the
 * secret sealed; the conditional create refuses a second subscription, also under concurrency (409).
 */
export async function createWebhook(
  accountId: string,
  input: { url: string; secret: string },
  uow: UnitOfWork,
  now: Date,
): Promise<Webhook> {
  if (await findWebhookOfAccount(accountId)) {
    throw new ConflictError('WebhookAlreadyExists', 'The account already has a webhook subscription.');
  }
  await checkUrl(input.url);
  const webhookId = randomUUID();
  const timestamp = now.toISOString();
  const webhook: Webhook = {
    webhookId,
    accountId,
    url: input.url,
    status: 'Active',
    disabledReason: null,
    sealedSecret: await encryptSecret(input.secret, webhookId),
    sealedPreviousSecret: null,
    previousSecretValidUntil: null,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  uow.stage(putNewWebhook(webhook));
  return webhook;
}

export async function changeWebhookUrl(
  accountId: string,
  webhookId: string,
  url: string,
  uow: UnitOfWork,
  now: Date,
): Promise<Webhook> {
  const webhook = await getWebhook(accountId, webhookId);
  await checkUrl(url);
  const updatedAt = now.toISOString();
  uow.stage(updateWebhook(accountId, webhookId, { url, updated_at: updatedAt }));
  return { ...webhook, url, updatedAt };
}

/**
 * Replaces the secret; the old one keeps signing (second value of both signature headers) until the
 * grace period ends. A rotation inside a grace period drops the oldest secret: two at most.
 */
export async function rotateSecret(
  accountId: string,
  webhookId: string,
  input: { secret: string; gracePeriodSeconds: number },
  uow: UnitOfWork,
  now: Date,
): Promise<Webhook> {
  const webhook = await getWebhook(accountId, webhookId);
  const sealedSecret = await encryptSecret(input.secret, webhookId);
  const validUntil = new Date(now.getTime() + input.gracePeriodSeconds * 1000).toISOString();
  const updatedAt = now.toISOString();
  uow.stage(rotateWebhookSecret(accountId, webhookId, sealedSecret, validUntil, updatedAt));
  return {
    ...webhook,
    sealedSecret,
    sealedPreviousSecret: webhook.sealedSecret,
    previousSecretValidUntil: validUntil,
    updatedAt,
  };
}

export async function disableWebhook(
  accountId: string,
  webhookId: string,
  reason: string | undefined,
  uow: UnitOfWork,
  now: Date,
): Promise<Webhook> {
  const webhook = await getWebhook(accountId, webhookId);
  if (webhook.status !== 'Active') {
    throw new ConflictError('WebhookInvalidState', 'The subscription is already Disabled.');
  }
  const changes = {
    status: 'Disabled' as const,
    disabled_reason: reason ?? null,
    updated_at: now.toISOString(),
  };
  uow.stage(updateWebhook(accountId, webhookId, changes, 'Active'));
  return {
    ...webhook,
    status: 'Disabled',
    disabledReason: changes.disabled_reason,
    updatedAt: changes.updated_at,
  };
}

export async function enableWebhook(
  accountId: string,
  webhookId: string,
  uow: UnitOfWork,
  now: Date,
): Promise<Webhook> {
  const webhook = await getWebhook(accountId, webhookId);
  if (webhook.status !== 'Disabled') {
    throw new ConflictError('WebhookInvalidState', 'The subscription is already Active.');
  }
  const updatedAt = now.toISOString();
  uow.stage(
    updateWebhook(
      accountId,
      webhookId,
      { status: 'Active', disabled_reason: null, updated_at: updatedAt },
      'Disabled',
    ),
  );
  return { ...webhook, status: 'Active', disabledReason: null, updatedAt };
}

/** After the delete commits the dispatcher finds no subscription and drops every event, queued ones too. */
export async function deleteWebhook(accountId: string, webhookId: string, uow: UnitOfWork): Promise<void> {
  await getWebhook(accountId, webhookId);
  uow.stage(deleteWebhookWrite(accountId, webhookId));
}

/** Emits `webhook.ping` through the outbox, so it takes the path every event takes (202). */
export async function pingWebhook(
  accountId: string,
  webhookId: string,
  uow: UnitOfWork,
  now: Date,
): Promise<DomainEvent> {
  const webhook = await getWebhook(accountId, webhookId);
  if (webhook.status !== 'Active') {
    throw new ConflictError('WebhookInvalidState', 'The subscription is Disabled: enable it to ping.');
  }
  const event = newEvent({
    accountId,
    type: 'webhook.ping',
    orderingKey: `WEBHOOK#${webhookId}`,
    data: { webhook_id: webhookId },
    now,
  });
  uow.stage(webhookIsActive(accountId, webhookId), eventWrite(event));
  return event;
}

/** The grace period of the previous secret, while it lasts. */
export function activeRotation(webhook: Webhook, now: Date): { previousSecretValidUntil: string } | null {
  const until = webhook.previousSecretValidUntil;
  if (!webhook.sealedPreviousSecret || !until || Date.parse(until) <= now.getTime()) return null;
  return { previousSecretValidUntil: until };
}
