import { createHash, randomInt } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed on a tablet is not mistaken. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const groups = 4;
const groupLength = 5;

/** 100 random bits as `XXXXX-XXXXX-XXXXX-XXXXX`: typed once by venue staff, never stored in clear. */
export function newEnrollmentCode(): string {
  const characters = Array.from({ length: groups * groupLength }, () => alphabet[randomInt(alphabet.length)]);
  return Array.from({ length: groups }, (_, group) =>
    characters.slice(group * groupLength, (group + 1) * groupLength).join(''),
  ).join('-');
}

/** The code as typed, without separators or case; then Crockford's read-alikes (O -> 0, I and L -> 1). */
export function normalizedEnrollmentCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** What the store keys a code by: base64url SHA-256 of its normalized form. */
export function enrollmentCodeHash(typed: string): string {
  return createHash('sha256').update(normalizedEnrollmentCode(typed)).digest('base64url');
}
