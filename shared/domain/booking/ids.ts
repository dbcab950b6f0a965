import { randomBytes } from 'node:crypto';

/**
 * UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Booking ids sort by
 * creation time, so an account's bookings list newest first straight from the table's sort key.
 */
export function uuidV7(now: Date = new Date()): string {
  const bytes = randomBytes(16);
  const millis = BigInt(now.getTime());
  for (let index = 0; index < 6; index++) {
    bytes[index] = Number((millis >> BigInt(8 * (5 - index))) & 0xffn);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
