import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WriteCommitter } from '../../../shared/domain/employees/ports.ts';
import type { Delivery, DeliveryStatus } from '../../../shared/domain/webhooks/model.ts';
import type { DeliveryStore, DispatchStore } from '../../../shared/domain/webhooks/ports.ts';
import { refusalOf } from '../../unit/support/unit-of-work.ts';
import { anEvent } from '../../unit/webhooks/fakes.ts';

export interface DeliveryStoreSetup {
  deliveries: DeliveryStore;
  /** Deliveries come into being when the dispatcher claims them. */
  dispatch: DispatchStore;
  committer: WriteCommitter;
}

/**
 * What every `DeliveryStore` does, in memory and on DynamoDB (the pattern of lockout-store.ts): the
 * delivery log newest first in pages, redelivery's reclaim, and the unsent deliveries a recovery reads.
 */
export function deliveryStoreContract(name: string, setup: () => DeliveryStoreSetup): void {
  const at = '2030-06-01T12:00:00.000Z';
  const minute = (n: number) => `2030-06-01T10:${String(n).padStart(2, '0')}:00.000Z`;

  /** A delivery of an event at `minute(n)`, left in `status`. */
  async function delivered(webhookId: string, n: number, status: DeliveryStatus = 'Succeeded') {
    const { dispatch } = setup();
    const event = anEvent({ id: `evt-${n}-${randomUUID()}`, accountId: randomUUID(), timestamp: minute(n) });
    const delivery = (await dispatch.claimDelivery(webhookId, event, `message-${event.id}`, at)) as Delivery;
    await dispatch.recordDeliveryProgress(
      delivery,
      { status, statusReason: null, nextAttemptAt: null, runAttempts: 1 },
      undefined,
      at,
    );
    return { ...delivery, status, runAttempts: 1 };
  }

  const ids = (deliveries: readonly Delivery[]) => deliveries.map((delivery) => delivery.event.id);

  describe(`the delivery store contract: ${name}`, () => {
    it("finds a delivery by its subscription and event id, never through another subscription's id", async () => {
      const { deliveries } = setup();
      const webhookId = randomUUID();
      const delivery = await delivered(webhookId, 1);

      expect(await deliveries.find(webhookId, delivery.event.id)).toEqual(delivery);
      expect(await deliveries.find(randomUUID(), delivery.event.id)).toBeUndefined();
      expect(await deliveries.find(webhookId, 'evt-unknown')).toBeUndefined();
    });

    it("lists the subscription's deliveries newest event first, a page at a time", async () => {
      const { deliveries } = setup();
      const webhookId = randomUUID();
      const made = [];
      for (const n of [3, 1, 4, 2, 5]) made.push(await delivered(webhookId, n));
      await delivered(randomUUID(), 6);

      const first = await deliveries.list(webhookId, { limit: 2 });
      const second = await deliveries.list(webhookId, { limit: 2, cursor: first.nextCursor ?? '' });
      const last = await deliveries.list(webhookId, { limit: 2, cursor: second.nextCursor ?? '' });

      const newestFirst = [...made].sort((a, b) => b.event.timestamp.localeCompare(a.event.timestamp));
      expect([...first.items, ...second.items, ...last.items]).toEqual(newestFirst);
      expect(last.nextCursor).toBeNull();
    });

    it("refuses another subscription's cursor with ValidationError", async () => {
      const { deliveries } = setup();
      const webhookId = randomUUID();
      await delivered(webhookId, 1);
      await delivered(webhookId, 2);
      const { nextCursor } = await deliveries.list(webhookId, { limit: 1 });

      const refused = await refusalOf(() =>
        deliveries.list(randomUUID(), { limit: 1, cursor: nextCursor ?? '' }),
      );

      expect(refused).toMatchObject({ code: 'ValidationError' });
    });

    it('reclaims a delivery for a fresh run when the redelivery commits, keeping its attempts', async () => {
      const { deliveries, dispatch, committer } = setup();
      const webhookId = randomUUID();
      const read = await delivered(webhookId, 1, 'Failed');
      // An attempt of the superseded message lands between the read and the commit.
      await dispatch.recordDeliveryProgress(
        read,
        { status: 'Failed', statusReason: 'HTTP 500', nextAttemptAt: null, runAttempts: 2 },
        { attemptedAt: at, statusCode: 500, latencyMs: 10, error: null },
        at,
      );
      const later = '2030-06-01T12:05:00.000Z';

      const staged = deliveries.reclaim(read, 'redelivery-1', later);
      expect(await deliveries.find(webhookId, read.event.id)).toMatchObject({ claim: read.claim });
      await committer.commit([staged]);

      expect(await deliveries.find(webhookId, read.event.id)).toMatchObject({
        claim: 'redelivery-1',
        status: 'Pending',
        statusReason: null,
        nextAttemptAt: null,
        runAttempts: 0,
        updatedAt: later,
        attempts: [{ attemptedAt: at, statusCode: 500 }],
        attemptCounts: { total: 1, rejected: 1 },
      });
    });

    it('finds the Skipped and Failed deliveries of a time range, oldest event first', async () => {
      const { deliveries } = setup();
      const webhookId = randomUUID();
      const skipped = await delivered(webhookId, 2, 'Skipped');
      await delivered(webhookId, 3, 'Succeeded');
      const failed = await delivered(webhookId, 1, 'Failed');
      const onTheEdge = await delivered(webhookId, 4, 'Failed');
      await delivered(webhookId, 5, 'Failed');
      await delivered(webhookId, 0, 'Failed');

      const unsent = await deliveries.unsentBetween(webhookId, minute(1), minute(4), 10);

      expect(ids(unsent.deliveries)).toEqual(ids([failed, skipped, onTheEdge]));
      expect(unsent).toMatchObject({ complete: true, coveredUntil: minute(4) });
    });

    it('stops at the limit: incomplete, covered up to the last event it returns', async () => {
      const { deliveries } = setup();
      const webhookId = randomUUID();
      const first = await delivered(webhookId, 1, 'Failed');
      const second = await delivered(webhookId, 2, 'Skipped');

      const exactly = await deliveries.unsentBetween(webhookId, minute(0), minute(9), 2);
      const fewer = await deliveries.unsentBetween(webhookId, minute(0), minute(9), 1);

      expect(ids(exactly.deliveries)).toEqual(ids([first, second]));
      expect(exactly).toMatchObject({ complete: false, coveredUntil: minute(2) });
      expect(ids(fewer.deliveries)).toEqual(ids([first]));
      expect(fewer).toMatchObject({ complete: false, coveredUntil: minute(1) });
    });
  });
}
