import { benchOptions } from '../infra/local/config.ts';

/** Repetition counts: `BENCH_QUICK=1` is a smoke run of about 30 s, the default the figures to publish. */
export interface BenchSettings {
  mode: 'quick' | 'full';
  cold: { repetitions: number };
  warm: { warmup: number; repetitions: number; iterations: number };
  pipeline: { repetitions: number; iterations: number };
  jwt: { repetitions: number; iterations: number };
  http: { repetitions: number; seconds: number; connectionCounts: readonly number[]; handshakes: number };
  webhooks: { repetitions: number; events: number; batchSizes: readonly number[] };
  soak: { warmupSeconds: number; seconds: number; lanes: number };
  /** Section 9: warm calls before counting, then the calls whose medians are reported. */
  cost: { warmup: number; calls: number };
}

const full: BenchSettings = {
  mode: 'full',
  // One fresh process per contender and repetition: a cold start's CPU time varies by a third between
  // processes on a shared host, so the median ratio needs more of them than the in-process sections.
  // A repetition's ratio spreads by about 0.25 around 1.5; the median of 31 moves by about 0.06
  // between runs where 15 moved by 0.1, which decided whether a function on the line met its budget.
  cold: { repetitions: 31 },
  warm: { warmup: 30, repetitions: 5, iterations: 120 },
  pipeline: { repetitions: 9, iterations: 5000 },
  jwt: { repetitions: 9, iterations: 500 },
  http: { repetitions: 4, seconds: 4, connectionCounts: [1, 8, 32], handshakes: 150 },
  webhooks: { repetitions: 5, events: 100, batchSizes: [1, 10, 100] },
  soak: { warmupSeconds: 10, seconds: 60, lanes: 8 },
  cost: { warmup: 10, calls: 40 },
};

const quick: BenchSettings = {
  mode: 'quick',
  cold: { repetitions: 2 },
  warm: { warmup: 5, repetitions: 3, iterations: 12 },
  pipeline: { repetitions: 3, iterations: 1000 },
  jwt: { repetitions: 3, iterations: 100 },
  http: { repetitions: 2, seconds: 1, connectionCounts: [1, 8, 32], handshakes: 40 },
  webhooks: { repetitions: 3, events: 20, batchSizes: [1, 10, 100] },
  soak: { warmupSeconds: 3, seconds: 12, lanes: 4 },
  cost: { warmup: 3, calls: 8 },
};

export function benchSettings(quickRun = benchOptions().quick): BenchSettings {
  return quickRun ? quick : full;
}
