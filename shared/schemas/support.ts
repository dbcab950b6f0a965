import { bookingStatuses, passStatuses, serviceTypes } from '../domain/booking/model.ts';
import { esimStatuses } from '../domain/esim/model.ts';
import { ledgerLineSchema } from './billing.ts';
import { bookingRecordFields } from './booking.ts';
import { cursorPage, cursorQuery, timestamp, uuid } from './common.ts';
import { esimSummarySchema, iccidSchema } from './esim.ts';
import { disputedRedemptionSchema } from './redemptions.ts';
import * as z from './zod.ts';

const travellerField = (what: string) =>
  z.optional(z.string().check(z.minLength(1), z.maxLength(256))).register(z.globalRegistry, {
    description: `Bookings whose ${what} equals this after normalisation (trimmed, inner whitespace collapsed, case ignored): " DOE " finds "Doe", "Do" does not.`,
  });

/**
 * An employee's booking search (docs/support.md). It names an account or a traveller field (else 422);
 * the other filters narrow it.
 */
export const adminBookingsQuery = z.extend(cursorQuery, {
  account_id: z.optional(uuid).register(z.globalRegistry, { description: "Only this account's bookings." }),
  status: z.optional(z.enum(bookingStatuses)),
  service_type: z.optional(z.enum(serviceTypes)),
  email: travellerField('contact email'),
  last_name: travellerField('contact last name (not the other guests’)'),
  transport_number: travellerField('transport (flight) number'),
  created_from: z
    .optional(timestamp)
    .register(z.globalRegistry, { description: 'Only bookings created at or after this instant.' }),
  created_to: z
    .optional(timestamp)
    .register(z.globalRegistry, { description: 'Only bookings created at or before this instant.' }),
});

export const adminBookingParams = z.strictObject({ bookingID: uuid });

/** A booking as employees read it: the partner's record, its account and the service's id either way. */
export const adminBookingSchema = z
  .object({
    ...bookingRecordFields(),
    account_id: uuid,
    service_id: uuid,
    lounge_id: z.optional(uuid),
    fast_track_id: z.optional(uuid),
  })
  .register(z.globalRegistry, { id: 'AdminBooking' });

export const adminBookingsPageSchema = cursorPage(adminBookingSchema).register(z.globalRegistry, {
  id: 'AdminBookingsPage',
});

export const statusChangeSchema = z
  .object({
    at: timestamp,
    from: z.nullable(z.enum(bookingStatuses)).register(z.globalRegistry, {
      description:
        'The status left; null for the creation, or when not known (bookings made before history was recorded).',
    }),
    to: z.enum(bookingStatuses),
    actor: z
      .nullable(
        z.object({ type: z.enum(['application', 'employee', 'service']), id: z.nullable(z.string()) }),
      )
      .register(z.globalRegistry, {
        description:
          "Who: the partner's application (its client id), an employee, or the service itself; null when not known.",
      }),
    reason: z.optional(z.string()),
    waive_fee: z.optional(z.boolean()),
  })
  .register(z.globalRegistry, { id: 'BookingStatusChange' });

/** The pass without its QR payload: the code opens a door, and support has no door to open. */
export const adminPassSchema = z
  .object({
    pass_id: uuid,
    status: z.enum(passStatuses),
    guests_count: z.int(),
    used_guests_count: z.nullable(z.int()),
    valid_from: timestamp,
    valid_until: timestamp,
  })
  .register(z.globalRegistry, { id: 'AdminPass' });

export const adminBookingDetailSchema = z
  .extend(adminBookingSchema, {
    pass: z.nullable(adminPassSchema),
    history: z.array(statusChangeSchema),
    redemptions: z.array(disputedRedemptionSchema),
    ledger_lines: z.array(ledgerLineSchema).register(z.globalRegistry, {
      description: 'Every ledger line about it, in the order written, across statements.',
    }),
  })
  .register(z.globalRegistry, { id: 'AdminBookingDetail' });

export const cancelOnBehalfRequestSchema = z
  .strictObject({
    reason: z
      .string()
      .check(z.trim(), z.minLength(1), z.maxLength(500))
      .register(z.globalRegistry, { description: 'Why, for the audit log and the booking history' }),
    waive_fee: z.boolean().register(z.globalRegistry, {
      description: "true: the contract's cancellation fee is not charged for this cancel.",
    }),
  })
  .register(z.globalRegistry, { id: 'CancelOnBehalfRequest' });

/** An employee's list of one account's eSIMs (docs/support.md). */
export const adminEsimsQuery = z.extend(cursorQuery, {
  account_id: z
    .uuid()
    .register(z.globalRegistry, { description: 'Required: the account whose eSIMs to list.' }),
  status: z.optional(z.enum(esimStatuses)).register(z.globalRegistry, {
    description: 'Only eSIMs in this status; a page may then hold fewer than `limit`.',
  }),
});

export const adminEsimParams = z.strictObject({ iccid: iccidSchema });

export const adminEsimSchema = z
  .extend(esimSummarySchema, { account_id: uuid })
  .register(z.globalRegistry, { id: 'AdminEsim' });

export const adminEsimsPageSchema = cursorPage(adminEsimSchema).register(z.globalRegistry, {
  id: 'AdminEsimsPage',
});

export const esimStatusChangeSchema = z
  .object({
    at: timestamp,
    from: z.enum(esimStatuses),
    to: z.enum(esimStatuses),
    actor: z.object({ type: z.enum(['application', 'employee']), id: z.string() }),
    reason: z.string(),
  })
  .register(z.globalRegistry, { id: 'EsimStatusChange' });

export const adminEsimDetailSchema = z
  .extend(adminEsimSchema, {
    history: z.array(esimStatusChangeSchema).register(z.globalRegistry, {
      description: 'Suspensions and resumptions, oldest first.',
    }),
    ledger_lines: z.array(ledgerLineSchema).register(z.globalRegistry, {
      description: 'Every ledger line about it, in the order written, across statements.',
    }),
  })
  .register(z.globalRegistry, { id: 'AdminEsimDetail' });
