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

/** A Markdown table: the same text goes to stdout and into docs/bench.md. */
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
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const row of rows) {
    const cells = row.measured
      ? [
          ratioText(row.measured.ratio),
          `${ratioText(row.measured.spread.min)}–${ratioText(row.measured.spread.max)}`,
          `${figure(row.measured.ours)} ${row.measured.unit}`,
          `${figure(row.measured.floor)} ${row.measured.unit}`,
        ]
      : ['n/a', '', '', ''];
    const budget = row.budget ? `${row.budget.met ? 'met' : 'NOT met'}: ${row.budget.description}` : '';
    const notes = row.notApplicable
      ? `n/a: ${row.notApplicable}`
      : [extrasText(row.measured?.extra), row.note].filter(Boolean).join('; ');
    lines.push(`| ${[row.section, row.name, row.floorName, ...cells, budget, notes].join(' | ')} |`);
  }
  return lines.join('\n');
}
