/**
 * Rules of a booking request that its schema refines with (shared/schemas/booking.ts): plain
 * predicates without zod, so the domain stays free of the schema library.
 */

/** A national number: 4 to 14 digits, without the calling code, spaces or signs. */
export const phonePattern = /^[0-9]{4,14}$/;
/** A country calling code: '+' and 1 to 3 digits. */
export const callingCodePattern = /^\+[1-9][0-9]{0,2}$/;

export interface ContactInput {
  phone?: string | undefined;
  calling_code?: string | undefined;
}

/** Exactly one lead guest; the size rules answer for an empty or oversized list. */
export function hasOneLeadGuest(guests: readonly { lead: boolean }[]): boolean {
  return guests.length === 0 || guests.length > 10 || guests.filter((guest) => guest.lead).length === 1;
}

export function leadGuestProblem(guests: readonly { lead: boolean }[]): string {
  return `Exactly one guest must have lead: true (found ${guests.filter((guest) => guest.lead).length}).`;
}

/** A calling code comes with a phone number... */
export function hasPhoneWithCallingCode(contact: ContactInput): boolean {
  return contact.calling_code === undefined || contact.phone !== undefined;
}

/** ...and a phone number with a calling code. */
export function hasCallingCodeWithPhone(contact: ContactInput): boolean {
  return contact.phone === undefined || contact.calling_code !== undefined;
}

/** Together at most the 15 digits of an E.164 number (checked once both are well formed). */
export function fitsE164(contact: ContactInput): boolean {
  const { phone, calling_code: callingCode } = contact;
  if (!phone || !callingCode || !phonePattern.test(phone) || !callingCodePattern.test(callingCode))
    return true;
  return phone.length + callingCode.length - 1 <= 15;
}
