import { describe, expect, it } from 'vitest';
import { formatSummary, measure, notApplicable, type Row } from '../../../bench/report.ts';

describe('bench summary', () => {
  it('puts the rows of one function on one line and marks budgets met or not', () => {
    const rows: Row[] = [
      {
        section: '1 cold start',
        name: 'auth: init',
        floorName: 'empty',
        pivot: { subject: 'auth', column: 'init vs empty' },
        measured: measure([10, 12], [1, 1], 'ms'),
      },
      {
        section: '1 cold start',
        name: 'auth: init',
        floorName: 'SDK only',
        pivot: { subject: 'auth', column: 'init vs SDK', withFigures: true },
        measured: measure([4, 4], [2, 2], 'ms'),
        budget: { description: '≤ 1.5x', met: false },
      },
      notApplicable('2 warm latency', 'eSIM confirm: p50', 'bare TransactWriteItems', 'no handler yet'),
    ];

    const summary = formatSummary(rows);

    expect(summary).toContain('| function | init vs empty | init vs SDK |');
    expect(summary).toContain('| auth | 11x (10x–12x) | 2x (2x–2x), 4 vs 2 ms ✗ |');
    expect(summary).toContain(
      '| 2 warm latency | eSIM confirm: p50 | bare TransactWriteItems | n/a: no handler yet |  |',
    );
  });
});
