/**
 * ICCIDs as printed on SIM cards (ITU-T E.118): `89` (telecommunications), country and issuer digits,
 * the card's number and a Luhn check digit computed over every digit before it; 19 or 20 digits.
 */

/** The Luhn digit that makes `payload` + digit pass the Luhn check. */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let offset = 0; offset < payload.length; offset++) {
    // Counting from the right of the payload, every other digit (the first included) is doubled.
    let digit = payload.charCodeAt(payload.length - 1 - offset) - 48;
    if (offset % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function withCheckDigit(payload: string): string {
  return `${payload}${luhnCheckDigit(payload)}`;
}

/** Why `value` is not an ICCID, in words a partner can act on; undefined when it is one. */
export function iccidProblem(value: string): string | undefined {
  if (!/^\d+$/.test(value)) return 'An ICCID has digits only.';
  if (!value.startsWith('89')) return 'An ICCID starts with 89.';
  if (value.length !== 19 && value.length !== 20) {
    return `An ICCID has 19 or 20 digits, not ${value.length}.`;
  }
  const expected = luhnCheckDigit(value.slice(0, -1));
  if (value.at(-1) !== String(expected)) {
    return `The check digit is wrong: the Luhn digit of the first ${value.length - 1} digits is ${expected}.`;
  }
  return undefined;
}

export const isIccid = (value: string): boolean => iccidProblem(value) === undefined;
