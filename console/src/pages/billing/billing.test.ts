import { describe, expect, it } from 'vitest';
import { csvFileName, periodOf, totalsText } from './billing.ts';

describe('billing helpers of the console', () => {
  it('names the UTC month of an instant', () => {
    expect(periodOf(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(periodOf(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12');
  });

  it('writes totals per currency with their line counts', () => {
    expect(totalsText([])).toBe('no lines');
    expect(
      totalsText([
        { currency: 'EUR', amount: '-12.50', line_count: 1 },
        { currency: 'USD', amount: '7.00', line_count: 2 },
      ]),
    ).toBe('EUR -12.50 (1 line); USD 7.00 (2 lines)');
  });

  it('names a CSV after the account and the period', () => {
    expect(csvFileName('Café Lounges GmbH & Co.', 'id-1', '2026-11')).toBe(
      'cafe-lounges-gmbh-co-2026-11.csv',
    );
    expect(csvFileName('Ünïcödé', 'id-1', '2026-11')).toBe('unicode-2026-11.csv');
    expect(csvFileName('東京', 'id-1', '2026-11')).toBe('id-1-2026-11.csv');
  });
});
