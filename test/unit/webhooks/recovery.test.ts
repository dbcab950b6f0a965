import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/domain/errors.ts';
import { type Delivery, recoveryClaim, type WebhookRecovery } from '../../../shared/domain/webhooks/model.ts';
import type { DeliveryPorts, DispatchPorts } from '../../../shared/domain/webhooks/ports.ts';
import { maxRecoveredEvents, recoverWebhook, runRecovery } from '../../../shared/domain/webhooks/recovery.ts';
import { MemoryLog } from '../support/memory-log.ts';
import { FakeUnitOfWork, refusalOf } from '../support/unit-of-work.ts';
import {
  accountId,
  aDelivery,
  anEvent,
  aWebhook,
  CountingLimiter,
  dispatchStoreOf,
  FakeSender,
  fakeOpener,
  MemoryDeliveries,
  MemoryOutbox,
  MemoryRecoveries,
  MemoryWebhooks,
  now,
  webhookId,
} from './fakes.ts';

const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

/** A delivery of event `id` that happened `minutesBefore` now, in `status`. */
function deliveryOf(
  id: string,
  minutesBefore: number,
  status: Delivery['status'],
  orderingKey = 'booking-1',
) {
  return aDelivery({
    event: anEvent({ id, timestamp: minutesAgo(minutesBefore), orderingKey }),
    status,
    claim: `message-${id}`,
  });
}

function world(...deliveries: Delivery[]) {
  const webhooks = new MemoryWebhooks(aWebhook());
  const store = new MemoryDeliveries(...deliveries);
  const recoveries = new MemoryRecoveries();
  const limits = new CountingLimiter();
  const api: DeliveryPorts = {
    webhooks,
    deliveries: store,
    outbox: new MemoryOutbox(),
    limits,
    recoveries,
  };
  const sender = new FakeSender();
  const clock = { now };
  const dispatch: DispatchPorts = {
    store: dispatchStoreOf(webhooks, store, recoveries),
    opener: fakeOpener,
    sender,
    settings: { retryScheduleSeconds: [5, 300], timeoutMs: 1500 },
    log: new MemoryLog(),
    now: () => clock.now,
    random: () => 0.5,
  };
  return { api, dispatch, webhooks, store, recoveries, limits, sender, clock };
}

async function recover(w: ReturnType<typeof world>, since = minutesAgo(120)): Promise<WebhookRecovery> {
  const uow = new FakeUnitOfWork();
  const recovery = await recoverWebhook(w.api, { accountId, webhookId }, new Date(since), uow, now);
  uow.commit();
  return recovery;
}

const sentIds = (sender: FakeSender) =>
  sender.requests.map((request) => (JSON.parse(request.body) as { id: string }).id);

describe('starting a recovery', () => {
  it('picks the Skipped and Failed events since the time, oldest first, and queues their job', async () => {
    const w = world(
      deliveryOf('late', 10, 'Failed'),
      deliveryOf('early', 60, 'Skipped'),
      deliveryOf('fine', 30, 'Succeeded'),
      deliveryOf('retrying', 20, 'Retrying'),
      deliveryOf('too-old', 180, 'Failed'),
    );

    const recovery = await recover(w);

    expect(recovery).toMatchObject({
      status: 'Running',
      eventIds: ['early', 'late'],
      truncated: false,
      since: minutesAgo(120),
      until: now.toISOString(),
    });
    expect(w.recoveries.jobs).toEqual([
      { recoveryId: recovery.recoveryId, webhookId, accountId, eventIds: ['early', 'late'] },
    ]);
    expect(w.limits.taken).toBe(1);
  });

  it('completes at once, with no job, when there is nothing to send', async () => {
    const w = world(deliveryOf('fine', 30, 'Succeeded'));

    const recovery = await recover(w);

    expect(recovery).toMatchObject({ status: 'Completed', eventIds: [], completedAt: now.toISOString() });
    expect(w.recoveries.jobs).toEqual([]);
  });

  it(`sends at most ${maxRecoveredEvents} events and says more may follow from its until`, async () => {
    const many = Array.from({ length: maxRecoveredEvents + 2 }, (_, index) =>
      deliveryOf(`e${String(index).padStart(4, '0')}`, 100 - index * 0.1, 'Failed'),
    );
    const w = world(...many);

    const recovery = await recover(w);

    expect(recovery.eventIds).toHaveLength(maxRecoveredEvents);
    expect(recovery.truncated).toBe(true);
    expect(recovery.until).toBe(many[maxRecoveredEvents - 1]?.event.timestamp);
  });

  it('refuses a second recovery while one runs (409 WebhookRecoveryInProgress), and allows one after', async () => {
    const w = world(deliveryOf('a', 10, 'Failed'));
    const first = await recover(w);

    const refused = await refusalOf(() => recover(w));
    await w.recoveries.completeRecovery(first, now.toISOString());
    const next = await recover(w);

    expect(refused).toMatchObject({
      code: 'WebhookRecoveryInProgress',
      details: { recovery_id: first.recoveryId },
    });
    expect(next.recoveryId).not.toBe(first.recoveryId);
  });

  it('refuses a since in the future or beyond seven days with 422 on body.since', async () => {
    const w = world();

    for (const since of [new Date(now.getTime() + 60_000), new Date(now.getTime() - 7 * 86_400_000 - 1)]) {
      const refused = await refusalOf(() => recover(w, since.toISOString()));

      expect(refused).toMatchObject({ code: 'ValidationError', errors: [{ path: 'body.since' }] });
    }
    expect((await recover(w, new Date(now.getTime() - 7 * 86_400_000).toISOString())).status).toBe(
      'Completed',
    );
  });

  it('refuses a Disabled subscription (409 WebhookInvalidState) and another account’s (404)', async () => {
    const w = world();
    w.webhooks.webhooks.set(accountId, aWebhook({ status: 'Disabled' }));

    const disabled = await refusalOf(() => recover(w));
    const foreign = await refusalOf(() =>
      recoverWebhook(
        w.api,
        { accountId: 'another', webhookId },
        new Date(minutesAgo(5)),
        new FakeUnitOfWork(),
        now,
      ),
    );

    expect(disabled).toMatchObject({ code: 'WebhookInvalidState' });
    expect(foreign).toMatchObject({ code: 'WebhookNotFound' });
  });

  it('counts against the account’s action limit: past it, 429 and nothing recorded', async () => {
    const w = world(deliveryOf('a', 10, 'Failed'));
    w.limits.exhaust(accountId, now);

    const refused = await refusalOf(() => recover(w));

    expect(refused).toBeInstanceOf(ApiError);
    // `now` starts a minute: the whole window is left.
    expect(refused).toMatchObject({ code: 'RateLimitExceeded', retryAfter: 60 });
    expect(await w.recoveries.latest(webhookId)).toBeUndefined();
  });
});

describe('running a recovery', () => {
  it('sends each event again in order under the recovery’s claim, then completes', async () => {
    const w = world(deliveryOf('first', 60, 'Skipped'), deliveryOf('second', 10, 'Failed'));
    const recovery = await recover(w);
    const [job] = w.recoveries.jobs;
    if (!job) throw new Error('no job');

    const outcome = await runRecovery(w.dispatch, job);

    expect(outcome.kind).toBe('done');
    expect(sentIds(w.sender)).toEqual(['first', 'second']);
    const first = await w.store.find(webhookId, 'first');
    expect(first).toMatchObject({ status: 'Succeeded', claim: recoveryClaim(recovery.recoveryId) });
    expect((await w.recoveries.latest(webhookId))?.status).toBe('Completed');
  });

  it('holds the rest back behind an event to retry, and resumes without sending a final one again', async () => {
    const w = world(deliveryOf('first', 60, 'Failed'), deliveryOf('second', 10, 'Failed'));
    await recover(w);
    const [job] = w.recoveries.jobs;
    if (!job) throw new Error('no job');
    w.sender.results.push({}, { statusCode: 503 });

    const stopped = await runRecovery(w.dispatch, job);
    const runningAfterStop = (await w.recoveries.latest(webhookId))?.status;
    const tooEarly = await runRecovery(w.dispatch, job);
    w.clock.now = new Date(now.getTime() + 6_000);
    const resumed = await runRecovery(w.dispatch, job);

    expect(stopped).toMatchObject({ kind: 'retry', visibilitySeconds: 5 });
    expect(runningAfterStop).toBe('Running');
    expect(tooEarly).toMatchObject({ kind: 'retry' });
    expect(resumed.kind).toBe('done');
    expect((await w.recoveries.latest(webhookId))?.status).toBe('Completed');
    expect(sentIds(w.sender)).toEqual(['first', 'second', 'second']);
  });

  it('leaves alone an event that succeeded meanwhile or that a redelivery took over', async () => {
    const w = world(deliveryOf('first', 60, 'Failed'), deliveryOf('second', 10, 'Failed'));
    await recover(w);
    const [job] = w.recoveries.jobs;
    if (!job) throw new Error('no job');
    w.store.deliveries.set(`${webhookId}/first`, { ...deliveryOf('first', 60, 'Succeeded') });
    w.store.deliveries.set(`${webhookId}/second`, {
      ...deliveryOf('second', 10, 'Pending'),
      claim: 'redelivery',
    });

    const outcome = await runRecovery(w.dispatch, job);

    expect(outcome.kind).toBe('done');
    expect(sentIds(w.sender)).toEqual([]);
  });

  it('stops before an attempt that could outlast the invocation, to resume shortly', async () => {
    const w = world(deliveryOf('first', 60, 'Failed'));
    await recover(w);
    const [job] = w.recoveries.jobs;
    if (!job) throw new Error('no job');

    const outcome = await runRecovery(w.dispatch, job, () => false);

    expect(outcome).toMatchObject({ kind: 'retry', visibilitySeconds: 1 });
    expect(sentIds(w.sender)).toEqual([]);
  });
});
