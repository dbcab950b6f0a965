import type { DomainEvent } from '../../domain/events.ts';
import type { Delivery, Webhook, WebhookRecovery } from '../../domain/webhooks/model.ts';
import { activeRotation, type WebhookWithSecret } from '../../domain/webhooks/subscriptions.ts';

/**
 * Subscriptions and deliveries as the API shows them (shared/schemas/webhooks.ts): to their partner
 * on `/v2/b2b/webhooks`, and to employees on the admin API. The signing secret never appears.
 */
export function webhookView(webhook: Webhook, now: Date) {
  const rotation = activeRotation(webhook, now);
  return {
    id: webhook.webhookId,
    url: webhook.url,
    status: webhook.status,
    disabled_reason: webhook.disabledReason,
    signing: webhook.signing,
    // A public key verifies and cannot sign: unlike a secret, it is shown on every read.
    public_key: webhook.publicKey,
    created_at: webhook.createdAt,
    updated_at: webhook.updatedAt,
    secret_rotation: rotation ? { previous_secret_valid_until: rotation.previousSecretValidUntil } : null,
  };
}

/** A create's or rotation's answer: a generated secret appears here once, and nowhere else. */
export function webhookWithSecretView({ webhook, generatedSecret }: WebhookWithSecret, now: Date) {
  return { ...webhookView(webhook, now), ...(generatedSecret === null ? {} : { secret: generatedSecret }) };
}

/** An account holds at most one subscription: its list is always one page. */
export function webhookListView(webhooks: readonly Webhook[], now: Date) {
  return { data: webhooks.map((webhook) => webhookView(webhook, now)), next_cursor: null };
}

export function deliveryView(delivery: Delivery) {
  const { event } = delivery;
  return {
    id: event.id,
    status: delivery.status,
    status_reason: delivery.statusReason,
    event: { id: event.id, event: event.type, timestamp: event.timestamp, data: event.data },
    attempts: delivery.attempts.map((attempt) => ({
      attempted_at: attempt.attemptedAt,
      status_code: attempt.statusCode,
      latency_ms: attempt.latencyMs,
      error: attempt.error,
    })),
    attempt_counts: delivery.attemptCounts,
    next_attempt_at: delivery.nextAttemptAt,
    created_at: delivery.createdAt,
    updated_at: delivery.updatedAt,
  };
}

export function recoveryView(recovery: WebhookRecovery) {
  return {
    id: recovery.recoveryId,
    status: recovery.status,
    since: recovery.since,
    until: recovery.until,
    event_count: recovery.eventIds.length,
    truncated: recovery.truncated,
    started_at: recovery.startedAt,
  };
}

/** A ping's 202: the event queued for delivery, which its Location shows. */
export function pingView(event: DomainEvent) {
  return { id: event.id, event: 'webhook.ping', timestamp: event.timestamp };
}
