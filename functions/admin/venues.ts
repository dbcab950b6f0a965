import { enrollmentCodeStore } from '../../shared/db/entities/enrollment-code.ts';
import { publishedVenueCatalog, venueStore } from '../../shared/db/entities/venue.ts';
import { deviceStore } from '../../shared/db/entities/venue-device.ts';
import type { VenuePorts } from '../../shared/domain/venues/ports.ts';
import {
  createEnrollmentCode,
  createVenue,
  disableDevice,
  disableVenue,
  getVenue,
  listDevices,
  listVenues,
  replaceVenueItems,
} from '../../shared/domain/venues/service.ts';
import type { Implementations } from '../../shared/http/pipeline/index.ts';
import { pageView } from '../../shared/http/views/page.ts';
import { deviceAdminView, venueView } from '../../shared/http/views/venues.ts';
import { employeeAdminPrefix, employeeTwin } from '../../shared/routes/employee-twins.ts';
import { filledPath } from '../../shared/routes/types.ts';
import { venueAdminRoutes } from '../../shared/routes/venues-admin.ts';

const ports: VenuePorts = {
  venues: venueStore,
  enrollments: enrollmentCodeStore,
  devices: deviceStore,
  catalog: publishedVenueCatalog,
};

/** The venue administration (docs/venues.md), served by the admin function with the account operations. */
export const venueAdminImplementations: Implementations<typeof venueAdminRoutes> = {
  createVenue: async ({ route, body, uow, now }) => {
    const venue = await createVenue(
      ports,
      { name: body.name, lounges: body.lounges, fastTracks: body.fast_tracks },
      uow,
      now,
    );
    const getRoute = route.path.startsWith(employeeAdminPrefix)
      ? employeeTwin(venueAdminRoutes.getVenue)
      : venueAdminRoutes.getVenue;
    return {
      status: 201,
      headers: { Location: filledPath(getRoute.path, { venueID: venue.venueId }) },
      body: venueView(venue),
    };
  },

  listVenues: async ({ query }) => ({
    status: 200,
    body: pageView(await listVenues(ports, query), venueView),
  }),

  getVenue: async ({ params }) => ({ status: 200, body: venueView(await getVenue(ports, params.venueID)) }),

  replaceVenueItems: async ({ params, body, uow, now }) => {
    const items = { lounges: body.lounges, fastTracks: body.fast_tracks };
    return { status: 200, body: venueView(await replaceVenueItems(ports, params.venueID, items, uow, now)) };
  },

  disableVenue: async ({ params, uow, now }) => ({
    status: 200,
    body: venueView(await disableVenue(ports, params.venueID, uow, now)),
  }),

  createEnrollmentCode: async ({ params, uow, now }) => {
    const { enrollmentCode, expiresAt } = await createEnrollmentCode(ports, params.venueID, uow, now);
    return {
      status: 201,
      headers: { 'Cache-Control': 'no-store' },
      body: { enrollment_code: enrollmentCode, expires_at: expiresAt },
    };
  },

  listVenueDevices: async ({ params, query }) => ({
    status: 200,
    body: pageView(await listDevices(ports, params.venueID, query), deviceAdminView),
  }),

  disableVenueDevice: async ({ params, uow, now }) => ({
    status: 200,
    body: deviceAdminView(await disableDevice(ports, params.venueID, params.deviceID, uow, now)),
  }),
};
