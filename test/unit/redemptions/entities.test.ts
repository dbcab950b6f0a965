import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  redemptionFromItem,
  redemptionStore,
  redemptionToItem,
} from '../../../shared/db/entities/redemption.ts';
import type { DynamoWrite } from '../../../shared/db/transaction.ts';
import { ConflictError } from '../../../shared/domain/errors.ts';
import { aRedemption } from '../../support/contracts/redemption-store.ts';
import { useLocalConfig } from '../auth/local-config.ts';

let cleanUp: () => Promise<void>;
beforeAll(async () => {
  ({ cleanUp } = await useLocalConfig());
});
afterAll(() => cleanUp());

const taken = () => new ConflictError('PassAlreadyUsed', 'taken');

describe('the redemption item', () => {
  it('round-trips, keyed by its pass, listed under its venue by the time it was recorded', () => {
    const redemption = aRedemption();

    const item = redemptionToItem(redemption);

    expect(item).toMatchObject({
      pk: `REDEMPTION#${redemption.passId}`,
      sk: 'REDEMPTION',
      gsi1pk: `VENUE_REDEMPTIONS#${redemption.venueId}`,
      gsi1sk: `REDEMPTION#${redemption.recordedAt}#${redemption.redemptionId}`,
      entity: 'Redemption',
    });
    expect(redemptionFromItem({ ...item })).toEqual(redemption);
  });

  it('is created only where its pass has none, answering a taken pass from the one found', () => {
    const first = aRedemption();
    const [write] = redemptionStore.create(
      aRedemption({ passId: first.passId }),
      (existing) => new ConflictError('PassAlreadyUsed', `taken at ${existing?.scannedAt}`),
    ) as DynamoWrite[];

    expect(write?.item.Put?.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(write?.onConditionFailed?.({ ...redemptionToItem(first) })?.message).toBe(
      `taken at ${first.scannedAt}`,
    );
  });

  it("copies a Disputed one into the employees' queue in the same transaction, and nothing else", () => {
    const disputed = aRedemption({ status: 'Disputed' });

    const writes = redemptionStore.create(disputed, taken) as DynamoWrite[];

    expect(writes).toHaveLength(2);
    expect(writes[1]?.item.Put?.Item).toMatchObject({
      pk: 'REDEMPTIONS#Disputed',
      sk: `REDEMPTION#${disputed.recordedAt}#${disputed.redemptionId}`,
      entity: 'RedemptionListing',
      redemption_id: disputed.redemptionId,
    });
    expect(redemptionStore.create(aRedemption(), taken)).toHaveLength(1);
  });
});
