import { deviceSchema, registerDeviceRequestSchema } from '../schemas/venues.ts';
import { defineRoute } from './types.ts';

/*
 * {venue_url}: what venue devices (the scanner app, a venue's backend) call (docs/venues.md). Its own
 * host without client certificates, since browsers call it; every route but the registration takes a
 * DPoP-bound device token.
 */
const common = { hosts: ['venue'], group: 'venue', tags: ['Venue devices'] } as const;

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
} as const;
