import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/domain/errors.ts';
import { sandboxVenueId, simulatePassUse } from '../../../shared/domain/redemptions/sandbox.ts';
import { accountId, anIssuedBooking, now } from '../booking/fixtures.ts';
import { MemoryBookings, MemoryTable, StagedWrites } from './fakes.ts';

const confirmed = anIssuedBooking({ status: 'Confirmed' });
const scopes = ['booking.lounges:write' as const];

async function refusalOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (error instanceof ApiError) return error;
  throw error ?? new Error('expected a refusal');
}

function sandbox(booking = confirmed) {
  const table = new MemoryTable(new MemoryBookings(booking));
  const use = async (usedGuests: number, scope = scopes) => {
    const uow = new StagedWrites();
    const pass = await simulatePassUse(
      { bookings: table.bookings, redemptions: table.redemptions, ledger: table.ledger, uow },
      { accountId, scopes: scope, now },
      booking.bookingId,
      usedGuests,
    );
    await table.commit(uow.writes);
    return pass;
  };
  return { table, use };
}

describe('the sandbox pass-used, through the redemption core', () => {
  it('marks an Active pass Used with the guests that came, redeemed by the sandbox venue', async () => {
    const { table, use } = sandbox();

    const pass = await use(2);

    expect(pass).toMatchObject({ status: 'Used', usedGuestsCount: 2 });
    expect(table.bookings.byId.get(confirmed.bookingId)).toMatchObject({
      status: 'Confirmed',
      passUse: { usedGuestsCount: 2, usedAt: now.toISOString() },
    });
    expect(table.redemptions.byPass.get(confirmed.passId ?? '')).toMatchObject({
      venueId: sandboxVenueId,
      deviceId: null,
      status: 'Accepted',
    });
  });

  it('refuses more guests than the pass admits with 422 at body.used_guests_count', async () => {
    const error = await refusalOf(sandbox().use(3));

    expect(error.code).toBe('ValidationError');
    expect(error.details).toMatchObject({ errors: [{ path: 'body.used_guests_count' }] });
  });

  it.each([
    ['Issued', anIssuedBooking()],
    ['Canceled', anIssuedBooking({ status: 'Canceled' })],
    ['Expired', anIssuedBooking({ status: 'Expired' })],
  ])('keeps its contract: a pass of a booking %s is 409 PassNotReady', async (_status, booking) => {
    expect((await refusalOf(sandbox(booking).use(1))).code).toBe('PassNotReady');
  });

  it('answers a pass already Used with PassNotReady, as the contract says', async () => {
    const { use } = sandbox();
    await use(1);

    const error = await refusalOf(use(1));

    expect(error.code).toBe('PassNotReady');
    expect(error.details).toMatchObject({ pass_status: 'Used' });
  });

  it('answers the loser of two concurrent uses with PassNotReady', async () => {
    const { use } = sandbox();

    const outcomes = await Promise.allSettled([use(1), use(2)]);

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const [lost] = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect((lost as ApiError).code).toBe('PassNotReady');
  });

  it("wants the scope of the booking's own service", async () => {
    const fastTrack = anIssuedBooking({ serviceType: 'FastTrack', status: 'Confirmed' });

    const error = await refusalOf(sandbox(fastTrack).use(1));

    expect(error.code).toBe('Forbidden');
    expect(error.details).toMatchObject({ required_scope: 'booking.fast_tracks:write' });
  });

  it("answers another account's booking with 404 BookingNotFound", async () => {
    const theirs = anIssuedBooking({
      status: 'Confirmed',
      accountId: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
    });

    expect((await refusalOf(sandbox(theirs).use(1))).code).toBe('BookingNotFound');
  });
});
