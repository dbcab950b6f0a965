import { describe, expect, it } from 'vitest';
import { iccidProblem, isIccid, luhnCheckDigit, withCheckDigit } from '../../../shared/domain/esim/iccid.ts';

describe('the Luhn check digit', () => {
  it('matches the textbook examples', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnCheckDigit('411111111111111')).toBe(1);
  });

  it('is 0 when the weighted sum is already a multiple of ten', () => {
    expect(luhnCheckDigit('0')).toBe(0);
    expect(luhnCheckDigit('19')).toBe(0);
  });
});

describe('an ICCID', () => {
  const nineteen = withCheckDigit('898829900000000001');
  const twenty = withCheckDigit('8944500102198304826'.slice(0, 19));

  it('has 19 or 20 digits, starts with 89 and ends with the Luhn digit of the others', () => {
    expect(nineteen).toBe('8988299000000000016');
    expect(isIccid(nineteen)).toBe(true);
    expect(twenty).toHaveLength(20);
    expect(isIccid(twenty)).toBe(true);
  });

  it('is refused with a wrong check digit, naming the right one', () => {
    expect(iccidProblem('8988299000000000017')).toBe(
      'The check digit is wrong: the Luhn digit of the first 18 digits is 6.',
    );
  });

  it('is refused when any single digit changes (the check digit catches it)', () => {
    for (let position = 2; position < nineteen.length - 1; position++) {
      const digit = Number(nineteen[position]);
      const changed = `${nineteen.slice(0, position)}${(digit + 1) % 10}${nineteen.slice(position + 1)}`;
      expect(isIccid(changed), changed).toBe(false);
    }
  });

  it('is refused with another prefix, another length or other characters', () => {
    expect(iccidProblem(withCheckDigit('788829900000000001'))).toBe('An ICCID starts with 89.');
    expect(iccidProblem(withCheckDigit('89882990000000001'))).toBe('An ICCID has 19 or 20 digits, not 18.');
    expect(iccidProblem(withCheckDigit('89882990000000000001'))).toBe(
      'An ICCID has 19 or 20 digits, not 21.',
    );
    expect(iccidProblem('89882990000000000 1')).toBe('An ICCID has digits only.');
    expect(iccidProblem('')).toBe('An ICCID has digits only.');
  });
});
