import { LruMap } from '../../util/lru-map.ts';
import type { Booking, Pass } from './model.ts';

/** The booking as partners read it (docs/booking.md, Records). */
export function bookingRecord(booking: Booking) {
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
    created_at: booking.createdAt,
    updated_at: booking.updatedAt,
  };
}

/**
 * The pass as partners read it. The QR payload is handed out only while it opens a door (Active) or
 * records that it did (Used): an unconfirmed, canceled or expired pass shows no code to present.
 */
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

export async function passRecord(pass: Pass) {
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
  };
}
