import { maxEnvelopeBytes, serializeEnvelope } from './envelope.ts';
import {
  type Delivery,
  type DeliveryAttempt,
  finalDeliveryStatuses,
  type Webhook,
  type WebhookMessage,
} from './model.ts';
import type { DeliveryProgress, DispatchPorts, OutboundResult } from './ports.ts';
import { retryDelaySeconds, visibilityHop } from './retry.ts';
import { signatureHeaders, type WebhookKey } from './signature.ts';
import { activeRotation } from './subscriptions.ts';

/** How a delivery attempt ended, for the WebhookDeliveries metric (docs/operations.md). */
export type AttemptOutcome = 'delivered' | 'retried' | 'failed' | 'disabled';

/**
 * What the queue does with the message afterwards (the handler maps these onto SQS); `attempt` says
 * how the delivery ended when this message made or settled one.
 */
export type DispatchOutcome =
  | { kind: 'done'; result: string; attempt?: AttemptOutcome }
  /** Keep the message, hidden for this many seconds, and report it as a batch item failure. */
  | { kind: 'retry'; visibilitySeconds: number; result: string; attempt?: AttemptOutcome }
  /** Delivery failed for good: recorded as Failed, the message goes to the dead-letter queue. */
  | { kind: 'dead'; result: string; attempt?: AttemptOutcome };

const userAgent = 'PartnerTravelServices-Webhooks/1.0';

/** Why an event does not concern the account's current subscription, if it does not. */
function notForSubscription(message: WebhookMessage, webhook: Webhook | undefined): string | undefined {
  const { event } = message;
  if (!webhook) return 'no subscription';
  if (message.webhookId !== undefined) {
    return message.webhookId === webhook.webhookId ? undefined : 'redelivery for a deleted subscription';
  }
  if (event.type === 'webhook.ping' && event.data.webhook_id !== webhook.webhookId) {
    return 'ping of a deleted subscription';
  }
  // A subscription receives the events that happen after it was created, not those of a predecessor.
  if (event.timestamp < webhook.createdAt) return 'event predates the subscription';
  return undefined;
}

/** The current key, then the previous one during its grace period, each opened with its own format. */
async function keysOf({ opener }: DispatchPorts, webhook: Webhook, now: Date): Promise<WebhookKey[]> {
  const sealed = [{ sealed: webhook.sealedSecret, format: webhook.keyFormat }];
  if (activeRotation(webhook, now) && webhook.sealedPreviousSecret) {
    sealed.push({ sealed: webhook.sealedPreviousSecret, format: webhook.previousKeyFormat ?? 'utf8' });
  }
  return Promise.all(
    sealed.map(async ({ sealed, format }) => ({
      secret: await opener.open(sealed, webhook.webhookId),
      format,
    })),
  );
}

function attemptError(result: OutboundResult): string | null {
  if (result.error) return result.error;
  const status = result.statusCode ?? 0;
  if (status >= 300 && status < 400) return `redirect (${status}) not followed`;
  return null;
}

type Finish = (progress: Omit<DeliveryProgress, 'runAttempts'>, attempt?: DeliveryAttempt) => Promise<void>;

/**
 * Delivers one queued event to the account's subscription, once per event: the delivery is claimed
 * by the message that first carries the event (duplicates find it taken), every attempt is recorded,
 * 2xx succeeds, 410 disables the subscription, anything else is retried on the schedule, then
 * recorded Failed and dead-lettered. A disabled subscription records the event as Skipped; a deleted
 * one drops it.
 */
export async function dispatchEvent(ports: DispatchPorts, message: WebhookMessage): Promise<DispatchOutcome> {
  const { event, claim } = message;
  const { store, now, sender, settings } = ports;
  const webhook = await store.findWebhookOfAccount(event.accountId);
  const dropReason = notForSubscription(message, webhook);
  if (!webhook || dropReason) return { kind: 'done', result: `dropped: ${dropReason}` };

  const delivery = await store.claimDelivery(webhook.webhookId, event, claim, now().toISOString());
  if (!delivery) return { kind: 'done', result: 'dropped: delivery claimed by another message' };
  if (finalDeliveryStatuses.includes(delivery.status)) return { kind: 'done', result: 'already final' };

  const dueInMs = delivery.nextAttemptAt ? Date.parse(delivery.nextAttemptAt) - now().getTime() : 0;
  if (dueInMs > 1000) {
    return { kind: 'retry', visibilitySeconds: visibilityHop(dueInMs / 1000), result: 'not due yet' };
  }

  const finish: Finish = (progress, attempt) =>
    store.recordDeliveryProgress(
      delivery,
      { ...progress, runAttempts: delivery.runAttempts + (attempt ? 1 : 0) },
      attempt,
      now().toISOString(),
    );

  if (webhook.status === 'Disabled') {
    await finish({ status: 'Skipped', statusReason: 'subscription disabled', nextAttemptAt: null });
    return { kind: 'done', result: 'skipped: subscription disabled' };
  }

  const { body, bytes, tooLarge } = serializeEnvelope(event);
  if (tooLarge) {
    const reason = `the notification is ${bytes} bytes, above the ${maxEnvelopeBytes}-byte limit`;
    await finish({ status: 'Failed', statusReason: reason, nextAttemptAt: null });
    return { kind: 'dead', result: reason, attempt: 'failed' };
  }

  const sentAt = now();
  const result = await sender.post({
    url: webhook.url,
    body,
    timeoutMs: settings.timeoutMs,
    headers: {
      'content-type': 'application/json',
      'user-agent': userAgent,
      ...signatureHeaders({
        id: event.id,
        body,
        signing: webhook.signing,
        keys: await keysOf(ports, webhook, sentAt),
        sentAt,
      }),
    },
  });
  return settle(ports, delivery, webhook, result, sentAt, finish);
}

async function settle(
  ports: DispatchPorts,
  delivery: Delivery,
  webhook: Webhook,
  result: OutboundResult,
  sentAt: Date,
  finish: Finish,
): Promise<DispatchOutcome> {
  const { store, settings, log, now, random } = ports;
  const attempt: DeliveryAttempt = {
    attemptedAt: sentAt.toISOString(),
    statusCode: result.statusCode,
    latencyMs: result.latencyMs,
    error: attemptError(result),
  };
  const status = result.statusCode ?? 0;
  log.info('Webhook attempt', {
    event_id: delivery.event.id,
    webhook_id: webhook.webhookId,
    status_code: result.statusCode,
    latency_ms: result.latencyMs,
    error: attempt.error,
  });

  if (status >= 200 && status < 300) {
    await finish({ status: 'Succeeded', statusReason: null, nextAttemptAt: null }, attempt);
    return { kind: 'done', result: 'delivered', attempt: 'delivered' };
  }
  if (status === 410) {
    const reason = 'the receiver answered 410 Gone';
    // Subscription first: whoever reads the Failed delivery finds the subscription already disabled
    // (an enable made after that read sticks), and a crash between the two writes cannot leave
    // a gone receiver's subscription Active; its retry records the event Skipped instead.
    await store.disableGoneWebhook(webhook, reason, now().toISOString());
    await finish({ status: 'Failed', statusReason: reason, nextAttemptAt: null }, attempt);
    return { kind: 'done', result: 'receiver gone: subscription disabled', attempt: 'disabled' };
  }

  const attemptsMade = delivery.runAttempts + 1;
  const delay = retryDelaySeconds(settings.retryScheduleSeconds, attemptsMade, random);
  if (delay === undefined) {
    const reason = `no success after ${attemptsMade} attempts`;
    await finish({ status: 'Failed', statusReason: reason, nextAttemptAt: null }, attempt);
    return { kind: 'dead', result: reason, attempt: 'failed' };
  }
  const nextAttemptAt = new Date(now().getTime() + delay * 1000).toISOString();
  await finish(
    { status: 'Retrying', statusReason: attempt.error ?? `HTTP ${status}`, nextAttemptAt },
    attempt,
  );
  return {
    kind: 'retry',
    visibilitySeconds: visibilityHop(delay),
    result: `retry in ${delay} s`,
    attempt: 'retried',
  };
}
