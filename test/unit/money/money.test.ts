import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  afterDiscount,
  divideHalfEven,
  formatMoney,
  MoneyError,
  negate,
  parseMoney,
  percentOf,
  times,
  totalsByCurrency,
} from '../../../shared/domain/money/money.ts';

const eur = (amount: string) => parseMoney({ amount, currency: 'EUR' });

describe('money', () => {
  it('parses and formats with the currency exponent', () => {
    expect(eur('12.5')).toEqual({ minor: 1250n, currency: 'EUR' });
    expect(formatMoney(eur('12.5'))).toEqual({ amount: '12.50', currency: 'EUR' });
    expect(formatMoney(parseMoney({ amount: '1500', currency: 'JPY' }))).toEqual({
      amount: '1500',
      currency: 'JPY',
    });
    expect(formatMoney(parseMoney({ amount: '1.5', currency: 'KWD' }))).toEqual({
      amount: '1.500',
      currency: 'KWD',
    });
    expect(formatMoney(eur('-0.05'))).toEqual({ amount: '-0.05', currency: 'EUR' });
    expect(formatMoney(eur('0'))).toEqual({ amount: '0.00', currency: 'EUR' });
  });

  it('refuses more decimals than the currency has, and malformed amounts', () => {
    expect(() => eur('1.005')).toThrow(MoneyError);
    expect(() => parseMoney({ amount: '1.5', currency: 'JPY' })).toThrow(MoneyError);
    expect(() => eur('1e3')).toThrow(MoneyError);
    expect(() => eur('')).toThrow(MoneyError);
    expect(() => parseMoney({ amount: '1', currency: 'eur' })).toThrow(MoneyError);
  });

  it('rounds half to even', () => {
    expect(divideHalfEven(5n, 2n)).toBe(2n);
    expect(divideHalfEven(7n, 2n)).toBe(4n);
    expect(divideHalfEven(-5n, 2n)).toBe(-2n);
    expect(divideHalfEven(-7n, 2n)).toBe(-4n);
    expect(divideHalfEven(10n, 3n)).toBe(3n);
    expect(divideHalfEven(11n, 3n)).toBe(4n);
    // 12.5 % of 0.20 EUR is 0.025: half of a cent, to the even 0.02
    expect(formatMoney(percentOf(eur('0.20'), '12.5')).amount).toBe('0.02');
    // 12.5 % of 0.28 EUR is 0.035: to the even 0.04
    expect(formatMoney(percentOf(eur('0.28'), 12.5)).amount).toBe('0.04');
    expect(formatMoney(afterDiscount(eur('45.00'), 15)).amount).toBe('38.25');
  });

  it('refuses mixing currencies and odd percentages', () => {
    expect(() => add(eur('1'), parseMoney({ amount: '1', currency: 'USD' }))).toThrow(MoneyError);
    expect(() => percentOf(eur('1'), '1.00001')).toThrow(MoneyError);
    expect(() => percentOf(eur('1'), -5)).toThrow(MoneyError);
  });

  it('round-trips every amount and keeps sums exact', () => {
    const minor = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n });
    const currency = fc.constantFrom('EUR', 'JPY', 'KWD', 'RUB', 'GBP');
    fc.assert(
      fc.property(minor, currency, (value, code) => {
        const money = { minor: value, currency: code };
        expect(parseMoney(formatMoney(money))).toEqual(money);
      }),
    );
    fc.assert(
      fc.property(fc.array(minor, { maxLength: 50 }), (values) => {
        const amounts = values.map((value) => ({ minor: value, currency: 'EUR' }));
        const [total] = totalsByCurrency([{ minor: 0n, currency: 'EUR' }, ...amounts]);
        expect(total?.minor).toBe(values.reduce((sum, value) => sum + value, 0n));
        expect(add(times(eur('1.10'), 3), negate(eur('3.30'))).minor).toBe(0n);
      }),
    );
  });

  it('keeps a discount and its remainder summing to the whole', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (value, scaled) => {
          const money = { minor: value, currency: 'EUR' };
          const percent = (scaled / 10_000).toFixed(4);
          const discount = percentOf(money, percent);
          expect(add(discount, afterDiscount(money, percent))).toEqual(money);
          expect(discount.minor >= 0n && discount.minor <= value).toBe(true);
        },
      ),
    );
  });
});
