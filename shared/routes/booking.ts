import { jwksSchema } from '../schemas/auth.ts';
import {
  bookingCreatedSchema,
  bookingListQuery,
  bookingParams,
  fastTrackBookingRequestSchema,
  fastTrackBookingSchema,
  fastTrackBookingsPageSchema,
  loungeBookingRequestSchema,
  loungeBookingSchema,
  loungeBookingsPageSchema,
  passSchema,
} from '../schemas/booking.ts';
import type * as z from '../schemas/zod.ts';
import { defineRoute, type RouteAuth } from './types.ts';

const common = { hosts: ['api'], group: 'booking', tags: ['Booking'] } as const;

/** The media type of an Apple Wallet pass (a signed zip). */
export const applePassContentType = 'application/vnd.apple.pkpass';

/** The same six operations for lounges and fast-tracks; only paths, schemas and the scope differ. */
function serviceRoutes<
  const Segment extends string,
  // Kept literal: the audiences it lists type the principal the handlers receive.
  const Auth extends RouteAuth,
  Request extends z.ZodMiniType,
  BookingRecord extends z.ZodMiniType,
  RecordPage extends z.ZodMiniType,
>(spec: {
  segment: Segment;
  noun: string;
  auth: Auth;
  request: Request;
  record: BookingRecord;
  page: RecordPage;
}) {
  const collection = `/v2/b2b/booking/${spec.segment}` as const;
  const item = `${collection}/{bookingID}` as const;
  const { noun, auth } = spec;
  return {
    create: {
      ...common,
      method: 'POST',
      path: collection,
      summary: `Book a ${noun}`,
      description:
        'Answers 202 with the booking in `Processing`; the service issues the pass asynchronously (status `Issued`, ' +
        'usually within seconds), after which the booking must be confirmed before `hold_expires_at`.',
      auth,
      idempotency: 'required',
      creates: 'booking',
      request: { body: spec.request },
      responses: {
        202: {
          description: 'Booking accepted',
          schema: bookingCreatedSchema,
          headers: { Location: `${collection}/{booking_id}` },
        },
      },
      errors: ['CatalogResourceNotFound'],
    },
    list: {
      ...common,
      method: 'GET',
      path: collection,
      summary: `List ${noun} bookings, newest first`,
      auth,
      request: { query: bookingListQuery },
      responses: { 200: { description: 'A page of bookings', schema: spec.page } },
    },
    get: {
      ...common,
      method: 'GET',
      path: item,
      summary: `Read a ${noun} booking`,
      auth,
      request: { params: bookingParams },
      responses: { 200: { description: 'The booking', schema: spec.record } },
      errors: ['BookingNotFound'],
    },
    confirm: {
      ...common,
      method: 'POST',
      path: `${item}/confirm`,
      summary: `Confirm an issued ${noun} booking before its hold expires`,
      auth,
      idempotency: 'optional',
      request: { params: bookingParams },
      responses: { 200: { description: 'The confirmed booking', schema: spec.record } },
      errors: ['BookingNotFound', 'PassNotReady', 'BookingAlreadyConfirmed', 'BookingAlreadyCanceled'],
    },
    cancel: {
      ...common,
      method: 'POST',
      path: `${item}/cancel`,
      summary: `Cancel a ${noun} booking`,
      description: 'Possible while Processing, Issued or Confirmed, unless the pass was already used.',
      auth,
      idempotency: 'optional',
      request: { params: bookingParams },
      responses: { 200: { description: 'The canceled booking', schema: spec.record } },
      errors: ['BookingNotFound', 'BookingAlreadyConfirmed', 'BookingAlreadyCanceled'],
    },
    pass: {
      ...common,
      method: 'GET',
      path: `${item}/pass`,
      summary: `Read the pass of a ${noun} booking, with its QR code`,
      auth,
      request: { params: bookingParams },
      responses: { 200: { description: 'The pass', schema: passSchema } },
      errors: ['BookingNotFound', 'PassNotReady', 'PassServiceTypeMismatch'],
    },
    walletPass: {
      ...common,
      method: 'GET',
      path: `${item}/pass.pkpass`,
      summary: `Download the pass of a ${noun} booking for Apple Wallet`,
      description:
        `An Apple Wallet pass (\`${applePassContentType}\`) whose barcode is the pass QR, with the ${noun}, the guests and ` +
        'the validity on its front, in English and Russian, signed with the pass-type certificate. Available once the ' +
        'booking is confirmed (PassNotReady before); fetched again after a cancel, expiry or use it is voided and says ' +
        `so. Send \`Accept: ${applePassContentType}\` to receive the bytes.`,
      auth,
      request: { params: bookingParams },
      responses: {
        200: {
          description: 'The signed pass, ready to open in Wallet',
          contentType: applePassContentType,
          headers: { 'Content-Disposition': 'attachment; filename="pass.pkpass"' },
        },
      },
      errors: ['BookingNotFound', 'PassNotReady', 'PassServiceTypeMismatch'],
    },
  } as const;
}

const lounge = serviceRoutes({
  segment: 'lounges',
  noun: 'lounge',
  auth: { scope: 'booking.lounges:write' },
  request: loungeBookingRequestSchema,
  record: loungeBookingSchema,
  page: loungeBookingsPageSchema,
});

const fastTrack = serviceRoutes({
  segment: 'fast-tracks',
  noun: 'fast-track',
  auth: { scope: 'booking.fast_tracks:write' },
  request: fastTrackBookingRequestSchema,
  record: fastTrackBookingSchema,
  page: fastTrackBookingsPageSchema,
});

/** Scanners verify pass QR codes offline with these keys; public, so no client certificate or token. */
const getPassSigningKeys = defineRoute({
  operationId: 'getPassSigningKeys',
  method: 'GET',
  path: '/.well-known/pass-keys.json',
  hosts: ['auth', 'api'],
  group: 'booking',
  summary: 'Public keys that verify pass QR codes',
  description:
    'A JSON Web Key Set (ES256). A pass QR payload is a compact JWS (`typ` `pass+jwt`) whose header `kid` names the key that verifies it; refresh the set daily and whenever a `kid` is unknown.',
  tags: ['Booking'],
  auth: null,
  responses: { 200: { description: 'JSON Web Key Set', schema: jwksSchema } },
});

export const bookingRoutes = {
  createLoungeBooking: defineRoute({ ...lounge.create, operationId: 'createLoungeBooking' }),
  listLoungeBookings: defineRoute({ ...lounge.list, operationId: 'listLoungeBookings' }),
  getLoungeBooking: defineRoute({ ...lounge.get, operationId: 'getLoungeBooking' }),
  confirmLoungeBooking: defineRoute({ ...lounge.confirm, operationId: 'confirmLoungeBooking' }),
  cancelLoungeBooking: defineRoute({ ...lounge.cancel, operationId: 'cancelLoungeBooking' }),
  getLoungePass: defineRoute({ ...lounge.pass, operationId: 'getLoungePass' }),
  getLoungeWalletPass: defineRoute({ ...lounge.walletPass, operationId: 'getLoungeWalletPass' }),
  createFastTrackBooking: defineRoute({ ...fastTrack.create, operationId: 'createFastTrackBooking' }),
  listFastTrackBookings: defineRoute({ ...fastTrack.list, operationId: 'listFastTrackBookings' }),
  getFastTrackBooking: defineRoute({ ...fastTrack.get, operationId: 'getFastTrackBooking' }),
  confirmFastTrackBooking: defineRoute({ ...fastTrack.confirm, operationId: 'confirmFastTrackBooking' }),
  cancelFastTrackBooking: defineRoute({ ...fastTrack.cancel, operationId: 'cancelFastTrackBooking' }),
  getFastTrackPass: defineRoute({ ...fastTrack.pass, operationId: 'getFastTrackPass' }),
  getFastTrackWalletPass: defineRoute({ ...fastTrack.walletPass, operationId: 'getFastTrackWalletPass' }),
  getPassSigningKeys,
} as const;
