import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WriteCommitter } from '../../../shared/domain/employees/ports.ts';
import { type Delivery, type DeliveryAttempt, keptAttempts } from '../../../shared/domain/webhooks/model.ts';
import type { DeliveryProgress, DispatchStore, WebhookStore } from '../../../shared/domain/webhooks/ports.ts';
import { anEvent, aWebhook } from '../../unit/webhooks/fakes.ts';

export interface DispatchStoreSetup {
  dispatch: DispatchStore;
  /** The API's side of the same table: subscriptions to deliver to. */
  webhooks: WebhookStore;
  committer: WriteCommitter;
}

/**
 * What every `DispatchStore` does, in memory and on DynamoDB (the pattern of lockout-store.ts): claims
 * that let one queue message at a time progress a delivery, attempts that are never lost, the 410 Gone
 * disable. Recoveries' `completeRecovery`: recovery-store.ts.
 */
export function dispatchStoreContract(name: string, setup: () => DispatchStoreSetup): void {
  const at = '2030-06-01T12:00:00.000Z';
  const later = '2030-06-01T12:01:00.000Z';
  const retrying: DeliveryProgress = {
    status: 'Retrying',
    statusReason: 'HTTP 503',
    nextAttemptAt: '2030-06-01T12:05:00.000Z',
    runAttempts: 1,
  };
  const attempt = (statusCode: number | null, second = 0): DeliveryAttempt => ({
    attemptedAt: `2030-06-01T12:00:${String(second).padStart(2, '0')}.000Z`,
    statusCode,
    latencyMs: 25,
    error: statusCode === null ? 'ECONNREFUSED' : null,
  });

  async function claimed(claim = 'message-1'): Promise<Delivery> {
    const event = anEvent({ id: `evt-${randomUUID()}`, accountId: randomUUID() });
    return (await setup().dispatch.claimDelivery(randomUUID(), event, claim, at)) as Delivery;
  }

  /** The delivery as the dispatcher reads it again: claiming it under its own claim continues it. */
  const reread = (delivery: Delivery, when = later) =>
    setup().dispatch.claimDelivery(delivery.webhookId, delivery.event, delivery.claim, when);

  describe(`the dispatch store contract: ${name}`, () => {
    it('creates a delivery on first sight: Pending, nothing attempted, under the claim', async () => {
      const { dispatch } = setup();
      const webhookId = randomUUID();
      const event = anEvent({ id: `evt-${randomUUID()}`, accountId: randomUUID() });

      const delivery = await dispatch.claimDelivery(webhookId, event, 'message-1', at);

      expect(delivery).toEqual({
        webhookId,
        event,
        status: 'Pending',
        statusReason: null,
        attempts: [],
        attemptCounts: { total: 0, delivered: 0, rejected: 0, unreachable: 0 },
        nextAttemptAt: null,
        claim: 'message-1',
        runAttempts: 0,
        createdAt: at,
        updatedAt: at,
      });
    });

    it('continues a delivery under its own claim; another claim (a duplicate message) gets nothing', async () => {
      const { dispatch } = setup();
      const delivery = await claimed('message-1');

      const continued = await reread(delivery);
      const duplicate = await dispatch.claimDelivery(delivery.webhookId, delivery.event, 'message-2', later);

      expect(continued).toEqual({ ...delivery, updatedAt: later });
      expect(duplicate).toBeUndefined();
    });

    it('records progress and the attempt under the claim, and counts the attempt by outcome', async () => {
      const { dispatch } = setup();
      const delivery = await claimed();

      await dispatch.recordDeliveryProgress(delivery, retrying, attempt(503), later);

      expect(await reread(delivery, later)).toMatchObject({
        ...retrying,
        attempts: [attempt(503)],
        attemptCounts: { total: 1, delivered: 0, rejected: 1, unreachable: 0 },
      });
    });

    it('keeps a superseded claim’s attempt and count, but not its progress', async () => {
      const { dispatch } = setup();
      const delivery = await claimed('message-1');

      await dispatch.recordDeliveryProgress(
        delivery,
        { status: 'Failed', statusReason: 'HTTP 500', nextAttemptAt: null, runAttempts: 1 },
        attempt(500),
        later,
      );
      const redelivered = { ...delivery, claim: 'redelivery-1' };
      await dispatch.recordDeliveryProgress(redelivered, retrying, attempt(null, 1), later);

      expect(await reread(delivery, later)).toMatchObject({
        status: 'Failed',
        statusReason: 'HTTP 500',
        attempts: [attempt(500), attempt(null, 1)],
        attemptCounts: { total: 2, delivered: 0, rejected: 1, unreachable: 1 },
      });
    });

    it(`keeps the latest ${keptAttempts} attempts and counts every one`, async () => {
      const { dispatch } = setup();
      let delivery = await claimed();
      for (let second = 0; second <= keptAttempts; second++) {
        await dispatch.recordDeliveryProgress(delivery, retrying, attempt(500, second), later);
        delivery = (await reread(delivery)) as Delivery;
      }

      expect(delivery.attempts).toHaveLength(keptAttempts);
      expect(delivery.attempts[0]).toEqual(attempt(500, 1));
      expect(delivery.attemptCounts).toEqual({
        total: keptAttempts + 1,
        delivered: 0,
        rejected: keptAttempts + 1,
        unreachable: 0,
      });
    });

    it('takes a Failed or Skipped delivery for a recovery once, and nothing else', async () => {
      const { dispatch } = setup();
      const failed = await claimed();
      await dispatch.recordDeliveryProgress(
        failed,
        { status: 'Failed', statusReason: 'HTTP 500', nextAttemptAt: null, runAttempts: 3 },
        attempt(500),
        at,
      );
      const pending = await claimed();
      const claim = `recovery:${randomUUID()}`;

      const taken = await dispatch.claimForRecovery(failed.webhookId, failed.event.id, claim, later);
      const again = await dispatch.claimForRecovery(failed.webhookId, failed.event.id, claim, later);
      const other = await dispatch.claimForRecovery(
        failed.webhookId,
        failed.event.id,
        'recovery:other',
        later,
      );
      const notUnsent = await dispatch.claimForRecovery(pending.webhookId, pending.event.id, claim, later);
      const missing = await dispatch.claimForRecovery(failed.webhookId, 'evt-unknown', claim, later);

      expect(taken).toMatchObject({
        claim,
        status: 'Pending',
        statusReason: null,
        nextAttemptAt: null,
        runAttempts: 0,
        attempts: [attempt(500)],
        updatedAt: later,
      });
      expect(again).toEqual(taken);
      expect([other, notUnsent, missing]).toEqual([undefined, undefined, undefined]);
    });

    it('disables an active subscription whose receiver is gone; a replaced one is left alone', async () => {
      const { dispatch, webhooks, committer } = setup();
      const gone = aWebhook({ accountId: randomUUID(), webhookId: randomUUID() });
      const replaced = aWebhook({ accountId: randomUUID(), webhookId: randomUUID() });
      const replacement = { ...replaced, webhookId: randomUUID() };
      await committer.commit([webhooks.create(gone), webhooks.create(replacement)]);

      await dispatch.disableGoneWebhook(gone, 'HTTP 410 Gone', later);
      await dispatch.disableGoneWebhook(replaced, 'HTTP 410 Gone', later);

      expect(await dispatch.findWebhookOfAccount(gone.accountId)).toEqual({
        ...gone,
        status: 'Disabled',
        disabledReason: 'HTTP 410 Gone',
        updatedAt: later,
      });
      expect(await dispatch.findWebhookOfAccount(replaced.accountId)).toEqual(replacement);
    });
  });
}
