import { randomUUID } from 'node:crypto';
import { ConflictError, ServiceUnavailableError, ValidationError } from '../errors.ts';
import { type DomainEvent, newEvent } from '../events.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { type Webhook, type WebhookStatus, webhookNotFound } from './model.ts';
import type { SubscriptionPorts } from './ports.ts';
import {
  generateSecret,
  generateSigningKeyPair,
  type WebhookKeyFormat,
  type WebhookSigning,
} from './signature.ts';

/** docs/webhooks.md: rotate-secret's grace period. */
export const defaultGracePeriodSeconds = 60;

/** Refuses URLs that are not HTTPS, carry credentials or reach a non-public address (422). */
async function checkUrl(ports: Pick<SubscriptionPorts, 'urls'>, url: string): Promise<void> {
  let problem: string | undefined;
  try {
    problem = await ports.urls.problem(url);
  } catch (error) {
    throw new ServiceUnavailableError('The URL could not be checked; retry shortly.', { cause: error });
  }
  if (problem) throw new ValidationError(`The url ${problem}.`, [{ path: 'body.url', message: problem }]);
}

/** The account's subscription with this id; another account's id is indistinguishable from none (404). */
export async function getWebhook(
  ports: Pick<SubscriptionPorts, 'webhooks'>,
  accountId: string,
  webhookId: string,
): Promise<Webhook> {
  const webhook = await ports.webhooks.findOfAccount(accountId);
  if (!webhook || webhook.webhookId !== webhookId) throw webhookNotFound(webhookId);
  return webhook;
}

export async function listWebhooks(
  ports: Pick<SubscriptionPorts, 'webhooks'>,
  accountId: string,
): Promise<Webhook[]> {
  const webhook = await ports.webhooks.findOfAccount(accountId);
  return webhook ? [webhook] : [];
}

/** A subscription as a create or a rotation answers it: with the secret when the service chose it. */
export interface WebhookWithSecret {
  webhook: Webhook;
  /** The generated `whsec_` secret, shown in this one answer and never again; null otherwise. */
  generatedSecret: string | null;
}

/**
 * The key a subscription signs with from now on: the partner's secret (its UTF-8 bytes, whatever it
 * looks like), a generated one or a key pair (both Standard Webhooks serializations, decoded).
 */
function newSigningKey(
  signing: WebhookSigning,
  secret: string | undefined,
): { key: string; keyFormat: WebhookKeyFormat; publicKey: string | null; generatedSecret: string | null } {
  if (signing === 'ed25519') {
    if (secret !== undefined) {
      const message = 'not allowed with signing "ed25519": the service makes the key pair';
      throw new ValidationError(`The secret is ${message}.`, [{ path: 'body.secret', message }]);
    }
    const pair = generateSigningKeyPair();
    return { key: pair.secretKey, keyFormat: 'standard', publicKey: pair.publicKey, generatedSecret: null };
  }
  if (secret !== undefined) return { key: secret, keyFormat: 'utf8', publicKey: null, generatedSecret: null };
  const generated = generateSecret();
  return { key: generated, keyFormat: 'standard', publicKey: null, generatedSecret: generated };
}

/**
 * Subscribes the account's one endpoint. The URL is checked (shape and resolved addresses), the
 * secret (given, generated, or an Ed25519 signing key) sealed; the conditional create refuses a second
 * subscription, also under concurrency (409).
 */
export async function createWebhook(
  ports: SubscriptionPorts,
  accountId: string,
  input: { url: string; secret?: string | undefined; signing: WebhookSigning },
  uow: UnitOfWork,
  now: Date,
): Promise<WebhookWithSecret> {
  if (await ports.webhooks.findOfAccount(accountId)) {
    throw new ConflictError('WebhookAlreadyExists', 'The account already has a webhook subscription.');
  }
  const signingKey = newSigningKey(input.signing, input.secret);
  await checkUrl(ports, input.url);
  const webhookId = randomUUID();
  const timestamp = now.toISOString();
  const webhook: Webhook = {
    webhookId,
    accountId,
    url: input.url,
    status: 'Active',
    disabledReason: null,
    signing: input.signing,
    sealedSecret: await ports.sealer.seal(signingKey.key, webhookId),
    keyFormat: signingKey.keyFormat,
    publicKey: signingKey.publicKey,
    sealedPreviousSecret: null,
    previousKeyFormat: null,
    previousSecretValidUntil: null,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  uow.stage(ports.webhooks.create(webhook));
  return { webhook, generatedSecret: signingKey.generatedSecret };
}

export async function changeWebhookUrl(
  ports: SubscriptionPorts,
  accountId: string,
  webhookId: string,
  url: string,
  uow: UnitOfWork,
  now: Date,
): Promise<Webhook> {
  const webhook = await getWebhook(ports, accountId, webhookId);
  await checkUrl(ports, url);
  const updatedAt = now.toISOString();
  uow.stage(ports.webhooks.update(webhook, { url, updatedAt }));
  return { ...webhook, url, updatedAt };
}

/**
 * Replaces the secret (HMAC: the partner's, or a generated one when none is given) or the key pair
 * (ed25519); the old one keeps signing (second value of the signature headers) until the grace period
 * ends. A rotation inside a grace period drops the oldest secret: two at most.
 */
export async function rotateSecret(
  ports: SubscriptionPorts,
  accountId: string,
  webhookId: string,
  input: { secret?: string | undefined; gracePeriodSeconds: number },
  uow: UnitOfWork,
  now: Date,
): Promise<WebhookWithSecret> {
  const webhook = await getWebhook(ports, accountId, webhookId);
  const signingKey = newSigningKey(webhook.signing, input.secret);
  const sealedSecret = await ports.sealer.seal(signingKey.key, webhookId);
  const validUntil = new Date(now.getTime() + input.gracePeriodSeconds * 1000).toISOString();
  const updatedAt = now.toISOString();
  uow.stage(
    ports.webhooks.rotateSecret(
      webhook,
      { sealedSecret, keyFormat: signingKey.keyFormat, publicKey: signingKey.publicKey },
      validUntil,
      updatedAt,
    ),
  );
  const rotated: Webhook = {
    ...webhook,
    sealedSecret,
    keyFormat: signingKey.keyFormat,
    publicKey: signingKey.publicKey,
    sealedPreviousSecret: webhook.sealedSecret,
    previousKeyFormat: webhook.keyFormat,
    previousSecretValidUntil: validUntil,
    updatedAt,
  };
  return { webhook: rotated, generatedSecret: signingKey.generatedSecret };
}

/** Moves the subscription to `to` from the other status; already there is 409, as is losing a race. */
async function changeStatus(
  ports: SubscriptionPorts,
  target: { accountId: string; webhookId: string },
  change: { to: WebhookStatus; disabledReason: string | null },
  uow: UnitOfWork,
  now: Date,
): Promise<Webhook> {
  const webhook = await getWebhook(ports, target.accountId, target.webhookId);
  const from: WebhookStatus = change.to === 'Active' ? 'Disabled' : 'Active';
  if (webhook.status !== from) {
    throw new ConflictError('WebhookInvalidState', `The subscription is already ${change.to}.`);
  }
  const changes = { status: change.to, disabledReason: change.disabledReason, updatedAt: now.toISOString() };
  uow.stage(ports.webhooks.update(webhook, changes, from));
  return { ...webhook, ...changes };
}

export function disableWebhook(
  ports: SubscriptionPorts,
  accountId: string,
  webhookId: string,
  reason: string | undefined,
  uow: UnitOfWork,
  now: Date,
): Promise<Webhook> {
  return changeStatus(
    ports,
    { accountId, webhookId },
    { to: 'Disabled', disabledReason: reason ?? null },
    uow,
    now,
  );
}

export function enableWebhook(
  ports: SubscriptionPorts,
  accountId: string,
  webhookId: string,
  uow: UnitOfWork,
  now: Date,
): Promise<Webhook> {
  return changeStatus(ports, { accountId, webhookId }, { to: 'Active', disabledReason: null }, uow, now);
}

/** After the delete commits the dispatcher finds no subscription and drops every event, queued ones too. */
export async function deleteWebhook(
  ports: SubscriptionPorts,
  accountId: string,
  webhookId: string,
  uow: UnitOfWork,
): Promise<void> {
  const webhook = await getWebhook(ports, accountId, webhookId);
  uow.stage(ports.webhooks.delete(webhook));
}

/**
 * Emits `webhook.ping` through the outbox, so it takes the path every event takes (202): nothing is
 * sent from the request itself. Counts against the account's webhook action limit.
 */
export async function pingWebhook(
  ports: SubscriptionPorts,
  accountId: string,
  webhookId: string,
  uow: UnitOfWork,
  now: Date,
): Promise<DomainEvent> {
  const webhook = await getWebhook(ports, accountId, webhookId);
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
  uow.stage(
    ports.limits.take(accountId, now),
    ports.webhooks.requireActive(webhook),
    ports.outbox.event(event),
  );
  return event;
}

/** The grace period of the previous secret, while it lasts. */
export function activeRotation(webhook: Webhook, now: Date): { previousSecretValidUntil: string } | null {
  const until = webhook.previousSecretValidUntil;
  if (!webhook.sealedPreviousSecret || !until || Date.parse(until) <= now.getTime()) return null;
  return { previousSecretValidUntil: until };
}
