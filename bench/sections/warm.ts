import { nowMs } from '../alternate.ts';
import { countRoundTrips, type Harness } from '../harness.ts';
import { type HotOperation, hotOperations, type Invocation } from '../operations.ts';
import { measure, notApplicable, type Row } from '../report.ts';
import type { BenchSettings } from '../settings.ts';
import { median, percentile } from '../stats.ts';

const latencySection = '2 warm latency';
const roundTripSection = '3 round trips';
export const warmBudget = 1.3;

interface Sample {
  ms: number;
  commands: string[];
}

async function timed(arm: Invocation): Promise<Sample> {
  const call = await arm();
  const started = nowMs();
  const { commands } = await countRoundTrips(call);
  return { ms: nowMs() - started, commands };
}

const floorName = (operation: HotOperation) => operation.floorName;

function commandSummary(samples: readonly Sample[]): string {
  const counts = new Map<string, number>();
  for (const sample of samples)
    for (const command of sample.commands) counts.set(command, (counts.get(command) ?? 0) + 1);
  return (
    [...counts].map(([command, count]) => `${command} ×${(count / samples.length).toFixed(2)}`).join(', ') ||
    'none'
  );
}

async function measureOperation(
  harness: Harness,
  operation: HotOperation,
  settings: BenchSettings,
): Promise<Row[]> {
  const { warmup, repetitions, iterations } = settings.warm;
  const prepared = await operation.prepare(harness, warmup + repetitions * iterations);
  if (typeof prepared === 'string') {
    return [
      notApplicable(latencySection, `${operation.name}: p50`, floorName(operation), prepared),
      ...(operation.minimumRoundTrips
        ? [notApplicable(roundTripSection, operation.name, 'minimum', prepared)]
        : []),
    ];
  }
  const floorRun = operation.floor(harness);
  for (let index = 0; index < warmup; index++) {
    await (await prepared())();
    await (await floorRun())();
  }
  const p50 = { ours: [] as number[], floor: [] as number[] };
  const p99 = { ours: [] as number[], floor: [] as number[] };
  const oursSamples: Sample[] = [];
  const floorSamples: Sample[] = [];
  for (let repetition = 0; repetition < repetitions; repetition++) {
    const ours: Sample[] = [];
    const floor: Sample[] = [];
    for (let index = 0; index < iterations; index++) {
      // ABBA within the repetition: neither side always runs right after the other.
      if (index % 2 === 0) {
        ours.push(await timed(prepared));
        floor.push(await timed(floorRun));
      } else {
        floor.push(await timed(floorRun));
        ours.push(await timed(prepared));
      }
    }
    p50.ours.push(
      percentile(
        ours.map((sample) => sample.ms),
        50,
      ),
    );
    p50.floor.push(
      percentile(
        floor.map((sample) => sample.ms),
        50,
      ),
    );
    p99.ours.push(
      percentile(
        ours.map((sample) => sample.ms),
        99,
      ),
    );
    p99.floor.push(
      percentile(
        floor.map((sample) => sample.ms),
        99,
      ),
    );
    oursSamples.push(...ours);
    floorSamples.push(...floor);
  }

  const p50Measured = measure(p50.ours, p50.floor, 'ms');
  const rows: Row[] = [
    {
      section: latencySection,
      name: `${operation.name}: p50`,
      floorName: floorName(operation),
      measured: p50Measured,
      budget: { description: `p50 ≤ ${warmBudget}x`, met: p50Measured.ratio <= warmBudget },
    },
    {
      section: latencySection,
      name: `${operation.name}: p99`,
      floorName: floorName(operation),
      measured: measure(p99.ours, p99.floor, 'ms', { samples: oursSamples.length }),
    },
  ];

  const minimum = operation.minimumRoundTrips;
  if (minimum) {
    const counts = oursSamples.map((sample) => sample.commands.length);
    const floorCounts = floorSamples.map((sample) => sample.commands.length);
    if (median(floorCounts) !== operation.floorRoundTrips)
      throw new Error(`The floor ${operation.floorName} made ${median(floorCounts)} round trips`);
    const observed = median(counts);
    const max = Math.max(...counts);
    const extra = { max, commands: commandSummary(oursSamples) };
    // With a minimum of none, "1x" means none were made: the ratio of 0 to 0.
    const measured =
      minimum.count === 0
        ? { ...measure([observed + 1], [1], 'round trips', extra), ours: observed, floor: 0 }
        : measure([observed], [minimum.count], 'round trips', extra);
    const budget = operation.roundTripBudget;
    rows.push({
      section: roundTripSection,
      name: operation.name,
      floorName: `minimum ${minimum.count}: ${minimum.why}`,
      measured,
      ...(budget ? { budget: { description: budget.description, met: max <= budget.max } } : {}),
    });
  }
  return rows;
}

export async function warmLatency(options: {
  harness: Harness;
  settings: BenchSettings;
  log: (message: string) => void;
}): Promise<Row[]> {
  const rows: Row[] = [];
  for (const operation of hotOperations) {
    options.log(`warm: ${operation.name}`);
    rows.push(...(await measureOperation(options.harness, operation, options.settings)));
  }
  return rows;
}
