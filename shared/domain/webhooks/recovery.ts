import { randomUUID } from 'node:crypto';
import { ConflictError, ValidationError } from '../errors.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { type AttemptOutcome, type DispatchOutcome, dispatchEvent } from './dispatch.ts';
import { finalDeliveryStatuses, type RecoveryJob, recoveryClaim, type WebhookRecovery } from './model.ts';
import type { DeliveryPorts, DispatchPorts } from './ports.ts';
import { getWebhook } from './subscriptions.ts';

/** How far back a recovery may reach: deliveries are kept longer, but a week is what partners need. */
export const recoveryRetentionDays = 7;
/** Events one recovery sends at most; `truncated` says more may follow. */
export const maxRecoveredEvents = 500;
/**
 * A recovery still Running this long after it started is taken as abandoned (its job lost), so a new
 * one may start: longer than the whole retry schedule of its events (about 28 hours).
 */
export const recoveryLeaseHours = 48;

const dayMs = 24 * 60 * 60 * 1000;

function checkSince(since: Date, now: Date): void {
  const problem =
    since.getTime() > now.getTime()
      ? 'is in the future'
      : now.getTime() - since.getTime() > recoveryRetentionDays * dayMs
        ? `is more than ${recoveryRetentionDays} days ago (the recovery window)`
        : undefined;
  if (problem) {
    throw new ValidationError(`since ${problem}.`, [
      { path: 'body.since', message: `Must not be: ${problem}` },
    ]);
  }
}

function running(recovery: WebhookRecovery | undefined, now: Date): recovery is WebhookRecovery {
  return recovery?.status === 'Running' && Date.parse(recovery.leaseUntil) > now.getTime();
}

export function recoveryInProgress(
  recovery: Pick<WebhookRecovery, 'recoveryId' | 'startedAt'>,
): ConflictError {
  return new ConflictError(
    'WebhookRecoveryInProgress',
    'A recovery is already running for this subscription: retry once it has completed.',
    { details: { recovery_id: recovery.recoveryId, started_at: recovery.startedAt } },
  );
}

/**
 * Sends again every event of the subscription that was Skipped or Failed since `since`, oldest first,
 * each once (docs/webhooks.md, Recovery). The request only looks the events up and records the
 * recovery with its job in the outbox; the dispatcher sends them, one after the other, so the events
 * of one booking keep their order. One recovery at a time per subscription (409); the subscription
 * must be Active; counts against the account's webhook action limit.
 */
export async function recoverWebhook(
  ports: DeliveryPorts,
  target: { accountId: string; webhookId: string },
  since: Date,
  uow: UnitOfWork,
  now: Date,
): Promise<WebhookRecovery> {
  const webhook = await getWebhook(ports, target.accountId, target.webhookId);
  if (webhook.status !== 'Active') {
    throw new ConflictError('WebhookInvalidState', 'The subscription is Disabled: enable it to recover.');
  }
  checkSince(since, now);
  const latest = await ports.recoveries.latest(webhook.webhookId);
  if (running(latest, now)) throw recoveryInProgress(latest);

  const found = await ports.deliveries.unsentBetween(
    webhook.webhookId,
    since.toISOString(),
    now.toISOString(),
    maxRecoveredEvents + 1,
  );
  const deliveries = found.deliveries.slice(0, maxRecoveredEvents);
  const capped = found.deliveries.length > maxRecoveredEvents;
  const last = deliveries.at(-1);
  const startedAt = now.toISOString();
  const recovery: WebhookRecovery = {
    recoveryId: randomUUID(),
    webhookId: webhook.webhookId,
    accountId: webhook.accountId,
    status: deliveries.length === 0 ? 'Completed' : 'Running',
    since: since.toISOString(),
    until: capped && last ? last.event.timestamp : found.coveredUntil,
    eventIds: deliveries.map((delivery) => delivery.event.id),
    truncated: capped || !found.complete,
    startedAt,
    leaseUntil: new Date(now.getTime() + recoveryLeaseHours * 60 * 60 * 1000).toISOString(),
    completedAt: deliveries.length === 0 ? startedAt : null,
  };
  uow.stage(
    ports.limits.take(webhook.accountId, now),
    ports.webhooks.requireActive(webhook),
    ...ports.recoveries.start(recovery),
  );
  return recovery;
}

/**
 * The dispatcher's side of a recovery: each event in turn is taken over (a fresh run under the
 * recovery's claim) and delivered as any event is. An event whose run needs a retry holds the rest
 * back: the job message waits for it, and a later receive resumes where it stopped, skipping what is
 * final. An event that succeeded meanwhile, or that another redelivery took, is not sent again.
 * `hasTime`: false when the invocation could end during the next attempt; `onAttempt` hears how each
 * attempt made by the job ended (the handler counts them as it counts those of single events).
 */
export async function runRecovery(
  ports: DispatchPorts,
  job: RecoveryJob,
  hasTime: () => boolean = () => true,
  onAttempt: (attempt: AttemptOutcome) => void = () => {},
): Promise<DispatchOutcome> {
  const claim = recoveryClaim(job.recoveryId);
  const { store, now } = ports;
  let sent = 0;
  for (const eventId of job.eventIds) {
    const delivery = await store.claimForRecovery(job.webhookId, eventId, claim, now().toISOString());
    if (!delivery || finalDeliveryStatuses.includes(delivery.status)) continue;
    if (!hasTime()) return { kind: 'retry', visibilitySeconds: 1, result: 'out of time: resumes shortly' };
    const outcome = await dispatchEvent(ports, { event: delivery.event, claim, webhookId: job.webhookId });
    if (outcome.attempt) onAttempt(outcome.attempt);
    if (outcome.kind === 'retry') return { ...outcome, result: `event ${eventId}: ${outcome.result}` };
    if (outcome.kind === 'dead') ports.log.info('Recovered event failed again', { event_id: eventId });
    sent++;
  }
  await store.completeRecovery(job, now().toISOString());
  return { kind: 'done', result: `recovery ${job.recoveryId} completed (${sent} sent this run)` };
}
