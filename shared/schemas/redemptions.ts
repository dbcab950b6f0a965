import { guestTypes, passStatuses, serviceTypes } from '../domain/booking/model.ts';
import { passRefusals, redemptionStatuses } from '../domain/redemptions/model.ts';
import { cursorPage, cursorQuery, timestamp, uuid } from './common.ts';
import * as z from './zod.ts';

/** The wire of verify and redeem (docs/redemptions.md). */
const qr = z.string().check(z.minLength(1), z.maxLength(4096)).register(z.globalRegistry, {
  description: 'The scanned QR payload of a pass (a compact JWS, see GET /.well-known/pass-keys.json).',
});

export const verifyPassRequestSchema = z
  .strictObject({ qr })
  .register(z.globalRegistry, { id: 'VerifyPassRequest' });

export const passAtTheDoorSchema = z
  .object({
    pass_id: uuid,
    booking_id: uuid,
    service_type: z.enum(serviceTypes),
    item_id: uuid,
    status: z.enum(passStatuses),
    guests_count: z.int().check(z.minimum(1)),
    used_guests_count: z.nullable(z.int().check(z.minimum(1))),
    valid_from: timestamp,
    valid_until: timestamp,
    transport_number: z.nullable(z.string()),
    guests: z.array(
      z.object({
        first_name: z.string(),
        last_name: z.string(),
        type: z.enum(guestTypes),
        lead: z.boolean(),
      }),
    ),
    redeemable: z.boolean(),
    refusal: z.nullable(z.enum(passRefusals)).register(z.globalRegistry, {
      description: 'The code a redemption would be refused with now; null when it would be accepted.',
    }),
  })
  .register(z.globalRegistry, { id: 'PassAtTheDoor' });

export const redeemPassRequestSchema = z
  .strictObject({
    qr,
    admitted_guests: z
      .int()
      .check(z.minimum(1), z.maximum(10))
      .register(z.globalRegistry, { description: '1 to the guests_count of the pass.' }),
    scanned_at: z.optional(timestamp).register(z.globalRegistry, {
      description:
        'When the pass was scanned, for scans made offline: at most 72 hours ago. Defaults to now.',
    }),
  })
  .register(z.globalRegistry, { id: 'RedeemPassRequest' });

export const redemptionSchema = z
  .object({
    redemption_id: uuid,
    pass_id: uuid,
    booking_id: uuid,
    service_type: z.enum(serviceTypes),
    item_id: uuid,
    venue_id: uuid,
    device_id: z.nullable(uuid),
    admitted_guests: z.int().check(z.minimum(1)),
    scanned_at: timestamp,
    recorded_at: timestamp,
    status: z.enum(redemptionStatuses),
  })
  .register(z.globalRegistry, { id: 'Redemption' });

export const redemptionsPageSchema = cursorPage(redemptionSchema).register(z.globalRegistry, {
  id: 'RedemptionsPage',
});

export const venueRedemptionsQuery = z.extend(cursorQuery, {
  since: z
    .optional(timestamp)
    .register(z.globalRegistry, { description: 'Only redemptions recorded at or after this instant.' }),
});

export const disputedRedemptionsQuery = z.extend(cursorQuery, {
  status: z.enum(['Disputed']).register(z.globalRegistry, {
    description: 'Required; only Disputed redemptions are listed (the ones that need an employee).',
  }),
});

/** For employees: the redemption with the partner account it concerns. */
export const disputedRedemptionSchema = z
  .extend(redemptionSchema, { account_id: uuid })
  .register(z.globalRegistry, { id: 'AdminRedemption' });

export const disputedRedemptionsPageSchema = cursorPage(disputedRedemptionSchema).register(z.globalRegistry, {
  id: 'AdminRedemptionsPage',
});
