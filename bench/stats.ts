/** Order statistics for the bench. Every function copies before sorting: callers keep their samples. */

function sorted(values: readonly number[]): number[] {
  if (values.length === 0) throw new Error('No samples');
  return [...values].sort((a, b) => a - b);
}

/** The p-th percentile (0..100), linear interpolation between closest ranks (numpy's default). */
export function percentile(values: readonly number[], p: number): number {
  if (p < 0 || p > 100) throw new Error(`Percentile ${p} is outside 0..100`);
  const ordered = sorted(values);
  const rank = (p / 100) * (ordered.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = ordered[low] as number;
  return lowValue + ((ordered[high] as number) - lowValue) * (rank - low);
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export interface Spread {
  min: number;
  p25: number;
  median: number;
  p75: number;
  max: number;
}

/** Five numbers that say how much the repetitions disagree. */
export function spread(values: readonly number[]): Spread {
  const ordered = sorted(values);
  return {
    min: ordered[0] as number,
    p25: percentile(ordered, 25),
    median: percentile(ordered, 50),
    p75: percentile(ordered, 75),
    max: ordered.at(-1) as number,
  };
}

/** Repetition by repetition, ours over the floor measured right next to it. */
export function pairedRatios(ours: readonly number[], floor: readonly number[]): number[] {
  if (ours.length !== floor.length) throw new Error('Ratios need one floor sample per sample of ours');
  return ours.map((value, index) => value / (floor[index] as number));
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) throw new Error('No samples');
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
