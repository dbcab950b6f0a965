import {
  passAtTheDoorSchema,
  redeemPassRequestSchema,
  redemptionSchema,
  redemptionsPageSchema,
  venueRedemptionsQuery,
  verifyPassRequestSchema,
} from '../schemas/redemptions.ts';
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
const verifier = { scope: 'passes:verify', audiences: ['device'] } as const satisfies RouteAuth;
// Listing what the venue redeemed is the redeemer's: a verify-only device sees passes, not the log.
const redeemer = { scope: 'passes:redeem', audiences: ['device'] } as const satisfies RouteAuth;
const dpop =
  'Takes `Authorization: DPoP <device token>` and a fresh `DPoP` proof of this request with `ath` ' +
  '(RFC 9449); anything else is 401 with `WWW-Authenticate: DPoP error=...`.';

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
    description: dpop,
    auth: anyDevice,
    responses: { 200: { description: "The device's venue and its items", schema: venueItemsSchema } },
  }),
  verifyPass: defineRoute({
    ...common,
    operationId: 'verifyPass',
    method: 'POST',
    path: '/v2/venue/passes/verify',
    summary: 'Verify a scanned pass: its guests, and whether a redemption now would be accepted',
    description:
      'A QR that is not a pass of this service is 422 at `body.qr`; a pass of a lounge or lane the venue ' +
      'does not operate is 409 PassNotValidHere and shows no guest. `refusal` names the code a redemption ' +
      `now would be refused with. ${dpop}`,
    auth: verifier,
    request: { body: verifyPassRequestSchema },
    responses: { 200: { description: 'The pass as the door sees it', schema: passAtTheDoorSchema } },
    errors: ['PassNotValidHere'],
  }),
  redeemPass: defineRoute({
    ...common,
    operationId: 'redeemPass',
    method: 'POST',
    path: '/v2/venue/redemptions',
    summary: 'Redeem a scanned pass: admit some or all of its guests',
    description:
      'The pass becomes Used and the partner gets `pass.status.changed`. `scanned_at` (at most 72 h ago) ' +
      'records a scan made offline; a pass canceled after that moment is recorded `Disputed` (201). ' +
      'One pass is redeemed at most once; the same Idempotency-Key replays the answer, so an offline ' +
      `queue can be sent again. ${dpop}`,
    auth: redeemer,
    idempotency: 'required',
    creates: 'redemption',
    request: { body: redeemPassRequestSchema },
    responses: { 201: { description: 'The redemption', schema: redemptionSchema } },
    errors: ['PassNotReady', 'PassAlreadyUsed', 'PassCanceled', 'PassExpired', 'PassNotValidHere'],
  }),
  listVenueRedemptions: defineRoute({
    ...common,
    operationId: 'listVenueRedemptions',
    method: 'GET',
    path: '/v2/venue/redemptions',
    summary: "The venue's redemptions, oldest recorded first",
    description: `Only this venue's, from every one of its devices; \`since\` starts at a recorded_at. ${dpop}`,
    auth: redeemer,
    request: { query: venueRedemptionsQuery },
    responses: { 200: { description: 'A page of redemptions', schema: redemptionsPageSchema } },
  }),
} as const;
