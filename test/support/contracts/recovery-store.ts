import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WriteCommitter } from '../../../shared/domain/employees/ports.ts';
import type { WebhookRecovery } from '../../../shared/domain/webhooks/model.ts';
import type { DispatchStore, RecoveryStore } from '../../../shared/domain/webhooks/ports.ts';
import { refusalOf } from '../../unit/support/unit-of-work.ts';

export interface RecoveryStoreSetup {
  recoveries: RecoveryStore;
  /** The dispatcher completes what a recovery started. */
  dispatch: Pick<DispatchStore, 'completeRecovery'>;
  committer: WriteCommitter;
}

/**
 * What every `RecoveryStore` does, in memory and on DynamoDB (the pattern of lockout-store.ts): one
 * running recovery per subscription, guarded by the conditional start, until it completes or its
 * lease runs out.
 */
export function recoveryStoreContract(name: string, setup: () => RecoveryStoreSetup): void {
  const startedAt = '2030-06-01T12:00:00.000Z';
  const leaseUntil = '2030-06-01T12:10:00.000Z';

  function aRecovery(overrides: Partial<WebhookRecovery> = {}): WebhookRecovery {
    return {
      recoveryId: randomUUID(),
      webhookId: randomUUID(),
      accountId: randomUUID(),
      status: 'Running',
      since: '2030-05-31T12:00:00.000Z',
      until: startedAt,
      eventIds: ['evt-1', 'evt-2'],
      truncated: false,
      startedAt,
      leaseUntil,
      completedAt: null,
      ...overrides,
    };
  }

  const jobOf = ({ recoveryId, webhookId, accountId, eventIds }: WebhookRecovery) => ({
    recoveryId,
    webhookId,
    accountId,
    eventIds,
  });

  describe(`the recovery store contract: ${name}`, () => {
    it('records a started recovery when it commits, with its job only when it has events', async () => {
      const { recoveries, committer } = setup();
      const recovery = aRecovery();

      const writes = recoveries.start(recovery);
      expect(await recoveries.latest(recovery.webhookId)).toBeUndefined();
      await committer.commit(writes);

      expect(writes).toHaveLength(2);
      expect(recoveries.start(aRecovery({ eventIds: [] }))).toHaveLength(1);
      expect(await recoveries.latest(recovery.webhookId)).toEqual(recovery);
      expect(await recoveries.latest(randomUUID())).toBeUndefined();
    });

    it('refuses a second start while one runs (WebhookRecoveryInProgress, naming it), also staged before the first committed', async () => {
      const { recoveries, committer } = setup();
      const running = aRecovery();
      const second = aRecovery({ webhookId: running.webhookId, startedAt: '2030-06-01T12:05:00.000Z' });
      const racing = recoveries.start(aRecovery({ webhookId: running.webhookId }));
      await committer.commit(recoveries.start(running));

      const refusals = [
        await refusalOf(() => committer.commit(racing)),
        await refusalOf(() => committer.commit(recoveries.start(second))),
      ];

      for (const refused of refusals) {
        expect(refused).toMatchObject({
          code: 'WebhookRecoveryInProgress',
          details: { recovery_id: running.recoveryId, started_at: running.startedAt },
        });
      }
      expect(await recoveries.latest(running.webhookId)).toEqual(running);
    });

    it('lets a new recovery replace one whose lease ran out', async () => {
      const { recoveries, committer } = setup();
      const abandoned = aRecovery();
      await committer.commit(recoveries.start(abandoned));
      const next = aRecovery({
        webhookId: abandoned.webhookId,
        startedAt: '2030-06-01T12:10:00.001Z',
        leaseUntil: '2030-06-01T12:20:00.000Z',
      });

      await committer.commit(recoveries.start(next));

      expect(await recoveries.latest(abandoned.webhookId)).toEqual(next);
    });

    it('completes a recovery, after which the next one may start within the lease', async () => {
      const { recoveries, dispatch, committer } = setup();
      const done = aRecovery();
      await committer.commit(recoveries.start(done));

      await dispatch.completeRecovery(jobOf(done), '2030-06-01T12:01:00.000Z');
      const completed = await recoveries.latest(done.webhookId);
      const next = aRecovery({ webhookId: done.webhookId, startedAt: '2030-06-01T12:02:00.000Z' });
      await committer.commit(recoveries.start(next));

      expect(completed).toEqual({ ...done, status: 'Completed', completedAt: '2030-06-01T12:01:00.000Z' });
      expect(await recoveries.latest(done.webhookId)).toEqual(next);
    });

    it('leaves a newer recovery alone when an older one’s job completes', async () => {
      const { recoveries, dispatch, committer } = setup();
      const older = aRecovery();
      await committer.commit(recoveries.start(older));
      const newer = aRecovery({ webhookId: older.webhookId, startedAt: '2030-06-01T12:30:00.000Z' });
      await committer.commit(recoveries.start(newer));

      await dispatch.completeRecovery(jobOf(older), '2030-06-01T12:31:00.000Z');

      expect(await recoveries.latest(older.webhookId)).toEqual(newer);
    });
  });
}
