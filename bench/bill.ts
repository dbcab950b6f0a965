import { fileURLToPath } from 'node:url';
import {
  type BillLine,
  costPerMillion,
  loadPrices,
  monthlyBill,
  type OperationUsage,
  type PriceTable,
  secondsPerMonth,
  tieredCost,
  totalOf,
} from './cost.ts';

/**
 * The docs/capacity.md mix at 10,000 partner requests per second and the work that follows from it,
 * each line with what one unit of it uses. `measured` lines carry section 9's figures (capacity
 * units, duration, log bytes, calls: BENCH_QUICK runs of 2026-11-28 on DynamoDB Local); `estimated`
 * lines are derived from the access patterns in docs/capacity.md until a row of the bench measures them.
 * `npx tsx bench/bill.ts` prints the tables of docs/capacity.md, *What it costs*.
 */
export interface MixLine extends BillLine {
  source: 'measured' | 'estimated';
  group: 'partner API' | 'venue API' | 'after the request' | 'request log' | 'ledger' | 'events feed';
}

const api = { invocations: 1, apiRequests: 1, secretsManagerCalls: 0, kmsSignCalls: 0, sqsCalls: 0 };
const part: OperationUsage = {
  ...api,
  invocations: 0,
  apiRequests: 0,
  billedMs: 0,
  memoryMb: 512,
  logBytes: 0,
  readUnits: 0,
  writeUnits: 0,
};
const usage = (fields: Partial<OperationUsage> & Pick<OperationUsage, 'billedMs'>): OperationUsage => ({
  ...api,
  readUnits: 0,
  writeUnits: 0,
  memoryMb: 512,
  logBytes: 400,
  ...fields,
});
/** The ledger line (under 1 KB) and its totals shard, 2 units each in their operation's transaction. */
const ledgerWrites = 4;

export const mix: readonly MixLine[] = [
  {
    group: 'partner API',
    name: 'catalog lists and items, 200',
    perSecond: 3000,
    source: 'measured',
    usage: usage({ billedMs: 1, logBytes: 351 }),
  },
  {
    group: 'partner API',
    name: 'catalog revalidations, 304',
    perSecond: 3500,
    source: 'measured',
    usage: usage({ billedMs: 1, logBytes: 351 }),
  },
  {
    group: 'partner API',
    name: 'images (mostly 304)',
    perSecond: 500,
    source: 'estimated',
    usage: usage({ billedMs: 2, logBytes: 351 }),
  },
  {
    group: 'partner API',
    name: 'booking reads and lists',
    perSecond: 1000,
    source: 'estimated',
    usage: usage({ billedMs: 4, readUnits: 2 }),
  },
  {
    group: 'partner API',
    name: 'booking create',
    perSecond: 500,
    source: 'measured',
    usage: usage({ billedMs: 13, writeUnits: 16, logBytes: 370 }),
  },
  {
    group: 'partner API',
    name: 'booking confirm',
    perSecond: 400,
    source: 'measured',
    usage: usage({ billedMs: 11, writeUnits: 3, logBytes: 411 }),
  },
  {
    group: 'partner API',
    name: 'pass read',
    perSecond: 400,
    source: 'measured',
    usage: usage({ billedMs: 3, readUnits: 1, logBytes: 399 }),
  },
  {
    group: 'partner API',
    name: 'booking cancel',
    perSecond: 50,
    source: 'estimated',
    usage: usage({ billedMs: 11, writeUnits: 4 }),
  },
  {
    group: 'partner API',
    name: 'token issue',
    perSecond: 100,
    source: 'measured',
    usage: usage({ billedMs: 9, memoryMb: 1024, readUnits: 3, logBytes: 0, kmsSignCalls: 1 }),
  },
  {
    group: 'partner API',
    name: 'eSIM order create',
    perSecond: 100,
    source: 'measured',
    usage: usage({ billedMs: 11, writeUnits: 4, logBytes: 367 }),
  },
  {
    group: 'partner API',
    name: 'eSIM confirm (its ledger line below)',
    perSecond: 100,
    source: 'measured',
    usage: usage({ billedMs: 38, readUnits: 3, writeUnits: 12 - ledgerWrites, logBytes: 409 }),
  },
  {
    group: 'partner API',
    name: 'eSIM reads',
    perSecond: 100,
    source: 'estimated',
    usage: usage({ billedMs: 4, readUnits: 2 }),
  },
  {
    group: 'partner API',
    name: 'webhooks, admin, the rest',
    perSecond: 250,
    source: 'estimated',
    usage: usage({ billedMs: 6, readUnits: 2, writeUnits: 1 }),
  },
  {
    group: 'venue API',
    name: 'venue verify (one per redemption)',
    perSecond: 400,
    source: 'measured',
    usage: usage({ billedMs: 17, readUnits: 2, writeUnits: 1, logBytes: 0 }),
  },
  {
    group: 'venue API',
    name: 'venue redeem (its ledger line below)',
    perSecond: 400,
    source: 'measured',
    usage: usage({ billedMs: 71, readUnits: 2, writeUnits: 17 - ledgerWrites, logBytes: 0 }),
  },
  {
    group: 'after the request',
    name: 'booking processor invocations (batches of 10 stream records)',
    perSecond: 150,
    source: 'estimated',
    usage: { ...part, invocations: 1, billedMs: 150 },
  },
  {
    group: 'after the request',
    name: 'booking issue: pass signed (KMS), issued booking and pass reference written',
    perSecond: 500,
    source: 'estimated',
    usage: { ...part, writeUnits: 8, kmsSignCalls: 1 },
  },
  {
    group: 'after the request',
    name: 'outbox event items (EVENT#)',
    perSecond: 2700,
    source: 'estimated',
    usage: { ...part, writeUnits: 2 },
  },
  {
    group: 'after the request',
    name: 'webhook deliveries: subscription read, claim, outcome (with their listing index)',
    perSecond: 2700,
    source: 'estimated',
    usage: { ...part, invocations: 0.1, billedMs: 300, readUnits: 1, writeUnits: 4 },
  },
  {
    group: 'ledger',
    name: 'ledger lines and totals shards (in the eSIM confirm and redeem transactions)',
    perSecond: 500,
    source: 'measured',
    usage: { ...part, writeUnits: ledgerWrites },
  },
  {
    group: 'request log',
    name: 'request log: request-log function and its table (ingestion is in each request above)',
    perSecond: 9900,
    source: 'estimated',
    usage: { ...part, invocations: 0.001, billedMs: 50, writeUnits: 1 },
  },
  {
    group: 'events feed',
    name: 'events feed (issue 39, slice 39a): one ~1 KB event in a transaction with a counter',
    perSecond: 2700,
    source: 'estimated',
    usage: { ...part, writeUnits: 4 },
  },
];

/** Events through the pipe and the FIFO queue: one pipe request, a send, and a tenth of a batched receive and delete. */
const sqsRequestsPerEvent = 1.2;
const eventsPerSecond = 2700;
/** X-Ray (tracing is active on every function): the default rule samples about 5 % of requests. */
const tracedShare = 0.05;

export function pipelineExtras(prices: PriceTable, scale: number): Record<string, number> {
  const eventMillions = (eventsPerSecond * scale * secondsPerMonth) / 1e6;
  const apiMillions = (apiRequestsPerSecond() * scale * secondsPerMonth) / 1e6;
  return {
    sqs: eventMillions * sqsRequestsPerEvent * prices.sqs.fifoPerMillion,
    eventBridgePipes: eventMillions * prices.eventBridgePipes.perMillionRequests,
    xray: apiMillions * tracedShare * prices.xray.perMillionTracesRecorded,
  };
}

export const apiRequestsPerSecond = (): number =>
  mix.reduce((sum, line) => sum + line.perSecond * line.usage.apiRequests, 0);

export function bill(prices: PriceTable, scale = 1): Record<string, number> {
  return monthlyBill(mix, prices, scale, () => pipelineExtras(prices, scale));
}

/** DynamoDB at a steady rate on provisioned capacity with auto scaling at its 70 % target utilization. */
export function provisionedDynamoDb(prices: PriceTable, scale: number, utilization = 0.7): number {
  const units = (pick: (usage: OperationUsage) => number) =>
    mix.reduce((sum, line) => sum + line.perSecond * scale * pick(line.usage), 0);
  const hours = secondsPerMonth / 3600;
  return (
    (units((usage) => usage.writeUnits) / utilization) * prices.dynamodb.provisionedPerWcuHour * hours +
    (units((usage) => usage.readUnits) / utilization) * prices.dynamodb.provisionedPerRcuHour * hours
  );
}

/** API Gateway as an HTTP API instead of REST, same volume. */
export function httpApi(prices: PriceTable, scale: number): number {
  return tieredCost(
    (apiRequestsPerSecond() * scale * secondsPerMonth) / 1e6,
    prices.apiGateway.httpPerMillionTiers,
  );
}

/**
 * The API on containers at steady load: Fargate tasks behind an ALB. CPU per request is the bench's
 * profile (docs/bench.md, Profiles: a few hundred µs; 0.5 ms taken) at 40 % target utilization, 2 GB per
 * vCPU; the ALB's LCUs by processed bytes (about 4 KB per request and answer).
 */
export function containers(prices: PriceTable, scale: number): { fargate: number; alb: number } {
  const hours = secondsPerMonth / 3600;
  const vcpus = Math.max(2, (apiRequestsPerSecond() * scale * 0.0005) / 0.4);
  const gigabytesPerHour = (apiRequestsPerSecond() * scale * 4096 * 3600) / 1e9;
  return {
    fargate: vcpus * hours * (prices.fargate.perVcpuHour + 2 * prices.fargate.perGbHour),
    alb: hours * (prices.loadBalancer.albPerHour + gigabytesPerHour * prices.loadBalancer.albPerLcuHour),
  };
}

const usd = (value: number) =>
  value >= 100 ? `$${Math.round(value).toLocaleString('en-US')}` : `$${value.toFixed(2)}`;

function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

export function billTables(prices: PriceTable): string {
  const services = [
    'apiGateway',
    'dynamodb',
    'lambda',
    'logs',
    'kms',
    'waf',
    'xray',
    'sqs',
    'eventBridgePipes',
    'secretsManager',
  ];
  const perLine = table(
    ['line', 'per second', 'source', 'USD per million', 'USD per month'],
    mix.map((line) => {
      const perMillion = totalOf(costPerMillion(line.usage, prices));
      return [
        line.name,
        line.perSecond.toLocaleString('en-US'),
        line.source,
        usd(perMillion),
        usd((perMillion * line.perSecond * secondsPerMonth) / 1e6),
      ];
    }),
  );
  const scales = [1, 10, 100];
  const bills = scales.map((scale) => bill(prices, scale));
  const byService = table(
    ['service', ...scales.map((scale) => `${scale}x`)],
    [
      ...services.map((service) => [service, ...bills.map((entry) => usd(entry[service] ?? 0))]),
      ['**total**', ...bills.map((entry) => `**${usd(totalOf(entry))}**`)],
    ],
  );
  const byGroup = table(
    ['part', 'USD per month at 1x'],
    [...new Set(mix.map((line) => line.group))].map((group) => [
      group,
      usd(
        totalOf(
          monthlyBill(
            mix.filter((line) => line.group === group),
            prices,
          ),
        ),
      ),
    ]),
  );
  const alternatives = table(
    ['choice', ...scales.map((scale) => `${scale}x`)],
    [
      ['DynamoDB on demand', ...bills.map((entry) => usd(entry.dynamodb ?? 0))],
      [
        'DynamoDB provisioned, auto scaling at 70 %',
        ...scales.map((scale) => usd(provisionedDynamoDb(prices, scale))),
      ],
      ['API Gateway REST', ...bills.map((entry) => usd(entry.apiGateway ?? 0))],
      ['API Gateway HTTP API', ...scales.map((scale) => usd(httpApi(prices, scale)))],
      [
        'API Gateway REST + API Lambdas',
        ...scales.map((scale, index) => usd((bills[index]?.apiGateway ?? 0) + apiLambda(prices, scale))),
      ],
      ['ALB + Fargate (arm64)', ...scales.map((scale) => usd(totalOf(containers(prices, scale))))],
    ],
  );
  return [perLine, byService, byGroup, alternatives].join('\n\n');
}

/** The Lambda cost of the API lines alone (what containers would replace). */
function apiLambda(prices: PriceTable, scale: number): number {
  return (
    monthlyBill(
      mix.filter((line) => line.usage.apiRequests > 0),
      prices,
      scale,
    ).lambda ?? 0
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const prices = loadPrices();
  console.log(`List prices: ${prices.region}, checked ${prices.checked} (bench/prices.json)\n`);
  console.log(billTables(prices));
}
