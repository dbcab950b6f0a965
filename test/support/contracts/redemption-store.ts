import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError, ConflictError } from '../../../shared/domain/errors.ts';
import type { Redemption } from '../../../shared/domain/redemptions/model.ts';
import type { RedemptionStore } from '../../../shared/domain/redemptions/ports.ts';
import { everyPage, refusalOf, type StagingStore } from './staging.ts';

export function aRedemption(overrides: Partial<Redemption> = {}): Redemption {
  return {
    redemptionId: randomUUID(),
    passId: randomUUID(),
    bookingId: randomUUID(),
    accountId: randomUUID(),
    serviceType: 'Lounge',
    itemId: randomUUID(),
    venueId: randomUUID(),
    deviceId: randomUUID(),
    admittedGuests: 2,
    scannedAt: '2030-05-01T09:59:00.000Z',
    recordedAt: '2030-05-01T10:00:00.000Z',
    status: 'Accepted',
    ...overrides,
  };
}

const taken = (existing: Redemption | undefined) =>
  new ConflictError('PassAlreadyUsed', 'taken', { details: { redeemed_at: existing?.scannedAt } });

/**
 * What every `RedemptionStore` does, in memory and on DynamoDB: one redemption per pass under any
 * concurrency, a venue's redemptions oldest first from `since`, Disputed ones newest first for employees.
 */
export function redemptionStoreContract(name: string, subject: () => StagingStore<RedemptionStore>): void {
  const redemptions = () => subject().store;

  describe(`the redemption store contract: ${name}`, () => {
    it('shows a redemption only once committed, found by its pass', async () => {
      const redemption = aRedemption();

      const writes = redemptions().create(redemption, taken);
      expect(await redemptions().findByPass(redemption.passId)).toBeUndefined();
      await subject().commit(writes);

      expect(await redemptions().findByPass(redemption.passId)).toEqual(redemption);
    });

    it('refuses a second redemption of a pass with the error made from the first, keeping the first', async () => {
      const first = aRedemption();
      await subject().commit(redemptions().create(first, taken));

      const refused = await refusalOf(
        subject().commit(
          redemptions().create(aRedemption({ passId: first.passId, admittedGuests: 1 }), taken),
        ),
      );

      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).details).toEqual({ redeemed_at: first.scannedAt });
      expect(await redemptions().findByPass(first.passId)).toEqual(first);
    });

    it('keeps one of 50 concurrent redemptions of one pass', async () => {
      const passId = randomUUID();
      const attempts = Array.from({ length: 50 }, () => aRedemption({ passId }));

      const outcomes = await Promise.allSettled(
        attempts.map((redemption) => subject().commit(redemptions().create(redemption, taken))),
      );

      const committed = outcomes.flatMap((outcome, index) =>
        outcome.status === 'fulfilled' ? [attempts[index]] : [],
      );
      expect(committed).toHaveLength(1);
      // A loser meets the winner's condition, or (DynamoDB) contention it answers with a 503 to retry.
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected')
          expect(['PassAlreadyUsed', 'ServiceUnavailable']).toContain((outcome.reason as ApiError).code);
      }
      expect(await redemptions().findByPass(passId)).toEqual(committed[0]);
    });

    it("lists a venue's redemptions oldest first, page by page, and from `since`", async () => {
      const venueId = randomUUID();
      const recorded = ['2030-05-01T10:00:03.000Z', '2030-05-01T10:00:01.000Z', '2030-05-01T10:00:02.000Z'];
      const mine = recorded.map((recordedAt) => aRedemption({ venueId, recordedAt }));
      await subject().commit([
        ...mine.flatMap((redemption) => redemptions().create(redemption, taken)),
        ...redemptions().create(aRedemption(), taken),
      ]);

      const all = await everyPage((cursor) => redemptions().listOfVenue(venueId, { limit: 2, cursor }));
      // RFC 3339 allows the instant without its milliseconds: the redemption recorded at it is listed.
      const since = await redemptions().listOfVenue(venueId, {
        limit: 50,
        since: '2030-05-01T10:00:02Z',
      });

      expect(all.map((redemption) => redemption.recordedAt)).toEqual([...recorded].sort());
      expect(since.items.map((redemption) => redemption.recordedAt)).toEqual([
        '2030-05-01T10:00:02.000Z',
        '2030-05-01T10:00:03.000Z',
      ]);
      expect(since.nextCursor).toBeNull();
    });

    it('lists Disputed redemptions newest first, and no Accepted one', async () => {
      const disputed = [
        '2099-01-01T00:00:01.000Z',
        '2099-01-01T00:00:03.000Z',
        '2099-01-01T00:00:02.000Z',
      ].map((recordedAt) => aRedemption({ status: 'Disputed', recordedAt }));
      const accepted = aRedemption({ recordedAt: '2099-01-01T00:00:04.000Z' });
      await subject().commit([
        ...disputed.flatMap((redemption) => redemptions().create(redemption, taken)),
        ...redemptions().create(accepted, taken),
      ]);

      const listed = await everyPage((cursor) =>
        redemptions().listByStatus('Disputed', { limit: 2, cursor }),
      );
      const ids = listed.map((redemption) => redemption.redemptionId);

      expect(ids).not.toContain(accepted.redemptionId);
      expect(
        listed.filter((redemption) => disputed.some((d) => d.redemptionId === redemption.redemptionId)),
      ).toEqual([...disputed].sort((a, b) => b.recordedAt.localeCompare(a.recordedAt)));
    });
  });
}
