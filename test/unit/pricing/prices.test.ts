import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guestTypes } from '../../../shared/domain/booking/model.ts';
import { add, parseMoney, zero } from '../../../shared/domain/money/money.ts';
import {
  bookingPrice,
  type GuestPrices,
  guestPricesProblems,
  netPrices,
} from '../../../shared/domain/pricing/prices.ts';
import { chargeTermsOf, defaultBillingTerms, isTermsPercent } from '../../../shared/domain/pricing/terms.ts';

const frankfurt: GuestPrices = { currency: 'EUR', adult: '45.00', child: '22.50', infant: '0.00' };

describe('net prices', () => {
  it('are the rack prices when the contract gives no discount', () => {
    expect(netPrices(frankfurt, 0)).toEqual(frankfurt);
  });

  it('take the discount off each guest type, rounding the discount half to even', () => {
    // 12.5 % of 22.50 is 2.8125 -> 2.81; of 45.00 exactly 5.625 -> 5.62 (half to even).
    expect(netPrices(frankfurt, 12.5)).toEqual({
      currency: 'EUR',
      adult: '39.38',
      child: '19.69',
      infant: '0.00',
    });
  });

  it('round in the currency minor unit: yen have none', () => {
    const tokyo: GuestPrices = { currency: 'JPY', adult: '5500', child: '2750', infant: '0' };
    // 7.5 % of 5500 = 412.5 -> 412 (even); of 2750 = 206.25 -> 206.
    expect(netPrices(tokyo, 7.5)).toEqual({ currency: 'JPY', adult: '5088', child: '2544', infant: '0' });
  });

  it('are free for everybody at a 100 % discount', () => {
    expect(netPrices(frankfurt, 100)).toEqual({
      currency: 'EUR',
      adult: '0.00',
      child: '0.00',
      infant: '0.00',
    });
  });
});

describe('a booking price', () => {
  it('sums each guest at the unit price of its type', () => {
    const guests = [{ type: 'Adult' as const }, { type: 'Child' as const }, { type: 'Infant' as const }];
    expect(bookingPrice(netPrices(frankfurt, 12.5), guests)).toEqual({ amount: '59.07', currency: 'EUR' });
    expect(bookingPrice(frankfurt, [{ type: 'Adult' }, { type: 'Adult' }])).toEqual({
      amount: '90.00',
      currency: 'EUR',
    });
  });

  it('equals the sum over its guests of their net unit prices, for any guests, prices and discount', () => {
    const amount = fc.bigInt({ min: 0n, max: 10n ** 9n - 1n });
    fc.assert(
      fc.property(
        fc.constantFrom('EUR', 'JPY', 'KWD', 'RUB'),
        amount,
        amount,
        amount,
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.constantFrom(...guestTypes), { minLength: 1, maxLength: 9 }),
        (currency, adult, child, infant, basisPoints, types) => {
          const format = (minor: bigint) => {
            const exponent = currency === 'JPY' ? 0 : currency === 'KWD' ? 3 : 2;
            const digits = minor.toString().padStart(exponent + 1, '0');
            return exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
          };
          const rack = { currency, adult: format(adult), child: format(child), infant: format(infant) };
          const net = netPrices(rack, basisPoints / 100);
          const field = { Adult: 'adult', Child: 'child', Infant: 'infant' } as const;
          const expected = types
            .map((type) => parseMoney({ amount: net[field[type]], currency }))
            .reduce(add, zero(currency));
          const price = parseMoney(
            bookingPrice(
              net,
              types.map((type) => ({ type })),
            ),
          );
          expect(price).toEqual(expected);
          // A discount never raises a price nor makes it negative.
          for (const key of ['adult', 'child', 'infant'] as const) {
            const netMinor = parseMoney({ amount: net[key], currency }).minor;
            expect(netMinor >= 0n && netMinor <= parseMoney({ amount: rack[key], currency }).minor).toBe(
              true,
            );
          }
        },
      ),
    );
  });
});

describe('rack prices', () => {
  it('name each amount with more decimals than its currency has', () => {
    expect(guestPricesProblems(frankfurt)).toEqual([]);
    expect(guestPricesProblems({ currency: 'JPY', adult: '5500', child: '2750.5', infant: '0.00' })).toEqual([
      { message: 'JPY has 0 decimal places', path: ['child'] },
      { message: 'JPY has 0 decimal places', path: ['infant'] },
    ]);
    expect(guestPricesProblems({ ...frankfurt, adult: '45.001' })).toEqual([
      { message: 'EUR has 2 decimal places', path: ['adult'] },
    ]);
  });
});

describe('billing terms', () => {
  it('default as decided', () => {
    expect(defaultBillingTerms).toEqual({
      discountPercent: 0,
      billingBasis: 'per_visit',
      freeCancellationHours: 24,
      cancellationFeePercent: 100,
      noShowFeePercent: 0,
      esimRefundDays: 30,
    });
    expect(chargeTermsOf(defaultBillingTerms)).toEqual({
      billingBasis: 'per_visit',
      freeCancellationHours: 24,
      cancellationFeePercent: 100,
      noShowFeePercent: 0,
    });
  });

  it('take percentages from 0 to 100 with at most two decimals', () => {
    for (const good of [0, 12.5, 7.25, 100]) expect(isTermsPercent(good)).toBe(true);
    for (const bad of [-1, 100.01, 12.345, Number.NaN, Number.POSITIVE_INFINITY])
      expect(isTermsPercent(bad)).toBe(false);
  });
});
