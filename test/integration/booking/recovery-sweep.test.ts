import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { bookingToItem } from '../../../shared/db/entities/booking.ts';
import { uuidV7 } from '../../../shared/domain/booking/ids.ts';
import type { Booking } from '../../../shared/domain/booking/model.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import { bookingPath, call, catalog, eventsOf, partner, storedBooking } from './helpers.ts';

const db = documentClient();
const accountId = () => partner.accountId as string;

/** The sweep, run here against the stage's tables as EventBridge runs it every minute in AWS. */
async function sweep(): Promise<Record<string, Record<string, number>>> {
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
  const { handler } = await import('../../../functions/recovery-sweep/handler.ts');
  return handler();
}

/**
 * A booking the stream processor never saw: written under another entity (the processor's filter
 * passes only inserted Booking items) and then turned into a Processing booking created `ageSeconds`
 * ago, as a record the processor gave up on would leave it. Its change of entity keeps the change id,
 * so the processor publishes nothing for it either.
 */
async function strandedBooking(ageSeconds: number): Promise<string> {
  const createdAt = new Date(Date.now() - ageSeconds * 1000);
  const booking: Booking = {
    bookingId: uuidV7(createdAt),
    accountId: accountId(),
    serviceType: 'Lounge',
    serviceId: catalog.lounge,
    status: 'Processing',
    passId: null,
    pass: null,
    passUse: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '7911123456',
    callingCode: '+44',
    transportNumber: `ST ${randomUUID().slice(0, 4)}`,
    guests: [{ firstName: 'Ada', lastName: 'Lovelace', type: 'Adult', lead: true }],
    holdExpiresAt: null,
    price: null,
    chargeTerms: null,
    noShowAt: null,
    createdAt: createdAt.toISOString(),
    updatedAt: createdAt.toISOString(),
  };
  const table = endpoints().tables.main;
  await db.send(
    new PutCommand({
      TableName: table,
      Item: { ...bookingToItem(booking, { id: randomUUID(), at: createdAt.toISOString() }), entity: 'Draft' },
    }),
  );
  await db.send(
    new UpdateCommand({
      TableName: table,
      Key: { pk: `ACCOUNT#${booking.accountId}`, sk: `BOOKING#${booking.bookingId}` },
      UpdateExpression: 'SET entity = :booking',
      ExpressionAttributeValues: { ':booking': 'Booking' },
    }),
  );
  return booking.bookingId;
}

describe('the recovery sweep', () => {
  it('issues a booking left Processing for more than two minutes, with its pass and event', async () => {
    const bookingId = await strandedBooking(180);

    // The stage's own minute timer may run the sweep first: either way the sweep issued it.
    await sweep();
    const booking = await call(partner, 'GET', bookingPath('lounges', bookingId));
    const stored = await storedBooking(accountId(), bookingId);

    expect(booking.body).toMatchObject({ status: 'Issued', pass_available: true });
    expect(stored?.sweep_pk).toMatch(/^BOOKING_HOLD#([0-9]|1[0-5])$/);
    const changes = (await eventsOf(bookingId)).map((event) => (event.data as { status: string }).status);
    expect(changes).toEqual(expect.arrayContaining(['Issued']));
  });

  it('leaves a booking created less than two minutes ago to the processor', async () => {
    const bookingId = await strandedBooking(30);

    await sweep();
    const booking = await call(partner, 'GET', bookingPath('lounges', bookingId));

    expect(booking.body.status).toBe('Processing');
  });

  it('issues a stranded booking once, however many sweeps run at the same time', async () => {
    const bookingId = await strandedBooking(180);

    await Promise.all([sweep(), sweep(), sweep()]);
    const booking = await call(partner, 'GET', bookingPath('lounges', bookingId));
    const again = await sweep();

    expect(booking.body.status).toBe('Issued');
    expect(again.bookings?.issued).toBe(0);
  });
});
