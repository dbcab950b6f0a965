import type { Log } from '../ports.ts';
import { type AttemptOutcome, type DispatchOutcome, dispatchEvent } from './dispatch.ts';
import type { DispatchPorts, QueuedMessage, WebhookQueue } from './ports.ts';
import { runRecovery } from './recovery.ts';

/**
 * The webhook queue's consumer. Each message is one event, or a recovery job whose events it delivers
 * in order. A retry hides its message for the backoff step and reports it failed; a delivery that
 * failed for good, or a message that is not an event, goes to the dead-letter queue and is deleted.
 * The queue's redrive policy stays as the net for unexpected errors.
 */
export interface QueueConsumerPorts {
  dispatch: DispatchPorts;
  queue: WebhookQueue;
  log: Log & {
    warn(message: string, fields: Record<string, unknown>): void;
    error(message: string, fields: Record<string, unknown>): void;
  };
  /** How one delivery attempt ended, for the account (the WebhookDeliveries metric). */
  countAttempt(attempt: AttemptOutcome, accountId: string): void;
}

/** A message released untried comes back after this long: never 0 (see `errorBackoffSeconds`). */
export const releaseSeconds = 1;

/** Thrown for a message that stays queued: the batch reports it as failed. */
export class DeliveryPendingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryPendingError';
  }
}

/** Seconds a message waits after an unexpected error, before jitter: doubling per receive, at most this. */
const errorBackoffMaxSeconds = 30;

/**
 * The wait after an unexpected error (DynamoDB unreachable, a bug): short and jittered, growing with the
 * message's receives, instead of the queue's visibility timeout (six minutes), so a two-second outage
 * delays webhooks by seconds. At least 1 s: a change to 0 loses the message on the persistent local
 * stage (fauxqs 2.4.1, docs/reliability.md).
 */
export function errorBackoffSeconds(receiveCount: number, random: () => number): number {
  const base = Math.min(errorBackoffMaxSeconds, 2 ** Math.min(Math.max(receiveCount, 1), 5));
  return Math.max(1, Math.round(base * (0.5 + random())));
}

async function consume(
  ports: QueueConsumerPorts,
  message: QueuedMessage,
  hasTime: () => boolean,
): Promise<void> {
  try {
    await dispatchMessage(ports, message, hasTime);
  } catch (error) {
    if (error instanceof DeliveryPendingError) throw error;
    const seconds = errorBackoffSeconds(message.receiveCount, ports.dispatch.random);
    ports.log.error('Webhook message failed; retried shortly', {
      message_id: message.id,
      retry_in_seconds: seconds,
      error,
    });
    // When the queue itself is unreachable too, the message comes back after its visibility timeout.
    await ports.queue.postpone(message, seconds).catch((hideError: unknown) =>
      ports.log.error('Webhook message could not be rescheduled', {
        message_id: message.id,
        error: hideError,
      }),
    );
    throw error;
  }
}

async function dispatchMessage(
  ports: QueueConsumerPorts,
  message: QueuedMessage,
  hasTime: () => boolean,
): Promise<void> {
  const { queue, log } = ports;
  const work = await queue.read(message);
  if (work.kind === 'poison') {
    log.error('Webhook message dead-lettered', { message_id: message.id, reason: work.reason });
    await queue.deadLetter(message, work.reason);
    return;
  }
  // A recovery job delivers its events itself; a final failure of one of them is recorded on its
  // delivery, and the job goes on with the next: nothing of a job goes to the dead-letter queue.
  const { accountId } = work.kind === 'event' ? work.message.event : work.job;
  const count = (attempt: AttemptOutcome) => ports.countAttempt(attempt, accountId);
  const outcome: DispatchOutcome =
    work.kind === 'event'
      ? await dispatchEvent(ports.dispatch, work.message)
      : await runRecovery(ports.dispatch, work.job, hasTime, count);
  if (work.kind === 'event' && outcome.attempt) count(outcome.attempt);
  const context = {
    message_id: message.id,
    ...(work.kind === 'event' ? { event_id: work.message.event.id } : { recovery_id: work.job.recoveryId }),
    result: outcome.result,
  };
  if (outcome.kind === 'done') {
    log.info('Webhook message done', context);
    return;
  }
  if (outcome.kind === 'dead') {
    log.warn('Webhook delivery failed for good', context);
    await queue.deadLetter(message, outcome.result);
    return;
  }
  await queue.postpone(message, outcome.visibilitySeconds);
  throw new DeliveryPendingError(outcome.result);
}

/**
 * The consumer of one batch. Message groups (one per booking) run in parallel; within a group, in
 * order, and once one fails the rest of its group in this batch are reported failed untried, so
 * nothing overtakes it. They are made visible again after a second (not 0, see
 * `errorBackoffSeconds`): a FIFO group stays locked while any of its messages is in flight, and only
 * the failed one should wait for its backoff. A message is not started when the invocation could end
 * during its attempt (a group's messages run one after the other, each up to the receiver timeout).
 * The returned function settles once its message is handled, and rejects when it stays queued.
 */
export function groupOrderedConsumer(ports: QueueConsumerPorts, remainingMs: () => number) {
  const groups = new Map<string, Promise<boolean>>();
  const hasTime = () => remainingMs() > ports.dispatch.settings.timeoutMs + 5_000;
  const startOrRelease = async (message: QueuedMessage, previousSucceeded: boolean): Promise<void> => {
    const enoughTime = hasTime();
    if (previousSucceeded && enoughTime) return consume(ports, message, hasTime);
    await ports.queue.postpone(message, releaseSeconds);
    throw new DeliveryPendingError(enoughTime ? 'an earlier event of its group is pending' : 'out of time');
  };
  return (message: QueuedMessage): Promise<void> => {
    const group = message.group ?? message.id;
    const current = (groups.get(group) ?? Promise.resolve(true)).then((ok) => startOrRelease(message, ok));
    groups.set(
      group,
      current.then(
        () => true,
        () => false,
      ),
    );
    return current;
  };
}
