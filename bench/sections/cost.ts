import { routeFunctions } from '../../infra/functions.ts';
import { type CapacityTally, withConsumedCapacity } from '../../shared/db/consumed-capacity.ts';
import { nowMs } from '../alternate.ts';
import { billedDurationMs, costPerMillion, loadPrices, totalOf, withinCapacityFloor } from '../cost.ts';
import type { Harness } from '../harness.ts';
import { type HotOperation, hotOperations } from '../operations.ts';
import { measure, notApplicable, type Row } from '../report.ts';
import { type RequestUsage, withRequestUsage } from '../request-usage.ts';
import type { BenchSettings } from '../settings.ts';
import { median, percentile } from '../stats.ts';

const section = '9 cost';

interface Sample {
  ms: number;
  capacity: CapacityTally;
  usage: RequestUsage;
}

/** Lambda's default in the registry (infra/constructs/api-function.ts). */
const defaultMemoryMb = 512;

const floorText = (floor: { read: number; write: number; why: string }) =>
  `floor ${floor.read} RCU + ${floor.write} WCU: ${floor.why}`;

async function costOf(harness: Harness, operation: HotOperation, settings: BenchSettings): Promise<Row> {
  const cost = operation.cost;
  if (!cost) throw new Error(`${operation.name} has no cost entry`);
  const name = `${operation.name}: capacity units and cost`;
  const { warmup, calls } = settings.cost;
  // Each sample is two calls: one timed with nothing counting, one counted (the collector reads the
  // items a transaction writes before and after it, which would inflate the time).
  const prepared = await operation.prepare(harness, warmup + 2 * calls);
  if (typeof prepared === 'string') return notApplicable(section, name, floorText(cost.floor), prepared);
  // Warm: caches filled (secrets, keys, the catalog, the account's standing) as in a busy container.
  for (let index = 0; index < warmup; index++) await (await prepared())();
  const samples: Sample[] = [];
  for (let index = 0; index < calls; index++) {
    const timedCall = await prepared();
    const started = nowMs();
    await timedCall();
    const ms = nowMs() - started;
    const countedCall = await prepared();
    const { result, usage } = await withRequestUsage(() => withConsumedCapacity(countedCall));
    samples.push({ ms, capacity: result.capacity, usage });
  }
  const of = (pick: (sample: Sample) => number) => median(samples.map(pick));
  const read = of((sample) => sample.capacity.read);
  const write = of((sample) => sample.capacity.write);
  const durationMs = of((sample) => sample.ms);
  const memoryMb = routeFunctions[cost.group].memorySize ?? defaultMemoryMb;
  const usage = {
    invocations: 1,
    readUnits: read,
    writeUnits: write,
    billedMs: billedDurationMs(durationMs),
    memoryMb,
    apiRequests: 1,
    logBytes: of((sample) => sample.usage.logBytes),
    secretsManagerCalls: of((sample) => sample.usage.secretsManagerCalls),
    kmsSignCalls: of((sample) => sample.usage.kmsSignCalls),
    sqsCalls: of((sample) => sample.usage.sqsCalls),
  };
  const perMillion = costPerMillion(usage, loadPrices());
  const unreported = [...new Set(samples.flatMap((sample) => sample.capacity.unreported))];
  const computed = [...new Set(samples.flatMap((sample) => sample.capacity.computed))];
  const floorUnits = cost.floor.read + cost.floor.write;
  const units = read + write;
  // With a floor of none, "1x" means none were consumed: the ratio of 0 to 0, as in section 3.
  const measured =
    floorUnits === 0
      ? { ...measure([units + 1], [1], 'capacity units'), ours: units, floor: 0 }
      : measure([units], [floorUnits], 'capacity units');
  return {
    section,
    name,
    floorName: floorText(cost.floor),
    measured: {
      ...measured,
      extra: {
        RCU: read,
        WCU: write,
        index_WCU: of((sample) => sample.capacity.indexWrite),
        function: cost.group,
        memory_MB: memoryMb,
        duration_p50_ms: durationMs,
        duration_p99_ms: percentile(
          samples.map((sample) => sample.ms),
          99,
        ),
        billed_ms: usage.billedMs,
        api_requests: 1,
        log_bytes: usage.logBytes,
        secrets_manager: usage.secretsManagerCalls,
        kms: usage.kmsSignCalls,
        sqs: usage.sqsCalls,
        usd_per_million: Number(totalOf(perMillion).toFixed(2)),
        usd_per_million_by_service: Object.entries(perMillion)
          .filter(([, usd]) => usd > 0)
          .map(([service, usd]) => `${service} ${usd.toFixed(2)}`)
          .join(', '),
        requests: Object.entries(samples.at(-1)?.capacity.requests ?? {})
          .map(([command, count]) => `${command} ×${count}`)
          .join(', '),
        units_by_table: Object.entries(samples.at(-1)?.capacity.byTable ?? {})
          .map(([table, units]) => `${table} ${units}`)
          .join(', '),
        ...(computed.length > 0
          ? { transaction_items: samples.at(-1)?.capacity.transactionItems.join(', ') ?? '' }
          : {}),
        ...(computed.length > 0 ? { table_units_computed_from_item_sizes: computed.join(', ') } : {}),
        ...(unreported.length > 0 ? { not_reported_by_dynamodb_local: unreported.join(', ') } : {}),
      },
    },
    budget: {
      description: 'units ≤ 1.0x floor (reads and writes each)',
      met: unreported.length === 0 && withinCapacityFloor({ read, write }, cost.floor),
    },
  };
}

/** Section 9: what each hot operation costs in AWS, measured warm through its real handler. */
export async function operationCost(options: {
  harness: Harness;
  settings: BenchSettings;
  log: (message: string) => void;
}): Promise<Row[]> {
  const rows: Row[] = [];
  for (const operation of hotOperations.filter((candidate) => candidate.cost)) {
    options.log(`cost: ${operation.name}`);
    rows.push(await costOf(options.harness, operation, options.settings));
  }
  return rows;
}
