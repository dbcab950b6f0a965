import { bookingStatuses, guestTypes, passStatuses, serviceTypes } from '../domain/booking/model.ts';
import {
  type ContactInput,
  callingCodePattern,
  fitsE164,
  hasCallingCodeWithPhone,
  hasOneLeadGuest,
  hasPhoneWithCallingCode,
  leadGuestProblem,
  phonePattern,
} from '../domain/booking/request-rules.ts';
import { cursorPage, cursorQuery, moneySchema, timestamp, uuid } from './common.ts';
import * as z from './zod.ts';

/** Letters of any script, with the spaces, apostrophes, dots and hyphens names carry. */
const personName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1),
    z.maxLength(100),
    z.regex(/^[\p{L}\p{M}' .-]*$/u, 'letters, spaces, apostrophes, dots and hyphens only'),
  );

export const guestSchema = z
  .strictObject({
    first_name: personName,
    last_name: personName,
    type: z.enum(guestTypes),
    lead: z
      .boolean()
      .register(z.globalRegistry, { description: 'Exactly one guest of the booking is the lead.' }),
  })
  .register(z.globalRegistry, { id: 'Guest' });

const guests = z
  .array(guestSchema)
  .check(
    z.minLength(1),
    z.maxLength(10),
    z.refine(hasOneLeadGuest, { error: (issue) => leadGuestProblem(issue.input as { lead: boolean }[]) }),
  )
  .register(z.globalRegistry, { description: '1 to 10 guests, exactly one with lead: true.' });

const contactFields = () => ({
  first_name: z.optional(personName).register(z.globalRegistry, {
    description: 'Contact first name; required when the service asks for Name.',
  }),
  last_name: z.optional(personName).register(z.globalRegistry, {
    description: 'Contact last name; required when the service asks for Name.',
  }),
  email: z
    .optional(z.email().check(z.maxLength(254)))
    .register(z.globalRegistry, { description: 'Required when the service asks for Email.' }),
  phone: z
    .optional(
      z
        .string()
        .check(
          z.regex(phonePattern, 'national number: 4 to 14 digits, without the calling code, spaces or signs'),
        ),
    )
    .register(z.globalRegistry, {
      description: 'National number; sent with calling_code; required when the service asks for Phone.',
      example: '7911123456',
    }),
  calling_code: z
    .optional(
      z.string().check(z.regex(callingCodePattern, "country calling code: '+' and 1 to 3 digits, e.g. +44")),
    )
    .register(z.globalRegistry, { example: '+44' }),
  transport_number: z
    .optional(
      z
        .string()
        .check(
          z.trim(),
          z.toUpperCase(),
          z.regex(
            /^(?=[A-Za-z0-9 -]{2,10}$)(?=.*[0-9])[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)?$/,
            'flight or train number: 2 to 10 letters and digits with at least one digit, one optional space or hyphen (BA117, U2 1234, ICE 578)',
          ),
        ),
    )
    .register(z.globalRegistry, {
      description: 'Flight or train number, any case; stored upper-case.',
      example: 'BA117',
    }),
  guests,
});

/**
 * A phone number is a calling code plus a national number, at most 15 digits together (E.164); one
 * without the other is refused at the field that is missing. At most one of these fails at a time.
 */
const phoneRules = () => [
  z.refine<ContactInput>(hasPhoneWithCallingCode, {
    path: ['phone'],
    message: 'phone and calling_code go together.',
  }),
  z.refine<ContactInput>(hasCallingCodeWithPhone, {
    path: ['calling_code'],
    message: 'phone and calling_code go together.',
  }),
  z.refine<ContactInput>(fitsE164, {
    path: ['phone'],
    message: 'calling_code and phone together exceed the 15 digits of an E.164 number.',
  }),
];

export const loungeBookingRequestSchema = z
  .strictObject({ lounge_id: uuid, ...contactFields() })
  .check(...phoneRules())
  .register(z.globalRegistry, { id: 'LoungeBookingRequest' });

export const fastTrackBookingRequestSchema = z
  .strictObject({ fast_track_id: uuid, ...contactFields() })
  .check(...phoneRules())
  .register(z.globalRegistry, { id: 'FastTrackBookingRequest' });

export type LoungeBookingRequest = z.output<typeof loungeBookingRequestSchema>;
export type FastTrackBookingRequest = z.output<typeof fastTrackBookingRequestSchema>;

export const bookingCreatedSchema = z
  .object({
    booking_id: uuid,
    status: z.enum(bookingStatuses),
    created_at: timestamp,
    price: z.nullable(moneySchema).register(z.globalRegistry, {
      description:
        'Each guest at your net price of its type, fixed when the booking was created; null for bookings made before prices existed',
    }),
  })
  .register(z.globalRegistry, { id: 'BookingCreated' });

export const bookingRecordFields = () => ({
  booking_id: uuid,
  status: z.enum(bookingStatuses),
  service_type: z.enum(serviceTypes),
  pass_available: z
    .boolean()
    .register(z.globalRegistry, { description: 'true once the pass exists (from Issued on).' }),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  calling_code: z.nullable(z.string()),
  transport_number: z.nullable(z.string()),
  guests: z.array(guestSchema),
  hold_expires_at: z.nullable(timestamp).register(z.globalRegistry, {
    description: 'Confirm before this instant; set when the booking is Issued.',
  }),
  price: z.nullable(moneySchema).register(z.globalRegistry, {
    description:
      'Each guest at your net price of its type, fixed when the booking was created; null for bookings made before prices existed',
  }),
  created_at: timestamp,
  updated_at: timestamp,
});

export const loungeBookingSchema = z
  .object({ ...bookingRecordFields(), lounge_id: uuid })
  .register(z.globalRegistry, { id: 'LoungeBooking' });
export const fastTrackBookingSchema = z
  .object({ ...bookingRecordFields(), fast_track_id: uuid })
  .register(z.globalRegistry, { id: 'FastTrackBooking' });

export const passSchema = z
  .object({
    pass_id: uuid,
    booking_id: uuid,
    service_type: z.enum(serviceTypes),
    status: z.enum(passStatuses),
    guests_count: z.int().check(z.minimum(1)),
    used_guests_count: z.nullable(z.int().check(z.minimum(1))),
    valid_from: timestamp,
    valid_until: timestamp,
    qr: z.nullable(z.string()).register(z.globalRegistry, {
      description:
        'The QR payload: a compact JWS (ES256) a scanner verifies offline against GET /.well-known/pass-keys.json. Present while the pass is Active or Used.',
    }),
    qr_svg: z
      .nullable(z.string())
      .register(z.globalRegistry, { description: 'The QR code of `qr` as an SVG document.' }),
    google_wallet_url: z.nullable(z.url()).register(z.globalRegistry, {
      description:
        'A Google Wallet save link (https://pay.google.com/gp/v/save/<JWT>) for the traveller; present while the pass is Active.',
    }),
  })
  .register(z.globalRegistry, { id: 'Pass' });

export const bookingParams = z.strictObject({ bookingID: uuid });

export const bookingListQuery = z.extend(cursorQuery, {
  status: z
    .optional(z.enum(bookingStatuses))
    .register(z.globalRegistry, { description: 'Only bookings in this status.' }),
});

export const loungeBookingsPageSchema = cursorPage(loungeBookingSchema).register(z.globalRegistry, {
  id: 'LoungeBookingsPage',
});
export const fastTrackBookingsPageSchema = cursorPage(fastTrackBookingSchema).register(z.globalRegistry, {
  id: 'FastTrackBookingsPage',
});

export const passUsedRequestSchema = z
  .strictObject({
    booking_id: uuid,
    used_guests_count: z
      .int()
      .check(z.minimum(1), z.maximum(10))
      .register(z.globalRegistry, { description: '1 to the guests_count of the pass.' }),
  })
  .register(z.globalRegistry, { id: 'PassUsedRequest' });
