import type { Booking, Pass } from '../../domain/booking/model.ts';
import { LruMap } from '../../util/lru-map.ts';

/** The booking as partners read it (docs/booking.md, Records). */
export function bookingView(booking: Booking) {
  const serviceId =
    booking.serviceType === 'Lounge'
      ? { lounge_id: booking.serviceId }
      : { fast_track_id: booking.serviceId };
  return {
    booking_id: booking.bookingId,
    status: booking.status,
    service_type: booking.serviceType,
    ...serviceId,
    pass_available: booking.passId !== null,
    first_name: booking.firstName,
    last_name: booking.lastName,
    email: booking.email,
    phone: booking.phone,
    calling_code: booking.callingCode,
    transport_number: booking.transportNumber,
    guests: booking.guests.map((guest) => ({
      first_name: guest.firstName,
      last_name: guest.lastName,
      type: guest.type,
      lead: guest.lead,
    })),
    hold_expires_at: booking.holdExpiresAt,
    price: booking.price,
    created_at: booking.createdAt,
    updated_at: booking.updatedAt,
  };
}

/** A create's 202: the booking is held while the processor issues it; its Location reads the rest. */
export function acceptedBookingView(booking: Booking) {
  return {
    booking_id: booking.bookingId,
    status: booking.status,
    created_at: booking.createdAt,
    price: booking.price,
  };
}

/** Rendering a QR code costs milliseconds of CPU; a pass's payload never changes, so render it once. */
const renderedQrCodes = new LruMap<string, string>(1000);

async function qrSvg(payload: string): Promise<string> {
  let svg = renderedQrCodes.get(payload);
  if (svg === undefined) {
    // qrcode (and the PNG encoder it brings) loads on the first rendered pass, not at cold start.
    const { default: QRCode } = await import('qrcode');
    svg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    renderedQrCodes.set(payload, svg);
  }
  return svg;
}

/**
 * The pass as partners read it. The QR payload is handed out only while it opens a door (Active) or
 * records that it did (Used): an unconfirmed, canceled or expired pass shows no code to present. The
 * Google Wallet link is made by the caller (`googleWalletUrl`, null but while Active).
 */
export async function passView(pass: Pass, googleWalletUrl: string | null) {
  const qr = pass.status === 'Active' || pass.status === 'Used' ? pass.token : null;
  return {
    pass_id: pass.passId,
    booking_id: pass.bookingId,
    service_type: pass.serviceType,
    status: pass.status,
    guests_count: pass.guestsCount,
    used_guests_count: pass.usedGuestsCount,
    valid_from: pass.validFrom,
    valid_until: pass.validUntil,
    qr,
    qr_svg: qr === null ? null : await qrSvg(qr),
    google_wallet_url: googleWalletUrl,
  };
}
