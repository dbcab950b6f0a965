import * as z from 'zod';
import { bookingStatuses, guestTypes, passStatuses, serviceTypes } from '../domain/booking/model.ts';
import { cursorPage, cursorQuery, lazyView, timestamp, uuid } from './common.ts';

/** Letters of any script, with the spaces, apostrophes, dots and hyphens names carry. */
const personName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\p{L}\p{M}' .-]*$/u, 'letters, spaces, apostrophes, dots and hyphens only');

export const guestSchema = lazyView(() =>
  z
    .strictObject({
      first_name: personName,
      last_name: personName,
      type: z.enum(guestTypes),
      lead: z.boolean().meta({ description: 'Exactly one guest of the booking is the lead.' }),
    })
    .meta({ id: 'Guest' }),
);

const guests = z
  .array(guestSchema)
  .min(1)
  .max(10)
  .superRefine((list, context) => {
    const leads = list.filter((guest) => guest.lead).length;
    // The size rules already answer for an empty or oversized list.
    if (list.length > 0 && list.length <= 10 && leads !== 1) {
      context.addIssue({
        code: 'custom',
        message: `Exactly one guest must have lead: true (found ${leads}).`,
        input: list,
      });
    }
  })
  .meta({ description: '1 to 10 guests, exactly one with lead: true.' });

const phonePattern = /^[0-9]{4,14}$/;
const callingCodePattern = /^\+[1-9][0-9]{0,2}$/;

const contactFields = {
  first_name: personName
    .optional()
    .meta({ description: 'Contact first name; required when the service asks for Name.' }),
  last_name: personName
    .optional()
    .meta({ description: 'Contact last name; required when the service asks for Name.' }),
  email: z.email().max(254).optional().meta({ description: 'Required when the service asks for Email.' }),
  phone: z
    .string()
    .regex(phonePattern, 'national number: 4 to 14 digits, without the calling code, spaces or signs')
    .optional()
    .meta({
      description: 'National number; sent with calling_code; required when the service asks for Phone.',
      example: '7911123456',
    }),
  calling_code: z
    .string()
    .regex(callingCodePattern, "country calling code: '+' and 1 to 3 digits, e.g. +44")
    .optional()
    .meta({ example: '+44' }),
  transport_number: z
    .string()
    .trim()
    .toUpperCase()
    .regex(
      /^(?=[A-Za-z0-9 -]{2,10}$)(?=.*[0-9])[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)?$/,
      'flight or train number: 2 to 10 letters and digits with at least one digit, one optional space or hyphen (BA117, U2 1234, ICE 578)',
    )
    .optional()
    .meta({ description: 'Flight or train number, any case; stored upper-case.', example: 'BA117' }),
  guests,
};

type ContactInput = { phone?: string | undefined; calling_code?: string | undefined };

/** A phone number is a calling code plus a national number, at most 15 digits together (E.164). */
function phoneRules(value: ContactInput, context: z.RefinementCtx): void {
  if ((value.phone === undefined) !== (value.calling_code === undefined)) {
    const missing = value.phone === undefined ? 'phone' : 'calling_code';
    context.addIssue({
      code: 'custom',
      path: [missing],
      message: 'phone and calling_code go together.',
      input: value,
    });
  } else if (
    value.phone &&
    value.calling_code &&
    phonePattern.test(value.phone) &&
    callingCodePattern.test(value.calling_code) &&
    value.phone.length + value.calling_code.length - 1 > 15
  ) {
    context.addIssue({
      code: 'custom',
      path: ['phone'],
      message: 'calling_code and phone together exceed the 15 digits of an E.164 number.',
      input: value,
    });
  }
}

export const loungeBookingRequestSchema = lazyView(() =>
  z
    .strictObject({ lounge_id: uuid, ...contactFields })
    .superRefine(phoneRules)
    .meta({ id: 'LoungeBookingRequest' }),
);

export const fastTrackBookingRequestSchema = lazyView(() =>
  z
    .strictObject({ fast_track_id: uuid, ...contactFields })
    .superRefine(phoneRules)
    .meta({ id: 'FastTrackBookingRequest' }),
);

export type LoungeBookingRequest = z.output<typeof loungeBookingRequestSchema>;
export type FastTrackBookingRequest = z.output<typeof fastTrackBookingRequestSchema>;

export const bookingCreatedSchema = lazyView(() =>
  z
    .object({ booking_id: uuid, status: z.enum(bookingStatuses), created_at: timestamp })
    .meta({ id: 'BookingCreated' }),
);

const bookingRecordFields = () => ({
  booking_id: uuid,
  status: z.enum(bookingStatuses),
  service_type: z.enum(serviceTypes),
  pass_available: z.boolean().meta({ description: 'true once the pass exists (from Issued on).' }),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  calling_code: z.string().nullable(),
  transport_number: z.string().nullable(),
  guests: z.array(guestSchema),
  hold_expires_at: timestamp
    .nullable()
    .meta({ description: 'Confirm before this instant; set when the booking is Issued.' }),
  created_at: timestamp,
  updated_at: timestamp,
});

export const loungeBookingSchema = lazyView(() =>
  z.object({ ...bookingRecordFields(), lounge_id: uuid }).meta({ id: 'LoungeBooking' }),
);
export const fastTrackBookingSchema = lazyView(() =>
  z.object({ ...bookingRecordFields(), fast_track_id: uuid }).meta({ id: 'FastTrackBooking' }),
);

export const passSchema = lazyView(() =>
  z
    .object({
      pass_id: uuid,
      booking_id: uuid,
      service_type: z.enum(serviceTypes),
      status: z.enum(passStatuses),
      guests_count: z.int().min(1),
      used_guests_count: z.int().min(1).nullable(),
      valid_from: timestamp,
      valid_until: timestamp,
      qr: z.string().nullable().meta({
        description:
          'The QR payload: a compact JWS (ES256) a scanner verifies offline against GET /.well-known/pass-keys.json. Present while the pass is Active or Used.',
      }),
      qr_svg: z.string().nullable().meta({ description: 'The QR code of `qr` as an SVG document.' }),
    })
    .meta({ id: 'Pass' }),
);

export const bookingParams = lazyView(() => z.strictObject({ bookingID: uuid }));

export const bookingListQuery = lazyView(() =>
  cursorQuery.unwrap().extend({
    status: z.enum(bookingStatuses).optional().meta({ description: 'Only bookings in this status.' }),
  }),
);

export const loungeBookingsPageSchema = lazyView(() =>
  cursorPage(loungeBookingSchema).meta({ id: 'LoungeBookingsPage' }),
);
export const fastTrackBookingsPageSchema = lazyView(() =>
  cursorPage(fastTrackBookingSchema).meta({
    id: 'FastTrackBookingsPage',
  }),
);

export const passUsedRequestSchema = lazyView(() =>
  z
    .strictObject({
      booking_id: uuid,
      used_guests_count: z.int().min(1).max(10).meta({ description: '1 to the guests_count of the pass.' }),
    })
    .meta({ id: 'PassUsedRequest' }),
);
