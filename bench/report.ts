import { median, pairedRatios, type Spread, spread } from './stats.ts';

/** One figure: ours over a floor measured in the same run, repetition by repetition. */
export interface Measured {
  /** Median over the repetitions of (ours / floor). */
  ratio: number;
  /** Of the per-repetition ratios. */
  spread: Spread;
  repetitions: number;
  unit: string;
  /** Medians of the absolute figures across repetitions. */
  ours: number;
  floor: number;
  /** Further absolute figures (p99, differences, commands seen). */
  extra?: Record<string, number | string>;
}

export interface Budget {
  description: string;
  met: boolean;
}

export interface Row {
  section: string;
  name: string;
  /** What the figure is divided by. */
  floorName: string;
  measured?: Measured;
  /** Set when the row cannot be measured yet; says why. */
  notApplicable?: string;
  budget?: Budget;
  note?: string;
  /**
   * Rows of one subject (a function) share a line of the summary, one column each. `withFigures`
   * adds the two medians to the cell, where what a user waits for matters as much as the ratio.
   */
  pivot?: { subject: string; column: string; withFigures?: boolean };
}

export function measure(
  ours: readonly number[],
  floor: readonly number[],
  unit: string,
  extra?: Measured['extra'],
): Measured {
  const ratios = pairedRatios(ours, floor);
  return {
    ratio: median(ratios),
    spread: spread(ratios),
    repetitions: ratios.length,
    unit,
    ours: median(ours),
    floor: median(floor),
    ...(extra ? { extra } : {}),
  };
}

export function notApplicable(section: string, name: string, floorName: string, reason: string): Row {
  return { section, name, floorName, notApplicable: reason };
}

function figure(value: number): string {
  const magnitude = Math.abs(value);
  if (Number.isInteger(value) && magnitude < 1000) return String(value);
  if (magnitude >= 1000) return Math.round(value).toLocaleString('en-US');
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  if (magnitude >= 0.1) return value.toFixed(2);
  return value.toPrecision(2);
}

const ratioText = (value: number) => `${figure(value)}x`;

function extrasText(extra: Measured['extra']): string {
  if (!extra) return '';
  return Object.entries(extra)
    .map(([key, value]) => `${key} ${typeof value === 'number' ? figure(value) : value}`)
    .join('; ');
}

const budgetText = (budget: Budget | undefined) =>
  budget ? `${budget.met ? 'met' : 'NOT met'}: ${budget.description}` : '';

function markdown(header: readonly string[], lines: readonly (readonly string[])[]): string {
  const escapePipes = (cell: string) => cell.replaceAll('|', '\\|');
  return [header, header.map(() => '---'), ...lines]
    .map((cells) => `| ${cells.map(escapePipes).join(' | ')} |`)
    .join('\n');
}

/** The full table: printed on stdout and kept in docs/bench.md. */
export function formatTable(rows: readonly Row[]): string {
  const header = [
    'section',
    'measurement',
    'floor',
    'ratio',
    'spread (min–max)',
    'ours',
    'floor value',
    'budget',
    'notes',
  ];
  return markdown(
    header,
    rows.map((row) => {
      const cells = row.measured
        ? [
            ratioText(row.measured.ratio),
            `${ratioText(row.measured.spread.min)}–${ratioText(row.measured.spread.max)}`,
            `${figure(row.measured.ours)} ${row.measured.unit}`,
            `${figure(row.measured.floor)} ${row.measured.unit}`,
          ]
        : ['n/a', '', '', ''];
      const notes = row.notApplicable
        ? `n/a: ${row.notApplicable}`
        : [extrasText(row.measured?.extra), row.note].filter(Boolean).join('; ');
      return [row.section, row.name, row.floorName, ...cells, budgetText(row.budget), notes];
    }),
  );
}

const ratioCell = (row: Row) => {
  if (!row.measured) return `n/a: ${row.notApplicable ?? ''}`;
  const { ratio, spread } = row.measured;
  const budget = row.budget ? (row.budget.met ? ' ✓' : ' ✗') : '';
  const figures = row.pivot?.withFigures
    ? `, ${figure(row.measured.ours)} vs ${figure(row.measured.floor)} ${row.measured.unit}`
    : '';
  return `${ratioText(ratio)} (${ratioText(spread.min)}–${ratioText(spread.max)})${figures}${budget}`;
};

/** Ratios and budgets only, pivoted rows one line per subject: the summary of docs/bench.md, Latest results. */
export function formatSummary(rows: readonly Row[]): string {
  const pivoted = rows.filter((row) => row.pivot);
  const columns = [...new Set(pivoted.map((row) => row.pivot?.column ?? ''))];
  const subjects = [...new Set(pivoted.map((row) => row.pivot?.subject ?? ''))];
  const cell = (subject: string, column: string) => {
    const row = pivoted.find(
      (candidate) => candidate.pivot?.subject === subject && candidate.pivot.column === column,
    );
    return row ? ratioCell(row) : '';
  };
  const tables: string[] = [];
  if (pivoted.length > 0) {
    tables.push(
      markdown(
        ['function', ...columns],
        subjects.map((subject) => [subject, ...columns.map((column) => cell(subject, column))]),
      ),
    );
  }
  tables.push(
    markdown(
      ['section', 'measurement', 'floor', 'ratio (min–max)', 'budget'],
      rows
        .filter((row) => !row.pivot)
        .map((row) => [
          row.section,
          row.name,
          row.floorName,
          ratioCell(row).replace(/ [✓✗]$/, ''),
          budgetText(row.budget),
        ]),
    ),
  );
  return tables.join('\n\n');
}
