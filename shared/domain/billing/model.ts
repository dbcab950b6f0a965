import { add, type Money, type MoneyAmount, zero } from '../money/money.ts';

/** What a ledger line charges (decisions.md, Prices, billing and statements). */
export const lineKinds = [
  'visit',
  'no_show',
  'pass',
  'cancellation_credit',
  'cancellation_fee',
  'esim',
  'esim_topup',
  'esim_refund',
  'adjustment',
] as const;
export type LineKind = (typeof lineKinds)[number];

/** The records a line may name; each is absent when it does not apply. */
export interface LineReferences {
  bookingId?: string;
  passId?: string;
  redemptionId?: string;
  iccid?: string;
  orderId?: string;
  packageId?: string;
}

/** A line as a use case asks for it: the ledger assigns its period. */
export interface NewLedgerLine extends LineReferences {
  lineId: string;
  accountId: string;
  /** RFC 3339 UTC: when the chargeable change happened. */
  occurredAt: string;
  kind: LineKind;
  description: string;
  /** Signed: credits are negative. */
  amount: Money;
}

/** A written line: immutable. */
export interface LedgerLine extends NewLedgerLine {
  /** `YYYY-MM`, the statement it belongs to. */
  period: string;
}

export const statementStatuses = ['Open', 'Closed'] as const;
export type StatementStatus = (typeof statementStatuses)[number];

export interface CurrencyTotal {
  amount: Money;
  lineCount: number;
}

export interface Statement {
  accountId: string;
  period: string;
  status: StatementStatus;
  /** Per currency, in code order. */
  totals: CurrencyTotal[];
  closedAt: string | null;
}

export const periodPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The UTC month of an instant, `YYYY-MM`. */
export function periodOf(at: Date | string): string {
  return new Date(at).toISOString().slice(0, 7);
}

function monthStart(period: string, monthsLater = 0): Date {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + monthsLater, 1));
}

export function nextPeriod(period: string): string {
  return periodOf(monthStart(period, 1));
}

export function previousPeriod(period: string): string {
  return periodOf(monthStart(period, -1));
}

/** Month M closes at 00:00 UTC on the 2nd of M+1: a day for lines of M's last hours to arrive. */
export function closingTime(period: string): Date {
  const next = monthStart(period, 1);
  return new Date(next.getTime() + 24 * 60 * 60 * 1000);
}

/** How far back a closing run looks for months a missed run left open. */
export const closingLookbackMonths = 12;

/** The latest month whose closing time has come at `now`. */
export function periodDueForClosing(now: Date): string {
  const previous = previousPeriod(periodOf(now));
  return now >= closingTime(previous) ? previous : previousPeriod(previous);
}

/**
 * The statement a line belongs to: the month of `occurred_at`, unless the account's statements are
 * known closed through that month; then the first open month after them.
 */
export function periodFor(occurredAt: string, closedThrough: string | undefined): string {
  const month = periodOf(occurredAt);
  if (closedThrough === undefined || month > closedThrough) return month;
  return nextPeriod(closedThrough);
}

/** Totals per currency of some lines, in currency-code order (a statement's totals). */
export function totalsOf(lines: Iterable<{ amount: Money }>): CurrencyTotal[] {
  const totals = new Map<string, CurrencyTotal>();
  for (const { amount } of lines) {
    const current = totals.get(amount.currency) ?? { amount: zero(amount.currency), lineCount: 0 };
    totals.set(amount.currency, { amount: add(current.amount, amount), lineCount: current.lineCount + 1 });
  }
  return sortedTotals([...totals.values()]);
}

/** Several partial totals (a statement's shards) summed per currency. */
export function sumTotals(parts: Iterable<readonly CurrencyTotal[]>): CurrencyTotal[] {
  const totals = new Map<string, CurrencyTotal>();
  for (const part of parts) {
    for (const total of part) {
      const currency = total.amount.currency;
      const current = totals.get(currency) ?? { amount: zero(currency), lineCount: 0 };
      totals.set(currency, {
        amount: add(current.amount, total.amount),
        lineCount: current.lineCount + total.lineCount,
      });
    }
  }
  return sortedTotals([...totals.values()].filter((total) => total.lineCount > 0));
}

const sortedTotals = (totals: CurrencyTotal[]) =>
  totals.sort((a, b) => a.amount.currency.localeCompare(b.amount.currency));

export type { MoneyAmount };
