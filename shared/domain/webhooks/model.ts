import { NotFoundError } from '../errors.ts';
import type { DomainEvent } from '../events.ts';

export type WebhookStatus = 'Active' | 'Disabled';

/** The account's one subscription. Secrets stay sealed (ports.ts, SecretSealer) everywhere but the dispatcher. */
export interface Webhook {
  webhookId: string;
  accountId: string;
  url: string;
  status: WebhookStatus;
  disabledReason: string | null;
  sealedSecret: string;
  /** The secret before the last rotation, accepted by receivers until `previousSecretValidUntil`. */
  sealedPreviousSecret: string | null;
  previousSecretValidUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Pending: not tried yet. Retrying: failed, tried again at `nextAttemptAt`. The rest are final. */
export type DeliveryStatus = 'Pending' | 'Retrying' | 'Succeeded' | 'Failed' | 'Skipped';

export const finalDeliveryStatuses: readonly DeliveryStatus[] = ['Succeeded', 'Failed', 'Skipped'];

export interface DeliveryAttempt {
  attemptedAt: string;
  /** The receiver's HTTP status; null when it never answered (timeout, refused, TLS, SSRF guard). */
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

/** One event on its way to one subscription; its id is the event id. */
export interface Delivery {
  webhookId: string;
  event: DomainEvent;
  status: DeliveryStatus;
  statusReason: string | null;
  attempts: DeliveryAttempt[];
  nextAttemptAt: string | null;
  /** Who may attempt it: the queue message that first carried the event, or the latest redelivery. */
  claim: string;
  /** Attempts since the claim was taken: the position in the retry schedule. */
  runAttempts: number;
  createdAt: string;
  updatedAt: string;
}

/** One event taken off the webhook queue (shared/db/entities/webhook-message.ts reads it from the message). */
export interface WebhookMessage {
  event: DomainEvent;
  /** Who may attempt the delivery: the first message of an event claims it with its own id. */
  claim: string;
  /** Set on redeliveries: the one subscription they are for. */
  webhookId: string | undefined;
}

/** Another account's subscription is indistinguishable from none. */
export function webhookNotFound(webhookId: string): NotFoundError {
  return new NotFoundError('WebhookNotFound', `No webhook subscription ${webhookId}.`);
}
