import type { DomainEvent } from '../events.ts';
import type { Log, Page, PageRequest } from '../ports.ts';
import type { StagedWrite } from '../unit-of-work.ts';
import type {
  Delivery,
  DeliveryAttempt,
  DeliveryStatus,
  RecoveryJob,
  Webhook,
  WebhookMessage,
  WebhookRecovery,
  WebhookStatus,
} from './model.ts';
import type { WebhookSettings } from './settings.ts';
import type { WebhookKeyFormat } from './signature.ts';

/** Fields of the subscription to change, named as on `Webhook`. */
export interface WebhookChanges {
  url?: string;
  status?: WebhookStatus;
  disabledReason?: string | null;
  updatedAt: string;
}

/**
 * Subscription storage (shared/db/entities/webhook.ts), keyed by the account: at most one per account.
 * A staged write on "this" subscription fails with 404 when it was deleted or replaced meanwhile.
 */
export interface WebhookStore {
  /** Strongly consistent: a disable, delete or rotation applies to the very next delivery attempt. */
  findOfAccount(accountId: string): Promise<Webhook | undefined>;
  /** Refuses a second subscription of the account (409), also when two creates race. */
  create(webhook: Webhook): StagedWrite;
  /** Changes the subscription while it is the one read and, when given, still `expected` (else 409). */
  update(webhook: Webhook, changes: WebhookChanges, expected?: WebhookStatus): StagedWrite;
  /**
   * The stored current secret (with its key format) becomes the previous one, valid until `previousValidUntil`, in the same
   * write: of two racing rotations, each keeps the secret that was current when it committed. `next`
   * carries the new key pair's public key with ed25519 (null with HMAC).
   */
  rotateSecret(webhook: Webhook, next: NextSigningKey, previousValidUntil: string, at: string): StagedWrite;
  delete(webhook: Webhook): StagedWrite;
  /** A condition only, staged beside writes that make sense while the subscription is active (else 409). */
  requireActive(webhook: Webhook): StagedWrite;
}

/** The key a rotation installs: sealed, its format, and its public key when it is an Ed25519 key pair. */
export interface NextSigningKey {
  sealedSecret: string;
  keyFormat: WebhookKeyFormat;
  publicKey: string | null;
}

/** Where a delivery stands after an attempt (or a decision not to attempt). */
export interface DeliveryProgress {
  status: DeliveryStatus;
  statusReason: string | null;
  nextAttemptAt: string | null;
  runAttempts: number;
}

/** The delivery log as partners see it (shared/db/entities/delivery.ts): one delivery per event and subscription. */
export interface DeliveryStore {
  find(webhookId: string, deliveryId: string): Promise<Delivery | undefined>;
  /** Newest first. */
  list(webhookId: string, page: PageRequest): Promise<Page<Delivery>>;
  /** Takes the delivery over with a new claim and a fresh retry schedule. */
  reclaim(delivery: Delivery, claim: string, at: string): StagedWrite;
  /**
   * Skipped or Failed deliveries whose event happened in [since, until], oldest event first, at most
   * `limit`; the read stops early past its budget. `coveredUntil`: the event time up to which every
   * delivery was looked at (`until` when `complete`).
   */
  unsentBetween(
    webhookId: string,
    since: string,
    until: string,
    limit: number,
  ): Promise<{ deliveries: Delivery[]; coveredUntil: string; complete: boolean }>;
}

/** Recoveries of a subscription (shared/db/entities/webhook-recovery.ts). */
export interface RecoveryStore {
  /** The subscription's latest recovery, strongly consistent. */
  latest(webhookId: string): Promise<WebhookRecovery | undefined>;
  /**
   * Records the recovery, refused (409 WebhookRecoveryInProgress) while another one runs, also when
   * two start at once; with the job the dispatcher runs, when it has events.
   */
  start(recovery: WebhookRecovery): StagedWrite[];
}

/** A counter of partner-triggered webhook actions (ping, redeliver, recover) per account and minute. */
export interface ActionLimiter {
  /** Counts one action, refused (429 RateLimitExceeded with Retry-After) past the limit. */
  take(accountId: string, now: Date): StagedWrite;
}

/** The dispatcher's storage (shared/db/entities/delivery.ts); every write is immediate, nothing is staged. */
export interface DispatchStore {
  /** Strongly consistent: a disable, delete or rotation applies to the very next attempt. */
  findWebhookOfAccount(accountId: string): Promise<Webhook | undefined>;
  /**
   * Takes the delivery of `event` for `claim`: created on first sight, continued when the claim is
   * already this one; undefined when another claim holds it (a duplicate or superseded message).
   */
  claimDelivery(
    webhookId: string,
    event: DomainEvent,
    claim: string,
    at: string,
  ): Promise<Delivery | undefined>;
  /** Keeps the attempt always; the progress only while the delivery's claim is still the caller's. */
  recordDeliveryProgress(
    delivery: Delivery,
    progress: DeliveryProgress,
    attempt: DeliveryAttempt | undefined,
    at: string,
  ): Promise<void>;
  /** A receiver answered 410 Gone. A subscription changed meanwhile is left alone. */
  disableGoneWebhook(webhook: Webhook, reason: string, at: string): Promise<void>;
  /**
   * Takes a Skipped or Failed delivery for a recovery (a fresh run under `claim`), or finds it already
   * taken by that claim; undefined when it is gone, succeeded meanwhile or another claim holds it.
   */
  claimForRecovery(
    webhookId: string,
    eventId: string,
    claim: string,
    at: string,
  ): Promise<Delivery | undefined>;
  /** The recovery ran through its events (left alone when a newer recovery replaced it). */
  completeRecovery(job: RecoveryJob, at: string): Promise<void>;
}

/** The outbox (shared/db/entities/event.ts): the table stream carries what it holds to the webhook queue. */
export interface EventOutbox {
  /** Staged beside the change it reports, so the event exists if and only if the change commits. */
  event(event: DomainEvent): StagedWrite;
  /** Sends a delivery's event again, under `claim`, down the path every event takes. */
  redelivery(delivery: Delivery, claim: string, now: Date): StagedWrite;
}

/** Subscribe-time URL check (shared/net/webhook-url.ts): shape, then every address the host resolves to. */
export interface WebhookUrlCheck {
  /** Why the URL is refused, or undefined; throws when the check itself could not run (DNS failing). */
  problem(url: string): Promise<string | undefined>;
}

/** Seals a webhook secret for storage, bound to its subscription id (shared/secrets/webhook-secrets.ts). */
export interface SecretSealer {
  seal(secret: string, webhookId: string): Promise<string>;
}

/** Opens a sealed secret: only the dispatcher, which signs with it, holds one. */
export interface SecretOpener {
  open(sealed: string, webhookId: string): Promise<string>;
}

export interface OutboundRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** What an attempt records: a status when the receiver answered, an error otherwise. */
export interface OutboundResult {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

/** One POST to a receiver behind the SSRF guard (shared/net/safe-https.ts); never throws for the receiver's faults. */
export interface WebhookSender {
  post(request: OutboundRequest): Promise<OutboundResult>;
}

/** What the partner's subscription operations need. */
export interface SubscriptionPorts {
  webhooks: WebhookStore;
  outbox: EventOutbox;
  urls: WebhookUrlCheck;
  sealer: SecretSealer;
  limits: ActionLimiter;
}

/** What the delivery log, redelivery and recovery need. */
export interface DeliveryPorts {
  webhooks: WebhookStore;
  deliveries: DeliveryStore;
  outbox: EventOutbox;
  limits: ActionLimiter;
  recoveries: RecoveryStore;
}

/**
 * Redelivery's ports: a partner's own redelivery counts against its account's action limit; an
 * employee's, for a partner who asked support after an outage, is `unlimited` (it is audited instead).
 */
export type RedeliveryPorts = Pick<DeliveryPorts, 'webhooks' | 'deliveries' | 'outbox'> & {
  limits: ActionLimiter | 'unlimited';
};

/** What the dispatcher needs to deliver one queued event. */
export interface DispatchPorts {
  store: DispatchStore;
  opener: SecretOpener;
  sender: WebhookSender;
  settings: WebhookSettings;
  log: Log;
  now: () => Date;
  /** In [0, 1): the retry jitter. */
  random: () => number;
}

/** A message of the webhook queue as the dispatcher received it (shared/queues/webhook-queue.ts). */
export interface QueuedMessage {
  id: string;
  body: string;
  /** One booking's events share a group and leave in order; undefined on a standard queue. */
  group: string | undefined;
  /** How often the queue handed it out, 1 the first time. */
  receiveCount: number;
  /** The handle of this receipt, to hide the message again. */
  receipt: string;
}

/** What a queued message carries: one event to deliver, a recovery job, or nothing deliverable. */
export type QueuedWork =
  | { kind: 'event'; message: WebhookMessage }
  | { kind: 'recovery'; job: RecoveryJob }
  | { kind: 'poison'; reason: string };

/**
 * The webhook queue (shared/queues/webhook-queue.ts). A message the dispatcher neither postpones nor
 * reports failed is deleted by the queue's consumer itself.
 */
export interface WebhookQueue {
  read(message: QueuedMessage): Promise<QueuedWork>;
  /** Hides the message: it is received again after `seconds`. */
  postpone(message: QueuedMessage, seconds: number): Promise<void>;
  /** Sends the message, with why, to the dead-letter queue. */
  deadLetter(message: QueuedMessage, reason: string): Promise<void>;
}
