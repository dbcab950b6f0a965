import { deviceSchema, registerDeviceRequestSchema, venueItemsSchema } from '../schemas/venues.ts';
import { defineRoute, type RouteAuth } from './types.ts';

/*
 * {venue_url}: what venue devices (the scanner app, a venue's backend) call (docs/venues.md). Its own
 * host without client certificates, since browsers call it; every route but the registration takes a
 * DPoP-bound device token.
 */
const common = { hosts: ['venue'], group: 'venue', tags: ['Venue devices'] } as const;
const anyDevice = {
  scope: 'passes:verify',
  alternatives: ['passes:redeem'],
  audiences: ['device'],
} as const satisfies RouteAuth;

export const venueRoutes = {
  registerDevice: defineRoute({
    ...common,
    operationId: 'registerDevice',
    method: 'POST',
    path: '/v2/venue/devices',
    summary: 'Enroll a device with an enrollment code and its EC P-256 public key',
    description:
      'The code (single use, 24 h) names the venue. The key is made on the device and never leaves it: ' +
      'a JWK with a private member is refused. The device then gets tokens with `private_key_jwt` and DPoP.',
    auth: null,
    request: { body: registerDeviceRequestSchema },
    responses: { 201: { description: 'The enrolled device', schema: deviceSchema } },
    errors: ['EnrollmentCodeInvalid', 'VenueInvalidState'],
  }),
  listVenueItems: defineRoute({
    ...common,
    operationId: 'listVenueItems',
    method: 'GET',
    path: '/v2/venue/items',
    summary: 'The lounges and fast-track lanes the venue operates',
    description:
      'Takes `Authorization: DPoP <device token>` and a fresh `DPoP` proof of this request with `ath` ' +
      '(RFC 9449); anything else is 401 with `WWW-Authenticate: DPoP error=...`.',
    auth: anyDevice,
    responses: { 200: { description: "The device's venue and its items", schema: venueItemsSchema } },
  }),
} as const;
