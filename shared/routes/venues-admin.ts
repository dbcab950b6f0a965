import { cursorPage, cursorQuery } from '../schemas/common.ts';
import {
  createVenueRequestSchema,
  deviceAdminSchema,
  enrollmentCodeSchema,
  venueDeviceParams,
  venueItemsRequestSchema,
  venueParams,
  venueSchema,
} from '../schemas/venues.ts';
import { defineRoute, type RouteAuth } from './types.ts';

/*
 * Venue administration (docs/venues.md) under `/v2/admin/venues`, for operator applications, with
 * employee twins under `/api/v1/admin/venues` as every `/v2/admin` route. Writes take
 * `admin.venues:write`; reads `admin.venues:read` (support employees) or the write scope.
 */
const venueAdmin: RouteAuth = { scope: 'admin.venues:write' };
const venueRead: RouteAuth = { scope: 'admin.venues:read', alternatives: ['admin.venues:write'] };
const common = { hosts: ['api'], group: 'admin', tags: ['Venues'] } as const;

export const venueAdminRoutes = {
  createVenue: defineRoute({
    ...common,
    operationId: 'createVenue',
    method: 'POST',
    path: '/v2/admin/venues',
    summary: 'Register a venue: the operator of some lounges and fast-track lanes',
    description:
      'Every listed id must be a lounge (or fast-track) of the published catalog: else 422 at its path.',
    auth: venueAdmin,
    idempotency: 'required',
    audit: {
      target: { type: 'venue', responseField: 'venue_id' },
      bodyFields: ['name', 'lounges', 'fast_tracks'],
    },
    request: { body: createVenueRequestSchema },
    responses: {
      201: { description: 'Venue registered', schema: venueSchema, headers: { Location: 'The venue' } },
    },
  }),
  listVenues: defineRoute({
    ...common,
    operationId: 'listVenues',
    method: 'GET',
    path: '/v2/admin/venues',
    summary: 'List venues, newest first',
    auth: venueRead,
    request: { query: cursorQuery },
    responses: { 200: { description: 'A page of venues', schema: cursorPage(venueSchema) } },
  }),
  getVenue: defineRoute({
    ...common,
    operationId: 'getVenue',
    method: 'GET',
    path: '/v2/admin/venues/{venueID}',
    summary: 'Read a venue',
    auth: venueRead,
    request: { params: venueParams },
    responses: { 200: { description: 'The venue', schema: venueSchema } },
    errors: ['ResourceNotFound'],
  }),
  replaceVenueItems: defineRoute({
    ...common,
    operationId: 'replaceVenueItems',
    method: 'PUT',
    path: '/v2/admin/venues/{venueID}/items',
    summary: 'Replace the lounges and fast-tracks a venue operates',
    auth: venueAdmin,
    audit: { target: { type: 'venue', param: 'venueID' }, bodyFields: ['lounges', 'fast_tracks'] },
    request: { params: venueParams, body: venueItemsRequestSchema },
    responses: { 200: { description: 'The venue with its new items', schema: venueSchema } },
    errors: ['ResourceNotFound'],
  }),
  disableVenue: defineRoute({
    ...common,
    operationId: 'disableVenue',
    method: 'POST',
    path: '/v2/admin/venues/{venueID}/disable',
    summary: 'Disable a venue: it enrolls no device, and its devices are cut off within a minute',
    auth: venueAdmin,
    audit: { target: { type: 'venue', param: 'venueID' } },
    request: { params: venueParams },
    responses: { 200: { description: 'The disabled venue', schema: venueSchema } },
    errors: ['ResourceNotFound', 'VenueInvalidState'],
  }),
  createEnrollmentCode: defineRoute({
    ...common,
    operationId: 'createEnrollmentCode',
    method: 'POST',
    path: '/v2/admin/venues/{venueID}/enrollments',
    summary: 'Mint an enrollment code: it enrolls one device into the venue within 24 hours',
    description: 'The code is shown once; only its hash is stored.',
    auth: venueAdmin,
    audit: { target: { type: 'venue', param: 'venueID' } },
    request: { params: venueParams },
    responses: { 201: { description: 'A fresh enrollment code', schema: enrollmentCodeSchema } },
    errors: ['ResourceNotFound', 'VenueInvalidState'],
  }),
  listVenueDevices: defineRoute({
    ...common,
    operationId: 'listVenueDevices',
    method: 'GET',
    path: '/v2/admin/venues/{venueID}/devices',
    summary: "List a venue's devices, newest first",
    auth: venueRead,
    request: { params: venueParams, query: cursorQuery },
    responses: { 200: { description: 'A page of devices', schema: cursorPage(deviceAdminSchema) } },
    errors: ['ResourceNotFound'],
  }),
  disableVenueDevice: defineRoute({
    ...common,
    operationId: 'disableVenueDevice',
    method: 'POST',
    path: '/v2/admin/venues/{venueID}/devices/{deviceID}/disable',
    summary: 'Disable a device: it gets no token, and the tokens it holds are refused within a minute',
    auth: venueAdmin,
    audit: { target: { type: 'device', param: 'deviceID' } },
    request: { params: venueDeviceParams },
    responses: { 200: { description: 'The disabled device', schema: deviceAdminSchema } },
    errors: ['ResourceNotFound', 'DeviceInvalidState'],
  }),
} as const;
