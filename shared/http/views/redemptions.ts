import type { PassAtTheDoor, Redemption } from '../../domain/redemptions/model.ts';

/** Verify's answer: the pass as the door sees it (docs/redemptions.md). */
export function passAtTheDoorView(pass: PassAtTheDoor) {
  return {
    pass_id: pass.passId,
    booking_id: pass.bookingId,
    service_type: pass.serviceType,
    item_id: pass.itemId,
    status: pass.status,
    guests_count: pass.guestsCount,
    used_guests_count: pass.usedGuestsCount,
    valid_from: pass.validFrom,
    valid_until: pass.validUntil,
    transport_number: pass.transportNumber,
    guests: pass.guests.map((guest) => ({
      first_name: guest.firstName,
      last_name: guest.lastName,
      type: guest.type,
      lead: guest.lead,
    })),
    redeemable: pass.refusal === null,
    refusal: pass.refusal,
  };
}

/** A redemption as venues and employees read it; the partner's account is not shown. */
export function redemptionView(redemption: Redemption) {
  return {
    redemption_id: redemption.redemptionId,
    pass_id: redemption.passId,
    booking_id: redemption.bookingId,
    service_type: redemption.serviceType,
    item_id: redemption.itemId,
    venue_id: redemption.venueId,
    device_id: redemption.deviceId,
    admitted_guests: redemption.admittedGuests,
    scanned_at: redemption.scannedAt,
    recorded_at: redemption.recordedAt,
    status: redemption.status,
  };
}

/** For employees: the redemption and the partner account it concerns. */
export function adminRedemptionView(redemption: Redemption) {
  return { ...redemptionView(redemption), account_id: redemption.accountId };
}
