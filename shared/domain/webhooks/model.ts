import { NotFoundError } from '../errors.ts';
import type { DomainEvent } from '../events.ts';
import type { WebhookKeyFormat, WebhookSigning } from './signature.ts';

export type WebhookStatus = 'Active' | 'Disabled';

/** The account's one subscription. Secrets stay sealed (ports.ts, SecretSealer) everywhere but the dispatcher. */
export interface Webhook {
  webhookId: string;
  accountId: string;
  url: string;
  status: WebhookStatus;
  disabledReason: string | null;
  /** How deliveries are signed; subscriptions made before asymmetric signing existed are HMAC. */
  signing: WebhookSigning;
  /** HMAC: the partner's (or a generated) secret; ed25519: the `whsk_` signing key. */
  sealedSecret: string;
  /** How `sealedSecret` becomes key bytes: `utf8` for a secret the partner supplied, `standard` for a generated one. */
  keyFormat: WebhookKeyFormat;
  /** ed25519: the current key pair's `whpk_` public key, shown on every read; null with HMAC. */
  publicKey: string | null;
  /** The secret or key before the last rotation, still signing until `previousSecretValidUntil`. */
  sealedPreviousSecret: string | null;
  /** The previous secret's own format; null without a previous secret. */
  previousKeyFormat: WebhookKeyFormat | null;
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

/** How attempts ended: 2xx, another HTTP status, or no answer at all (timeout, refused, TLS, SSRF guard). */
export type AttemptOutcome = 'delivered' | 'rejected' | 'unreachable';

export function attemptOutcome(attempt: DeliveryAttempt): AttemptOutcome {
  if (attempt.statusCode === null) return 'unreachable';
  return attempt.statusCode >= 200 && attempt.statusCode < 300 ? 'delivered' : 'rejected';
}

/** Every attempt ever made, counted by outcome; only the latest `keptAttempts` are kept in full. */
export interface AttemptCounts {
  total: number;
  delivered: number;
  rejected: number;
  unreachable: number;
}

/**
 * Attempts kept per delivery: a delivery redelivered again and again would otherwise grow without
 * bound (and past DynamoDB's item size); the counts keep the whole history's shape.
 */
export const keptAttempts = 20;

export function countAttempts(attempts: readonly DeliveryAttempt[]): AttemptCounts {
  const counts: AttemptCounts = { total: 0, delivered: 0, rejected: 0, unreachable: 0 };
  for (const attempt of attempts) {
    counts.total++;
    counts[attemptOutcome(attempt)]++;
  }
  return counts;
}

/** One event on its way to one subscription; its id is the event id. */
export interface Delivery {
  webhookId: string;
  event: DomainEvent;
  status: DeliveryStatus;
  statusReason: string | null;
  /** The latest `keptAttempts` attempts, oldest first. */
  attempts: DeliveryAttempt[];
  attemptCounts: AttemptCounts;
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

export type RecoveryStatus = 'Running' | 'Completed';

/**
 * A recovery of a subscription (docs/webhooks.md, Recovery): the events that were Skipped or Failed
 * since a time, sent again in event order, each once. One runs at a time per subscription.
 */
export interface WebhookRecovery {
  recoveryId: string;
  webhookId: string;
  accountId: string;
  status: RecoveryStatus;
  /** Events at or after this time were looked at... */
  since: string;
  /** ...up to this one: the request's time, or earlier when the recovery stopped at its limits. */
  until: string;
  /** The events sent again, oldest first (at most `maxRecoveredEvents`). */
  eventIds: string[];
  /** More Skipped or Failed events may follow `until`: recover again from there once this one completed. */
  truncated: boolean;
  startedAt: string;
  /** A recovery still Running after this is taken as abandoned: a new one may start. */
  leaseUntil: string;
  completedAt: string | null;
}

/** What the dispatcher runs for a recovery: its events, in order (the queue message). */
export interface RecoveryJob {
  recoveryId: string;
  webhookId: string;
  accountId: string;
  eventIds: string[];
}

/** The claim a recovery takes its deliveries with: the same for every message of one recovery. */
export const recoveryClaim = (recoveryId: string) => `recovery:${recoveryId}`;
