/**
 * Money computed exactly: integer minor units (bigint) with ISO 4217 exponents, rounding half to even,
 * and decimal strings in the major unit on the wire (decisions.md, Prices, billing and statements).
 * Nothing here ever touches a floating-point number.
 */

/** The wire shape: `amount` a decimal string in the major unit, `currency` an ISO 4217 code. */
export interface MoneyAmount {
  amount: string;
  currency: string;
}

export interface Money {
  /** Signed amount in the currency's minor unit. */
  readonly minor: bigint;
  readonly currency: string;
}

/** ISO 4217 currencies whose minor unit is not a hundredth; every other code has exponent 2. */
const exponentOtherThanTwo: Readonly<Record<string, number>> = {
  BHD: 3,
  BIF: 0,
  CLF: 4,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  IQD: 3,
  ISK: 0,
  JOD: 3,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  PYG: 0,
  RWF: 0,
  TND: 3,
  UGX: 0,
  UYI: 0,
  UYW: 4,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
};

export function currencyExponent(currency: string): number {
  return exponentOtherThanTwo[currency] ?? 2;
}

export class MoneyError extends Error {
  override readonly name = 'MoneyError';
}

const decimalPattern = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Parses a wire amount; more decimals than the currency has (`"1.005"` EUR, `"1.5"` JPY) is an error, never rounded. */
export function parseMoney(value: MoneyAmount): Money {
  const match = decimalPattern.exec(value.amount);
  if (!match || !/^[A-Z]{3}$/.test(value.currency)) {
    throw new MoneyError(`not an amount: ${JSON.stringify(value)}`);
  }
  const [, sign, whole = '0', fraction = ''] = match;
  const exponent = currencyExponent(value.currency);
  if (fraction.length > exponent) {
    throw new MoneyError(`${value.currency} has ${exponent} decimal places: ${value.amount}`);
  }
  const minor = BigInt(whole + fraction.padEnd(exponent, '0'));
  return { minor: sign ? -minor : minor, currency: value.currency };
}

/** The wire form, always with the currency's full number of decimals (`"12.50"`, `"1500"`, `"-0.25"`). */
export function formatMoney(money: Money): MoneyAmount {
  const exponent = currencyExponent(money.currency);
  const negative = money.minor < 0n;
  const digits = (negative ? -money.minor : money.minor).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  const amount = exponent === 0 ? whole : `${whole}.${fraction}`;
  return { amount: negative ? `-${amount}` : amount, currency: money.currency };
}

export function zero(currency: string): Money {
  return { minor: 0n, currency };
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) {
    throw new MoneyError(`cannot combine ${a.currency} with ${b.currency}`);
  }
}

export function add(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return { minor: a.minor + b.minor, currency: a.currency };
}

export function negate(money: Money): Money {
  return { minor: -money.minor, currency: money.currency };
}

export function times(money: Money, count: number | bigint): Money {
  return { minor: money.minor * BigInt(count), currency: money.currency };
}

/** `numerator / denominator` rounded half to even (banker's rounding); the denominator must be positive. */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) {
    throw new MoneyError('denominator must be positive');
  }
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twiceRemainder = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twiceRemainder < denominator) {
    return quotient;
  }
  const awayFromZero = quotient + (numerator < 0n ? -1n : 1n);
  if (twiceRemainder > denominator) {
    return awayFromZero;
  }
  return quotient % 2n === 0n ? quotient : awayFromZero;
}

const percentPattern = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/**
 * `percent` per cent of `money`, rounded half to even in the minor unit. The percentage is a number or a
 * decimal string with at most four decimals (`12.5`, `"7.25"`), so it converts to an exact fraction.
 */
export function percentOf(money: Money, percent: number | string): Money {
  const match = percentPattern.exec(typeof percent === 'number' ? String(percent) : percent);
  if (!match) {
    throw new MoneyError(`not a percentage: ${percent}`);
  }
  const [, whole = '0', fraction = ''] = match;
  const scaled = BigInt(whole + fraction.padEnd(4, '0'));
  return { minor: divideHalfEven(money.minor * scaled, 1_000_000n), currency: money.currency };
}

/** The amount left after a discount of `percent` per cent: the discount is rounded, the rest is exact. */
export function afterDiscount(money: Money, percent: number | string): Money {
  return add(money, negate(percentOf(money, percent)));
}

/** Totals per currency, in the order currencies first appear. */
export function totalsByCurrency(amounts: Iterable<Money>): Money[] {
  const totals = new Map<string, Money>();
  for (const money of amounts) {
    totals.set(money.currency, add(totals.get(money.currency) ?? zero(money.currency), money));
  }
  return [...totals.values()];
}
