import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../shared/http/validation.ts';
import {
  bookingListQuery,
  fastTrackBookingRequestSchema,
  loungeBookingRequestSchema,
  passUsedRequestSchema,
} from '../../../shared/schemas/booking.ts';

const lead = { first_name: 'Ada', last_name: 'Lovelace', type: 'Adult', lead: true };
const valid = {
  lounge_id: 'fc569dee-5236-518b-9f85-88c1b24f553f',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '7911123456',
  calling_code: '+44',
  transport_number: 'BA117',
  guests: [lead, { first_name: 'Byron', last_name: "O'Neil-Smith", type: 'Child', lead: false }],
};

function errorsOf(body: unknown): { path: string; message: string }[] {
  const result = loungeBookingRequestSchema.safeParse(body);
  return result.success ? [] : fieldErrors(result.error, 'body');
}

const pathsOf = (body: unknown) => errorsOf(body).map((error) => error.path);

describe('the lounge booking request', () => {
  it('accepts a complete request', () => {
    expect(errorsOf(valid)).toEqual([]);
  });

  it('accepts the minimum: the lounge and one lead guest', () => {
    expect(errorsOf({ lounge_id: valid.lounge_id, guests: [lead] })).toEqual([]);
  });

  it('refuses unknown fields, naming them', () => {
    expect(errorsOf({ ...valid, loungeId: 'x' })).toEqual([
      { path: 'body', message: 'Unknown field(s): loungeId' },
    ]);
  });

  it('refuses a lounge_id that is not a UUID', () => {
    expect(pathsOf({ ...valid, lounge_id: 'lounge-1' })).toEqual(['body.lounge_id']);
  });

  it('refuses a booking without guests and one with eleven', () => {
    expect(pathsOf({ ...valid, guests: [] })).toEqual(['body.guests']);
    expect(
      pathsOf({
        ...valid,
        guests: Array.from({ length: 11 }, (_, index) => ({ ...lead, lead: index === 0 })),
      }),
    ).toEqual(['body.guests']);
  });

  it('requires exactly one lead guest', () => {
    const noLead = errorsOf({ ...valid, guests: [{ ...lead, lead: false }] });
    const twoLeads = errorsOf({ ...valid, guests: [lead, lead] });

    expect(noLead).toEqual([
      { path: 'body.guests', message: 'Exactly one guest must have lead: true (found 0).' },
    ]);
    expect(twoLeads).toEqual([
      { path: 'body.guests', message: 'Exactly one guest must have lead: true (found 2).' },
    ]);
  });

  it('knows the guest types Adult, Child and Infant only', () => {
    expect(pathsOf({ ...valid, guests: [{ ...lead, type: 'Senior' }] })).toEqual(['body.guests.0.type']);
  });

  it('refuses a guest without a name', () => {
    expect(pathsOf({ ...valid, guests: [{ ...lead, last_name: ' ' }] })).toEqual(['body.guests.0.last_name']);
  });

  it('refuses a malformed e-mail address', () => {
    expect(pathsOf({ ...valid, email: 'ada@' })).toEqual(['body.email']);
  });

  it('refuses a phone with signs or spaces, and a calling code without +', () => {
    expect(pathsOf({ ...valid, phone: '+44 7911 123456' })).toEqual(['body.phone']);
    expect(pathsOf({ ...valid, calling_code: '44' })).toEqual(['body.calling_code']);
  });

  it('wants phone and calling_code together', () => {
    const { calling_code: _, ...withoutCode } = valid;

    expect(pathsOf(withoutCode)).toEqual(['body.calling_code']);
  });

  it('refuses a phone number longer than E.164 allows', () => {
    expect(pathsOf({ ...valid, calling_code: '+380', phone: '1234567890123' })).toEqual(['body.phone']);
  });

  it.each(['BA117', 'U2 1234', 'EZY8811', 'ICE 578', 'TGV-6201', 'ba117'])(
    'accepts the transport number %s',
    (number) => {
      expect(errorsOf({ ...valid, transport_number: number })).toEqual([]);
    },
  );

  it.each(['BA', '117 BA 9', 'BA_117', 'ABCDEFGHIJ1'])('refuses the transport number %s', (number) => {
    expect(pathsOf({ ...valid, transport_number: number })).toEqual(['body.transport_number']);
  });

  it('stores transport numbers upper-case', () => {
    expect(loungeBookingRequestSchema.parse({ ...valid, transport_number: 'u2 1234' }).transport_number).toBe(
      'U2 1234',
    );
  });
});

describe('the fast-track booking request', () => {
  it('names the fast-track instead of the lounge', () => {
    const { lounge_id, ...rest } = valid;

    expect(fastTrackBookingRequestSchema.safeParse({ ...rest, fast_track_id: lounge_id }).success).toBe(true);
    expect(fastTrackBookingRequestSchema.safeParse(valid).success).toBe(false);
  });
});

describe('the booking list query', () => {
  it('pages 50 by default and at most 200', () => {
    expect(bookingListQuery.parse({}).limit).toBe(50);
    expect(bookingListQuery.safeParse({ limit: '201' }).success).toBe(false);
  });

  it('filters by a known status only and refuses unknown parameters', () => {
    expect(bookingListQuery.parse({ status: 'Issued' }).status).toBe('Issued');
    expect(bookingListQuery.safeParse({ status: 'Pending' }).success).toBe(false);
    expect(bookingListQuery.safeParse({ state: 'Issued' }).success).toBe(false);
  });
});

describe('the sandbox pass-used request', () => {
  it('wants a booking id and at least one guest', () => {
    const booking_id = valid.lounge_id;

    expect(passUsedRequestSchema.safeParse({ booking_id, used_guests_count: 1 }).success).toBe(true);
    expect(passUsedRequestSchema.safeParse({ booking_id, used_guests_count: 0 }).success).toBe(false);
    expect(passUsedRequestSchema.safeParse({ booking_id, used_guests_count: 1.5 }).success).toBe(false);
  });
});
