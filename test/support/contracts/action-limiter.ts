import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WriteCommitter } from '../../../shared/domain/employees/ports.ts';
import type { ActionLimiter } from '../../../shared/domain/webhooks/ports.ts';
import { refusalOf } from '../../unit/support/unit-of-work.ts';

export interface ActionLimiterSetup {
  limits: ActionLimiter;
  committer: WriteCommitter;
}

/** docs/webhooks.md: pings, redeliveries and recoveries an account may start per minute. */
const actionsPerMinute = 10;

/**
 * What every `ActionLimiter` does, in memory and on DynamoDB (the pattern of lockout-store.ts): a
 * counter per account and minute that only committed actions move, refusing past the limit.
 */
export function actionLimiterContract(name: string, setup: () => ActionLimiterSetup): void {
  const minuteStart = Date.parse('2030-06-01T12:00:00.000Z');
  const second = (n: number) => new Date(minuteStart + n * 1000);

  async function takeAll(accountId: string, at: Date): Promise<void> {
    const { limits, committer } = setup();
    for (let action = 0; action < actionsPerMinute; action++) {
      await committer.commit([limits.take(accountId, at)]);
    }
  }

  describe(`the webhook action limiter contract: ${name}`, () => {
    it(`allows ${actionsPerMinute} actions a minute, then answers 429 until the minute ends`, async () => {
      const { limits, committer } = setup();
      const accountId = randomUUID();
      await takeAll(accountId, second(5));

      const refused = await refusalOf(() => committer.commit([limits.take(accountId, second(15))]));

      expect(refused).toMatchObject({ code: 'RateLimitExceeded', retryAfter: 45 });
    });

    it('counts only actions that commit: a staged take counts nothing until then', async () => {
      const { limits, committer } = setup();
      const accountId = randomUUID();
      for (let action = 0; action < actionsPerMinute; action++) limits.take(accountId, second(1));

      await takeAll(accountId, second(2));

      await expect(committer.commit([limits.take(accountId, second(3))])).rejects.toMatchObject({
        code: 'RateLimitExceeded',
      });
    });

    it('counts each account on its own, and starts again the next minute', async () => {
      const { limits, committer } = setup();
      const accountId = randomUUID();
      await takeAll(accountId, second(0));

      await committer.commit([limits.take(randomUUID(), second(30))]);
      await committer.commit([limits.take(accountId, second(60))]);
    });

    it('refuses the whole transaction when the limit is reached: the action beside it is not counted either', async () => {
      const { limits, committer } = setup();
      const accountId = randomUUID();
      const other = randomUUID();
      await takeAll(accountId, second(10));

      await expect(
        committer.commit([limits.take(other, second(11)), limits.take(accountId, second(11))]),
      ).rejects.toMatchObject({ code: 'RateLimitExceeded' });
      await takeAll(other, second(12));
    });
  });
}
