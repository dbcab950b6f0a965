import { esimSuspensionRequestSchema } from '../schemas/esim.ts';
import {
  adminBookingDetailSchema,
  adminBookingParams,
  adminBookingSchema,
  adminBookingsPageSchema,
  adminBookingsQuery,
  adminEsimDetailSchema,
  adminEsimParams,
  adminEsimsPageSchema,
  adminEsimsQuery,
  cancelOnBehalfRequestSchema,
} from '../schemas/support.ts';
import { defineRoute } from './types.ts';

/*
 * Support tools (docs/support.md): employees find any partner's booking and act on the partner's
 * behalf. Employee tokens only, on the admin host; support reads, the admin role changes.
 */
const employeeOnly = { audiences: ['employee'] } as const;
const common = { hosts: ['admin'], group: 'admin', tags: ['Support'] } as const;
const bookingRead = {
  scope: 'admin.bookings:read',
  alternatives: ['admin.bookings:write'],
  ...employeeOnly,
} as const;
const bookingWrite = { scope: 'admin.bookings:write', ...employeeOnly } as const;
const esimRead = { scope: 'admin.esims:read', alternatives: ['admin.esims:write'], ...employeeOnly } as const;
const esimWrite = { scope: 'admin.esims:write', ...employeeOnly } as const;
const esimPath = '/api/v1/admin/esims/{iccid}' as const;

export const supportRoutes = {
  searchBookings: defineRoute({
    ...common,
    operationId: 'searchBookings',
    method: 'GET',
    path: '/api/v1/admin/bookings',
    summary:
      'Find bookings of any account: by account, traveller, status, service and creation time, newest first',
    description:
      'Name `account_id` or a traveller field (`email`, `last_name`, `transport_number`), else 422. Traveller fields match exactly after normalisation (trimmed, inner whitespace collapsed, case ignored). A page may hold fewer than `limit` bookings while `next_cursor` is not null.',
    auth: bookingRead,
    request: { query: adminBookingsQuery },
    responses: { 200: { description: 'A page of bookings', schema: adminBookingsPageSchema } },
  }),
  getAdminBooking: defineRoute({
    ...common,
    operationId: 'getAdminBooking',
    method: 'GET',
    path: '/api/v1/admin/bookings/{bookingID}',
    summary: 'Read a booking of any account with its pass, every status change and its redemptions',
    auth: bookingRead,
    request: { params: adminBookingParams },
    responses: { 200: { description: 'The booking', schema: adminBookingDetailSchema } },
    errors: ['BookingNotFound'],
  }),
  cancelBookingOnBehalf: defineRoute({
    ...common,
    operationId: 'cancelBookingOnBehalf',
    method: 'POST',
    path: '/api/v1/admin/bookings/{bookingID}/cancel',
    summary: "Cancel a booking on the partner's behalf, with or without the cancellation fee",
    description:
      "The partner's cancel rules (409 BookingAlreadyCanceled, BookingAlreadyConfirmed when its pass was used) and events; the history records the employee, the reason and `waive_fee`.",
    auth: bookingWrite,
    idempotency: 'required',
    audit: { target: { type: 'booking', param: 'bookingID' }, bodyFields: ['reason', 'waive_fee'] },
    request: { params: adminBookingParams, body: cancelOnBehalfRequestSchema },
    responses: { 200: { description: 'The canceled booking', schema: adminBookingSchema } },
    errors: ['BookingNotFound', 'BookingAlreadyCanceled', 'BookingAlreadyConfirmed'],
  }),
  listAdminEsims: defineRoute({
    ...common,
    operationId: 'listAdminEsims',
    method: 'GET',
    path: '/api/v1/admin/esims',
    summary: "List an account's eSIMs by ICCID, of one status when asked",
    auth: esimRead,
    request: { query: adminEsimsQuery },
    responses: { 200: { description: 'A page of eSIMs', schema: adminEsimsPageSchema } },
  }),
  getAdminEsim: defineRoute({
    ...common,
    operationId: 'getAdminEsim',
    method: 'GET',
    path: esimPath,
    summary: 'Read an eSIM of any account with its packages and its suspensions',
    auth: esimRead,
    request: { params: adminEsimParams },
    responses: { 200: { description: 'The eSIM', schema: adminEsimDetailSchema } },
    errors: ['EsimNotFound'],
  }),
  suspendEsim: defineRoute({
    ...common,
    operationId: 'suspendEsim',
    method: 'POST',
    path: `${esimPath}/suspend`,
    summary: 'Suspend an eSIM: it takes no top-up and no usage until resumed',
    description: 'A suspended or refunded eSIM: 409 EsimInvalidState. Sends esim.status.changed.',
    auth: esimWrite,
    idempotency: 'required',
    audit: { target: { type: 'esim', param: 'iccid' }, bodyFields: ['reason'] },
    request: { params: adminEsimParams, body: esimSuspensionRequestSchema },
    responses: { 200: { description: 'The suspended eSIM', schema: adminEsimDetailSchema } },
    errors: ['EsimNotFound', 'EsimInvalidState'],
  }),
  resumeEsim: defineRoute({
    ...common,
    operationId: 'resumeEsim',
    method: 'POST',
    path: `${esimPath}/resume`,
    summary: "Resume a suspended eSIM: its status is its packages' again",
    description:
      'An eSIM that is not suspended, or refunded: 409 EsimInvalidState. Resumes a suspension made by the partner too. Sends esim.status.changed.',
    auth: esimWrite,
    idempotency: 'required',
    audit: { target: { type: 'esim', param: 'iccid' }, bodyFields: ['reason'] },
    request: { params: adminEsimParams, body: esimSuspensionRequestSchema },
    responses: { 200: { description: 'The resumed eSIM', schema: adminEsimDetailSchema } },
    errors: ['EsimNotFound', 'EsimInvalidState'],
  }),
} as const;
