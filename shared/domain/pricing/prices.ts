import type { GuestType } from '../booking/model.ts';
import {
  add,
  afterDiscount,
  currencyExponent,
  formatMoney,
  type Money,
  type MoneyAmount,
  MoneyError,
  parseMoney,
  zero,
} from '../money/money.ts';

/**
 * Rack prices of a lounge or fast-track, one per guest type, as catalog administration stores them
 * and the wire carries them: decimal strings in the major unit of one currency (`"45.00"`, `"4500"`
 * JPY). Partners see them net of their contract's discount (netPrices).
 */
export interface GuestPrices {
  currency: string;
  adult: string;
  child: string;
  infant: string;
}

const fieldOf: Record<GuestType, 'adult' | 'child' | 'infant'> = {
  Adult: 'adult',
  Child: 'child',
  Infant: 'infant',
};

export const guestPriceFields = ['adult', 'child', 'infant'] as const;

/** Up to 9 integer digits; the currency's exponent is checked apart (guestPricesProblems). */
export const priceAmountPattern = /^\d{1,9}(?:\.\d{1,4})?$/;

/**
 * What is wrong with rack prices beyond their shape: each amount must have no more decimals than its
 * currency has (`"12.345"` EUR, `"1500.5"` JPY), never rounded. Paths are relative to the prices.
 */
export function guestPricesProblems(prices: GuestPrices): { message: string; path: string[] }[] {
  const exponent = currencyExponent(prices.currency);
  return guestPriceFields.flatMap((field) => {
    const [, fraction = ''] = prices[field].split('.');
    return fraction.length > exponent
      ? [{ message: `${prices.currency} has ${exponent} decimal places`, path: [field] }]
      : [];
  });
}

/** Each guest type's price after the discount, rounded half to even in the minor unit. */
export function netPrices(rack: GuestPrices, discountPercent: number): GuestPrices {
  const net = (amount: string) =>
    formatMoney(afterDiscount(parseMoney({ amount, currency: rack.currency }), discountPercent)).amount;
  return {
    currency: rack.currency,
    adult: net(rack.adult),
    child: net(rack.child),
    infant: net(rack.infant),
  };
}

/** The price of a booking: each guest at the (net) unit price of its type, summed. */
export function bookingPrice(unitPrices: GuestPrices, guests: readonly { type: GuestType }[]): MoneyAmount {
  const unit = (type: GuestType): Money =>
    parseMoney({ amount: unitPrices[fieldOf[type]], currency: unitPrices.currency });
  const total = guests.reduce((sum, guest) => add(sum, unit(guest.type)), zero(unitPrices.currency));
  if (total.minor < 0n) throw new MoneyError('a booking price cannot be negative');
  return formatMoney(total);
}
