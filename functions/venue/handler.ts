import { enrollmentCodeStore } from '../../shared/db/entities/enrollment-code.ts';
import { venueStore } from '../../shared/db/entities/venue.ts';
import { deviceStore } from '../../shared/db/entities/venue-device.ts';
import { getVenue, registerDevice } from '../../shared/domain/venues/service.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { deviceView, venueItemsView } from '../../shared/http/views/venues.ts';
import { venueRoutes } from '../../shared/routes/venue.ts';

const ports = { venues: venueStore, enrollments: enrollmentCodeStore, devices: deviceStore };

/** {venue_url}: what venue devices call (docs/venues.md). */
export const handler = createApiHandler(venueRoutes, {
  registerDevice: async ({ body, uow, now }) => {
    const input = { enrollmentCode: body.enrollment_code, name: body.name, publicJwk: body.public_jwk };
    return { status: 201, body: deviceView(await registerDevice(ports, input, uow, now)) };
  },

  listVenueItems: async ({ principal }) => ({
    status: 200,
    body: venueItemsView(await getVenue(ports, principal.venueId)),
  }),
});
