import { config } from '../../shared/config/env.ts';
import { bookingStore } from '../../shared/db/entities/booking.ts';
import { enrollmentCodeStore } from '../../shared/db/entities/enrollment-code.ts';
import { ledgerStore } from '../../shared/db/entities/ledger.ts';
import { redemptionStore } from '../../shared/db/entities/redemption.ts';
import { recentVenues, venueStore } from '../../shared/db/entities/venue.ts';
import { deviceStore } from '../../shared/db/entities/venue-device.ts';
import { listVenueRedemptions, redeemPass, verifyPass } from '../../shared/domain/redemptions/service.ts';
import { getVenue, registerDevice, venueAuthority } from '../../shared/domain/venues/service.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { pageView } from '../../shared/http/views/page.ts';
import { passAtTheDoorView, redemptionView } from '../../shared/http/views/redemptions.ts';
import { deviceView, venueItemsView } from '../../shared/http/views/venues.ts';
import { PublishedPassKeys } from '../../shared/pki/pass-signing.ts';
import { venueRoutes } from '../../shared/routes/venue.ts';
import { secretStore } from '../../shared/secrets/store.ts';

const ports = { venues: venueStore, enrollments: enrollmentCodeStore, devices: deviceStore };
/** Scanned QRs are checked against the published pass keys: this function holds no private one. */
const passes = {
  tokens: new PublishedPassKeys(secretStore, () => config().secretIds.passKeysPublic),
  bookings: bookingStore,
  // A door scans every traveller: the venue's items are read once per bound, not per scan.
  venues: venueAuthority(recentVenues),
};

/** {venue_url}: what venue devices call (docs/venues.md, docs/redemptions.md). */
export const handler = createApiHandler(venueRoutes, {
  registerDevice: async ({ body, uow, now }) => {
    const input = { enrollmentCode: body.enrollment_code, name: body.name, publicJwk: body.public_jwk };
    return { status: 201, body: deviceView(await registerDevice(ports, input, uow, now)) };
  },

  listVenueItems: async ({ principal }) => ({
    status: 200,
    body: venueItemsView(await getVenue(ports, principal.venueId)),
  }),

  verifyPass: async ({ principal, body, now }) => ({
    status: 200,
    body: passAtTheDoorView(await verifyPass(passes, { venueId: principal.venueId, qr: body.qr, now })),
  }),

  redeemPass: async ({ principal, body, now, uow }) => {
    const redemption = await redeemPass(
      { ...passes, redemptions: redemptionStore, ledger: ledgerStore, uow },
      {
        venueId: principal.venueId,
        deviceId: principal.subject,
        qr: body.qr,
        admittedGuests: body.admitted_guests,
        scannedAt: body.scanned_at === undefined ? undefined : new Date(body.scanned_at),
        now,
      },
    );
    return { status: 201, body: redemptionView(redemption) };
  },

  listVenueRedemptions: async ({ principal, query }) => ({
    status: 200,
    body: pageView(await listVenueRedemptions(redemptionStore, principal.venueId, query), redemptionView),
  }),
});
