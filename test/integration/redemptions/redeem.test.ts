import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { bookingStore, passRefKeys } from '../../../shared/db/entities/booking.ts';
import { ledgerStore } from '../../../shared/db/entities/ledger.ts';
import { redemptionStore } from '../../../shared/db/entities/redemption.ts';
import { backfillPassReferences } from '../../../shared/db/migrations/pass-references.ts';
import { type ApiError, ConcurrentChangeError } from '../../../shared/domain/errors.ts';
import type { VenueAuthority } from '../../../shared/domain/redemptions/ports.ts';
import { type RedeemInput, redeemPass, verifyPass } from '../../../shared/domain/redemptions/service.ts';
import type { StagedWrite } from '../../../shared/domain/unit-of-work.ts';
import { readPassToken } from '../../../shared/pki/pass-signing.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import { everyPage } from '../../support/contracts/staging.ts';
import { asSupport } from '../../support/employees.ts';
import {
  bookingPath,
  call,
  confirmedBooking,
  eventsOf,
  partner,
  passKeys,
  storedBooking,
} from '../booking/helpers.ts';

/**
 * The redemption use cases on the local stage's DynamoDB, with bookings made through the partner API
 * and the published pass keys: what the venue routes will call (their host comes with the venues
 * slice). The commit and its re-runs are the HTTP pipeline's (shared/http/pipeline/index.ts).
 */
beforeAll(() => {
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

const venueId = randomUUID();
const everywhere: VenueAuthority = { operates: async () => true };
const nowhere: VenueAuthority = { operates: async () => false };
const tokens = { read: async (qr: string) => readPassToken(qr, (await passKeys()).body) };

async function confirmedPass() {
  const bookingId = await confirmedBooking('lounges');
  const pass = await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass'));
  return {
    bookingId,
    qr: pass.body.qr as string,
    passId: pass.body.pass_id as string,
    validFrom: pass.body.valid_from as string,
  };
}

async function redeem(input: Omit<RedeemInput, 'venueId' | 'deviceId' | 'now'> & { scannedAt?: Date }) {
  for (let run = 1; ; run++) {
    const writes: StagedWrite[] = [];
    const uow = { stage: (...staged: StagedWrite[]) => writes.push(...staged) };
    try {
      const redemption = await redeemPass(
        {
          tokens,
          bookings: bookingStore,
          venues: everywhere,
          redemptions: redemptionStore,
          ledger: ledgerStore,
          uow,
        },
        { venueId, deviceId: randomUUID(), now: new Date(), ...input },
      );
      await stagedWriteCommitter.commit(writes);
      return redemption;
    } catch (error) {
      if (!(error instanceof ConcurrentChangeError) || run >= 3) throw error;
    }
  }
}

describe('verify and redeem on DynamoDB', () => {
  it("finds the booking from the QR alone (the pass's reference written at issue) and shows the guests", async () => {
    const { bookingId, qr, passId } = await confirmedPass();

    const pass = await verifyPass(
      { tokens, bookings: bookingStore, venues: everywhere },
      { venueId, qr, now: new Date() },
    );

    expect(pass).toMatchObject({ passId, bookingId, status: 'Active', guestsCount: 2, refusal: null });
    expect(pass.guests.map((guest) => guest.firstName)).toEqual(['Ada', 'Byron']);
  });

  it('refuses a venue that does not operate the lounge with 409 PassNotValidHere', async () => {
    const { qr } = await confirmedPass();

    const error = await verifyPass(
      { tokens, bookings: bookingStore, venues: nowhere },
      { venueId, qr, now: new Date() },
    ).catch((thrown: unknown) => thrown);

    expect((error as ApiError).code).toBe('PassNotValidHere');
  });

  it('gives exactly one Accepted of 50 concurrent redemptions of one pass, and the partner its event', async () => {
    const { bookingId, qr, passId } = await confirmedPass();

    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => redeem({ qr, admittedGuests: 2 })),
    );

    const accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(accepted).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected')
        expect(['PassAlreadyUsed', 'ServiceUnavailable']).toContain((outcome.reason as ApiError).code);
    }
    expect((await redemptionStore.findByPass(passId))?.status).toBe('Accepted');
    const stored = await storedBooking(partner.accountId as string, bookingId);
    expect(stored?.pass_used_guests_count).toBe(2);
    const used = (await eventsOf(bookingId)).find(
      (event) =>
        event.event === 'pass.status.changed' && (event.data as { status?: string }).status === 'Used',
    );
    expect(used?.data).toMatchObject({ used_guests_count: 2, redeemed_at: stored?.pass_used_at });
  });

  it('records Disputed a pass canceled after it was scanned offline, and lists it for employees', async () => {
    const { bookingId, qr, passId, validFrom } = await confirmedPass();
    // Scanned at the door before the cancel; the cancel reaches the service before the scan does.
    const scannedAt = new Date(validFrom);
    const cancel = await call(partner, 'POST', bookingPath('lounges', bookingId, 'cancel'));
    expect(cancel.status).toBe(200);

    const redemption = await redeem({ qr, admittedGuests: 1, scannedAt });

    expect(redemption.status).toBe('Disputed');
    const disputed = await everyPage((cursor) =>
      redemptionStore.listByStatus('Disputed', { limit: 50, cursor }),
    );
    expect(disputed.map((listed) => listed.passId)).toContain(passId);
    const pass = await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass'));
    expect(pass.body.status).toBe('Canceled');

    const listed = await asSupport<{ data: Record<string, unknown>[] }>(
      'GET',
      '/api/v1/admin/redemptions?status=Disputed&limit=200',
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.find((item) => item.pass_id === passId)).toMatchObject({
      status: 'Disputed',
      booking_id: bookingId,
      account_id: partner.accountId,
      admitted_guests: 1,
      scanned_at: scannedAt.toISOString(),
    });
  });

  it.each([
    ['without status', ''],
    ['for status Accepted', '?status=Accepted'],
    [
      'with a cursor of another list',
      `?status=Disputed&cursor=${Buffer.from('{"sk":"BOOKING#x"}').toString('base64url')}`,
    ],
  ])('answers the employees list %s with 422', async (_case, query) => {
    const response = await asSupport<{ code: string }>('GET', `/api/v1/admin/redemptions${query}`);

    expect([response.status, response.body.code]).toEqual([422, 'ValidationError']);
  });

  it('refuses a pass canceled before the scan with 409 PassCanceled', async () => {
    const { bookingId, qr } = await confirmedPass();
    await call(partner, 'POST', bookingPath('lounges', bookingId, 'cancel'));

    const error = await redeem({ qr, admittedGuests: 1 }).catch((thrown: unknown) => thrown);

    expect((error as ApiError).code).toBe('PassCanceled');
  });

  it('finds a pass issued before its reference existed once the backfill ran', async () => {
    const { bookingId, qr } = await confirmedPass();
    const { passId } = (await tokens.read(qr)) ?? { passId: '' };
    await documentClient().send(
      new DeleteCommand({ TableName: endpoints().tables.main, Key: passRefKeys(passId) }),
    );
    const venue = { tokens, bookings: bookingStore, venues: everywhere };
    const before = await verifyPass(venue, { venueId, qr, now: new Date() }).catch(
      (thrown: unknown) => thrown,
    );
    expect((before as ApiError).code).toBe('ValidationError');

    const { written } = await backfillPassReferences();

    expect(written).toBeGreaterThan(0);
    expect((await verifyPass(venue, { venueId, qr, now: new Date() })).bookingId).toBe(bookingId);
  });
});
