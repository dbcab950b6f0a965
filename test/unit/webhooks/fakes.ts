import { ApiError, ConflictError, ValidationError } from '../../../shared/domain/errors.ts';
import type { DomainEvent } from '../../../shared/domain/events.ts';
import type { Page, PageRequest } from '../../../shared/domain/ports.ts';
import {
  attemptOutcome,
  type Delivery,
  type DeliveryAttempt,
  keptAttempts,
  type RecoveryJob,
  type Webhook,
  type WebhookRecovery,
  type WebhookStatus,
  webhookNotFound,
} from '../../../shared/domain/webhooks/model.ts';
import type {
  ActionLimiter,
  DeliveryProgress,
  DeliveryStore,
  DispatchStore,
  EventOutbox,
  NextSigningKey,
  OutboundRequest,
  OutboundResult,
  RecoveryStore,
  SecretOpener,
  SecretSealer,
  WebhookChanges,
  WebhookSender,
  WebhookStore,
  WebhookUrlCheck,
} from '../../../shared/domain/webhooks/ports.ts';
import { recoveryInProgress } from '../../../shared/domain/webhooks/recovery.ts';
import { type FakeWrite, fakeWrite } from '../support/unit-of-work.ts';

export const accountId = '0b6f4b7e-4a53-4bd1-9a51-4c3f2b8e9d10';
export const webhookId = '5a9e0c1d-2b3f-4a5e-8d7c-6b5a4e3d2c1b';
export const now = new Date('2030-05-01T10:00:00.000Z');

/** Sealed values name their subscription in clear, so a test sees what was sealed and for whom. */
export const sealed = (secret: string, id = webhookId) => `sealed(${id}):${secret}`;

export function aWebhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    webhookId,
    accountId,
    url: 'https://partner.example/hooks',
    status: 'Active',
    disabledReason: null,
    signing: 'hmac-sha256',
    sealedSecret: sealed('current-secret'),
    keyFormat: 'utf8',
    publicKey: null,
    sealedPreviousSecret: null,
    previousKeyFormat: null,
    previousSecretValidUntil: null,
    createdAt: '2030-04-01T00:00:00.000Z',
    updatedAt: '2030-04-01T00:00:00.000Z',
    ...overrides,
  };
}

export function anEvent(overrides: Partial<DomainEvent> = {}): DomainEvent {
  return {
    id: 'evt-1',
    accountId,
    type: 'booking.status.changed',
    timestamp: '2030-05-01T09:59:00.000Z',
    orderingKey: 'booking-1',
    data: { booking_id: 'booking-1', status: 'Issued', previous_status: 'Processing' },
    ...overrides,
  };
}

export function aDelivery(overrides: Partial<Delivery> = {}): Delivery {
  return {
    webhookId,
    event: anEvent(),
    status: 'Pending',
    statusReason: null,
    attempts: [],
    attemptCounts: { total: 0, delivered: 0, rejected: 0, unreachable: 0 },
    nextAttemptAt: null,
    claim: 'message-1',
    runAttempts: 0,
    createdAt: '2030-05-01T09:59:01.000Z',
    updatedAt: '2030-05-01T09:59:01.000Z',
    ...overrides,
  };
}

/** Subscriptions by account; staged writes check their conditions as the table's would. */
export class MemoryWebhooks implements WebhookStore {
  readonly webhooks = new Map<string, Webhook>();
  readonly gone: { webhookId: string; reason: string }[] = [];

  constructor(...webhooks: Webhook[]) {
    for (const webhook of webhooks) this.webhooks.set(webhook.accountId, webhook);
  }

  async findOfAccount(account: string) {
    return this.webhooks.get(account);
  }

  /** "This" subscription still stands, in the expected state when one is given. */
  private condition(webhook: Webhook, expected?: WebhookStatus) {
    return () => {
      const found = this.webhooks.get(webhook.accountId);
      if (found?.webhookId !== webhook.webhookId) return webhookNotFound(webhook.webhookId);
      if (expected && found.status !== expected) {
        return new ConflictError('WebhookInvalidState', `The subscription is ${found.status}.`);
      }
      return undefined;
    };
  }

  private change(
    description: string,
    webhook: Webhook,
    change: (found: Webhook) => Webhook,
    expected?: WebhookStatus,
  ) {
    return fakeWrite(
      description,
      () => {
        const found = this.webhooks.get(webhook.accountId);
        if (found) this.webhooks.set(webhook.accountId, change(found));
      },
      this.condition(webhook, expected),
    );
  }

  create(webhook: Webhook): FakeWrite {
    return fakeWrite(
      `create webhook ${webhook.webhookId}`,
      () => this.webhooks.set(webhook.accountId, webhook),
      () =>
        this.webhooks.has(webhook.accountId)
          ? new ConflictError('WebhookAlreadyExists', 'The account already has a webhook subscription.')
          : undefined,
    );
  }

  update(webhook: Webhook, changes: WebhookChanges, expected?: WebhookStatus) {
    return this.change(
      `update webhook ${webhook.webhookId}`,
      webhook,
      (found) => ({ ...found, ...changes }),
      expected,
    );
  }

  rotateSecret(webhook: Webhook, next: NextSigningKey, previousValidUntil: string, at: string) {
    return this.change(`rotate webhook ${webhook.webhookId}`, webhook, (found) => ({
      ...found,
      sealedSecret: next.sealedSecret,
      keyFormat: next.keyFormat,
      publicKey: next.publicKey,
      sealedPreviousSecret: found.sealedSecret,
      previousKeyFormat: found.keyFormat,
      previousSecretValidUntil: previousValidUntil,
      updatedAt: at,
    }));
  }

  delete(webhook: Webhook) {
    return fakeWrite(
      `delete webhook ${webhook.webhookId}`,
      () => this.webhooks.delete(webhook.accountId),
      this.condition(webhook),
    );
  }

  requireActive(webhook: Webhook) {
    return fakeWrite(`webhook ${webhook.webhookId} is active`, () => {}, this.condition(webhook, 'Active'));
  }

  async disableGoneWebhook(webhook: Webhook, reason: string, at: string) {
    this.gone.push({ webhookId: webhook.webhookId, reason });
    const found = this.webhooks.get(webhook.accountId);
    if (found?.webhookId === webhook.webhookId && found.status === 'Active') {
      this.webhooks.set(webhook.accountId, {
        ...found,
        status: 'Disabled',
        disabledReason: reason,
        updatedAt: at,
      });
    }
  }
}

/** Where a delivery sorts in its subscription's list: the table's index key, event time then id. */
const listPosition = (delivery: Delivery) => `${delivery.event.timestamp}#${delivery.event.id}`;

/** In the index's order: code unit by code unit, as DynamoDB compares key bytes (not `localeCompare`). */
function byPosition(a: Delivery, b: Delivery): number {
  const [first, second] = [listPosition(a), listPosition(b)];
  return first < second ? -1 : first > second ? 1 : 0;
}

const cursorOf = (webhookId: string, position: string) =>
  Buffer.from(JSON.stringify({ webhookId, position })).toString('base64url');

/** A cursor this subscription's list handed out; anything else is a 422, as the table's cursors are. */
function positionOf(cursor: string, webhookId: string): string {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      typeof decoded === 'object' &&
      decoded !== null &&
      'webhookId' in decoded &&
      'position' in decoded &&
      decoded.webhookId === webhookId &&
      typeof decoded.position === 'string'
    ) {
      return decoded.position;
    }
  } catch {}
  throw new ValidationError('The cursor is not valid: pass next_cursor from the previous page unchanged.', [
    { path: 'query.cursor', message: 'Invalid cursor' },
  ]);
}

/** Deliveries by subscription and event, claimed and progressed as the table's conditional updates do. */
export class MemoryDeliveries implements DeliveryStore {
  readonly deliveries = new Map<string, Delivery>();
  readonly listed: { webhookId: string; page: PageRequest }[] = [];

  constructor(...deliveries: Delivery[]) {
    for (const delivery of deliveries)
      this.deliveries.set(this.key(delivery.webhookId, delivery.event.id), delivery);
  }

  private key(id: string, eventId: string) {
    return `${id}/${eventId}`;
  }

  async find(id: string, deliveryId: string) {
    return this.deliveries.get(this.key(id, deliveryId));
  }

  /** Newest event first, as the table's index orders them (event time, then event id). */
  async list(id: string, page: PageRequest): Promise<Page<Delivery>> {
    this.listed.push({ webhookId: id, page });
    const newestFirst = [...this.deliveries.values()]
      .filter((delivery) => delivery.webhookId === id)
      .sort((a, b) => byPosition(b, a));
    const after = page.cursor === undefined ? undefined : positionOf(page.cursor, id);
    const rest = after === undefined ? newestFirst : newestFirst.filter((d) => listPosition(d) < after);
    const items = rest.slice(0, page.limit);
    const last = items.at(-1);
    return {
      items,
      nextCursor: rest.length > page.limit && last ? cursorOf(id, listPosition(last)) : null,
    };
  }

  async claimDelivery(id: string, event: DomainEvent, claim: string, at: string) {
    const key = this.key(id, event.id);
    const found = this.deliveries.get(key);
    if (found && found.claim !== claim) return undefined;
    const delivery = found
      ? { ...found, updatedAt: at }
      : aDelivery({ webhookId: id, event, claim, createdAt: at, updatedAt: at });
    this.deliveries.set(key, delivery);
    return delivery;
  }

  async recordDeliveryProgress(
    delivery: Delivery,
    progress: DeliveryProgress,
    attempt: DeliveryAttempt | undefined,
    at: string,
  ) {
    const key = this.key(delivery.webhookId, delivery.event.id);
    const found = this.deliveries.get(key);
    if (!found) return;
    const attempts = attempt ? [...found.attempts, attempt].slice(-keptAttempts) : found.attempts;
    const attemptCounts = attempt
      ? {
          ...found.attemptCounts,
          total: found.attemptCounts.total + 1,
          [attemptOutcome(attempt)]: found.attemptCounts[attemptOutcome(attempt)] + 1,
        }
      : found.attemptCounts;
    this.deliveries.set(
      key,
      found.claim === delivery.claim
        ? { ...found, ...progress, attempts, attemptCounts, updatedAt: at }
        : { ...found, attempts, attemptCounts },
    );
  }

  async unsentBetween(id: string, since: string, until: string, limit: number) {
    const unsent = [...this.deliveries.values()]
      .filter(
        (delivery) =>
          delivery.webhookId === id &&
          (delivery.status === 'Skipped' || delivery.status === 'Failed') &&
          delivery.event.timestamp >= since &&
          delivery.event.timestamp <= until,
      )
      .sort(byPosition);
    const deliveries = unsent.slice(0, limit);
    // Like the table's read, it stops on reaching the limit without looking further.
    const complete = unsent.length < limit;
    return {
      deliveries,
      coveredUntil: complete ? until : (deliveries.at(-1)?.event.timestamp ?? since),
      complete,
    };
  }

  async claimForRecovery(id: string, eventId: string, claim: string, at: string) {
    const key = this.key(id, eventId);
    const found = this.deliveries.get(key);
    if (!found) return undefined;
    if (found.claim === claim) return found;
    if (found.status !== 'Skipped' && found.status !== 'Failed') return undefined;
    const taken: Delivery = {
      ...found,
      claim,
      status: 'Pending',
      statusReason: null,
      nextAttemptAt: null,
      runAttempts: 0,
      updatedAt: at,
    };
    this.deliveries.set(key, taken);
    return taken;
  }

  /** Changes the stored delivery at commit (attempts recorded since the read stay), if it still exists. */
  reclaim(delivery: Delivery, claim: string, at: string) {
    const key = this.key(delivery.webhookId, delivery.event.id);
    return fakeWrite(
      `redeliver ${delivery.event.id}`,
      () => {
        const found = this.deliveries.get(key) as Delivery;
        this.deliveries.set(key, {
          ...found,
          claim,
          status: 'Pending',
          statusReason: null,
          nextAttemptAt: null,
          runAttempts: 0,
          updatedAt: at,
        });
      },
      () => (this.deliveries.has(key) ? undefined : new Error(`Delivery ${delivery.event.id} is gone`)),
    );
  }
}

export class MemoryOutbox implements EventOutbox {
  readonly events: DomainEvent[] = [];
  readonly redeliveries: { eventId: string; claim: string; webhookId: string }[] = [];

  event(event: DomainEvent) {
    return fakeWrite(`event ${event.type} ${event.id}`, () => this.events.push(event));
  }

  redelivery(delivery: Delivery, claim: string) {
    return fakeWrite(`redelivery ${claim}`, () =>
      this.redeliveries.push({ eventId: delivery.event.id, claim, webhookId: delivery.webhookId }),
    );
  }
}

/** Refuses the URLs it is told to; a URL whose host is `dns-down.example` cannot be checked at all. */
export class FakeUrlCheck implements WebhookUrlCheck {
  readonly refused = new Map<string, string>();

  async problem(url: string) {
    if (new URL(url).hostname === 'dns-down.example') throw new Error('EAI_AGAIN');
    return this.refused.get(url);
  }
}

export const fakeSealer: SecretSealer = { seal: async (secret, id) => sealed(secret, id) };

export const fakeOpener: SecretOpener = {
  open: async (value, id) => {
    const prefix = `sealed(${id}):`;
    if (!value.startsWith(prefix)) throw new Error('sealed for another subscription');
    return value.slice(prefix.length);
  },
};

/** Recoveries by subscription; a start is refused while one runs, as the table's conditional Put is. */
export class MemoryRecoveries implements RecoveryStore {
  readonly recoveries = new Map<string, WebhookRecovery>();
  readonly jobs: RecoveryJob[] = [];

  async latest(id: string) {
    return this.recoveries.get(id);
  }

  start(recovery: WebhookRecovery): FakeWrite[] {
    const record = fakeWrite(
      `start recovery ${recovery.recoveryId}`,
      () => this.recoveries.set(recovery.webhookId, recovery),
      () => {
        const found = this.recoveries.get(recovery.webhookId);
        return found?.status === 'Running' && found.leaseUntil >= recovery.startedAt
          ? recoveryInProgress(found)
          : undefined;
      },
    );
    const { recoveryId, webhookId: id, accountId: account, eventIds } = recovery;
    const job = fakeWrite(`job of recovery ${recoveryId}`, () =>
      this.jobs.push({ recoveryId, webhookId: id, accountId: account, eventIds }),
    );
    return eventIds.length === 0 ? [record] : [record, job];
  }

  async completeRecovery(job: RecoveryJob, at: string) {
    const found = this.recoveries.get(job.webhookId);
    if (found?.recoveryId === job.recoveryId) {
      this.recoveries.set(job.webhookId, { ...found, status: 'Completed', completedAt: at });
    }
  }
}

/**
 * Allows `limit` actions per account and minute, then refuses as the counter's condition does, with
 * the seconds left in the minute; counts what committed (`taken`: all windows together).
 */
export class CountingLimiter implements ActionLimiter {
  private readonly windows = new Map<string, number>();

  constructor(private readonly limit = 10) {}

  get taken(): number {
    return [...this.windows.values()].reduce((sum, count) => sum + count, 0);
  }

  /** Uses up the account's minute around `now`, as `limit` committed actions would. */
  exhaust(account: string, now: Date): void {
    this.windows.set(this.window(account, now).key, this.limit);
  }

  private window(account: string, now: Date) {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const start = nowSeconds - (nowSeconds % 60);
    return { key: `${account}/${start}`, secondsLeft: start + 60 - nowSeconds };
  }

  take(account: string, now: Date): FakeWrite {
    const { key, secondsLeft } = this.window(account, now);
    return fakeWrite(
      'webhook action',
      () => this.windows.set(key, (this.windows.get(key) ?? 0) + 1),
      () =>
        (this.windows.get(key) ?? 0) >= this.limit
          ? new ApiError('RateLimitExceeded', 'too many', { retryAfter: Math.max(1, secondsLeft) })
          : undefined,
    );
  }
}

/** The dispatcher's store over the same memory the API's stores use, as the table is shared. */
export function dispatchStoreOf(
  webhooks: MemoryWebhooks,
  deliveries: MemoryDeliveries,
  recoveries = new MemoryRecoveries(),
): DispatchStore {
  return {
    findWebhookOfAccount: (account) => webhooks.findOfAccount(account),
    disableGoneWebhook: (...change) => webhooks.disableGoneWebhook(...change),
    claimDelivery: (...claim) => deliveries.claimDelivery(...claim),
    recordDeliveryProgress: (...progress) => deliveries.recordDeliveryProgress(...progress),
    claimForRecovery: (...claim) => deliveries.claimForRecovery(...claim),
    completeRecovery: (...done) => recoveries.completeRecovery(...done),
  };
}

/** Answers each POST with the next result queued (200 once the queue is empty) and keeps the requests. */
export class FakeSender implements WebhookSender {
  readonly requests: OutboundRequest[] = [];
  readonly results: Partial<OutboundResult>[] = [];

  async post(request: OutboundRequest): Promise<OutboundResult> {
    this.requests.push(request);
    return { statusCode: 200, latencyMs: 12, error: null, ...this.results.shift() };
  }
}
