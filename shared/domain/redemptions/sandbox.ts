import type { Scope } from '../../vocabulary/scopes.ts';
import type { Ledger } from '../billing/ports.ts';
import { type Pass, passOf, passStatusOf } from '../booking/model.ts';
import type { BookingStore } from '../booking/ports.ts';
import { bookingNotFound, bookingScopes } from '../booking/service.ts';
import { passNotActive } from '../booking/state.ts';
import { ForbiddenError } from '../errors.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { RedemptionStore } from './ports.ts';
import { redeemBooking } from './service.ts';

/** The venue the sandbox redeems at: it operates every lounge and lane, and has no devices. */
export const sandboxVenueId = '00000000-0000-4000-8000-000000000000';

/**
 * Sandbox pass-used (docs/booking.md, Sandbox): the partner's own booking, redeemed now by the sandbox
 * venue through the redemption core. Its contract stays: the booking scope of the booking's service
 * (403), an Active pass (every refusal is its PassNotReady, a pass already Used included), 1..guests
 * (422 at body.used_guests_count), 200 with the pass.
 */
export async function simulatePassUse(
  deps: {
    bookings: Pick<BookingStore, 'find' | 'writes'>;
    redemptions: Pick<RedemptionStore, 'create'>;
    ledger: Ledger;
    uow: UnitOfWork;
  },
  context: { accountId: string; scopes: readonly Scope[]; now: Date },
  bookingId: string,
  usedGuestsCount: number,
): Promise<Pass> {
  const booking = await deps.bookings.find(context.accountId, bookingId);
  if (!booking) throw bookingNotFound(bookingId);
  const scope = bookingScopes[booking.serviceType];
  if (!context.scopes.includes(scope)) {
    throw new ForbiddenError(`The access token lacks the scope ${scope}.`, {
      details: { required_scope: scope, provided_scopes: context.scopes },
    });
  }
  const redemption = redeemBooking(deps, {
    booking,
    venueId: sandboxVenueId,
    deviceId: null,
    itemId: booking.serviceId,
    admittedGuests: usedGuestsCount,
    scannedAt: context.now,
    now: context.now,
    admittedField: 'body.used_guests_count',
    refuse: (_refusal, found) => passNotActive(found, passStatusOf(found) ?? undefined),
  });
  const used = passOf({
    ...booking,
    passUse: { usedGuestsCount: redemption.admittedGuests, usedAt: redemption.scannedAt },
  });
  if (!used) throw new Error('A used pass vanished from its booking');
  return used;
}
