import { readFileSync } from 'node:fs';

/** bench/prices.json: the one price table the bench and docs/capacity.md read. */
export interface PriceTable {
  region: string;
  checked: string;
  lambda: {
    architecture: string;
    perGbSecond: number;
    perMillionRequests: number;
    platformLogBytesPerInvocation: number;
  };
  apiGateway: { restPerMillionTiers: PriceTier[]; httpPerMillionTiers: PriceTier[] };
  dynamodb: {
    onDemandPerMillionWriteUnits: number;
    onDemandPerMillionReadUnits: number;
    provisionedPerWcuHour: number;
    provisionedPerRcuHour: number;
    storagePerGbMonth: number;
  };
  cloudwatchLogs: { ingestionPerGb: number; storagePerGbMonth: number };
  xray: { perMillionTracesRecorded: number };
  sqs: { standardPerMillion: number; fifoPerMillion: number };
  eventBridgePipes: { perMillionRequests: number };
  secretsManager: { per10kCalls: number };
  kms: { symmetricPer10k: number; asymmetricPer10k: number };
  waf: { perMillionRequests: number };
  fargate: { perVcpuHour: number; perGbHour: number };
  loadBalancer: { albPerHour: number; albPerLcuHour: number };
}

/** A volume price: `usd` per million for the volume up to `upToMillions` a month (the last tier has none). */
export interface PriceTier {
  upToMillions?: number;
  usd: number;
}

export function loadPrices(file = new URL('./prices.json', import.meta.url)): PriceTable {
  return JSON.parse(readFileSync(file, 'utf8')) as PriceTable;
}

/** What one invocation of an operation uses of each billed service. */
export interface OperationUsage {
  /** Lambda invocations: 1 for a request, a tenth for a record handled in batches of ten, 0 for a part. */
  invocations: number;
  readUnits: number;
  writeUnits: number;
  /** Lambda duration of one invocation as billed: rounded up to the next millisecond. */
  billedMs: number;
  memoryMb: number;
  /** Requests through the API Gateway (and the web ACL in front of it); 0 for a worker's invocation. */
  apiRequests: number;
  /** Bytes the function writes to its log group, the platform's lines excluded. */
  logBytes: number;
  secretsManagerCalls: number;
  kmsSignCalls: number;
  sqsCalls: number;
}

export type Service =
  | 'lambda'
  | 'apiGateway'
  | 'waf'
  | 'dynamodb'
  | 'logs'
  | 'secretsManager'
  | 'kms'
  | 'sqs';

const gibibyte = 2 ** 30;

/** Lambda bills duration rounded up to 1 ms (and at least 1 ms). */
export function billedDurationMs(measuredMs: number): number {
  return Math.max(1, Math.ceil(measuredMs));
}

/** The cost of `millions` a month on a tiered price, each tier at its own rate. */
export function tieredCost(millions: number, tiers: readonly PriceTier[]): number {
  let cost = 0;
  let from = 0;
  for (const tier of tiers) {
    const upTo = tier.upToMillions ?? Number.POSITIVE_INFINITY;
    const inTier = Math.max(0, Math.min(millions, upTo) - from);
    cost += inTier * tier.usd;
    from = upTo;
    if (millions <= upTo) break;
  }
  return cost;
}

/**
 * USD per million invocations of one operation by service, API Gateway at its first tier (the
 * monthly bill applies the tiers to the month's volume: `monthlyBill`).
 */
export function costPerMillion(usage: OperationUsage, prices: PriceTable): Record<Service, number> {
  const gbSeconds = usage.invocations * (usage.memoryMb / 1024) * (usage.billedMs / 1000);
  const loggedBytes = usage.logBytes + usage.invocations * prices.lambda.platformLogBytesPerInvocation;
  const firstTier = (tiers: readonly PriceTier[]) => tiers[0]?.usd ?? 0;
  return {
    lambda:
      gbSeconds * 1e6 * prices.lambda.perGbSecond + usage.invocations * prices.lambda.perMillionRequests,
    apiGateway: usage.apiRequests * firstTier(prices.apiGateway.restPerMillionTiers),
    waf: usage.apiRequests * prices.waf.perMillionRequests,
    dynamodb:
      usage.readUnits * prices.dynamodb.onDemandPerMillionReadUnits +
      usage.writeUnits * prices.dynamodb.onDemandPerMillionWriteUnits,
    logs: ((loggedBytes * 1e6) / gibibyte) * prices.cloudwatchLogs.ingestionPerGb,
    secretsManager: usage.secretsManagerCalls * 100 * prices.secretsManager.per10kCalls,
    kms: usage.kmsSignCalls * 100 * prices.kms.asymmetricPer10k,
    sqs: usage.sqsCalls * prices.sqs.standardPerMillion,
  };
}

export const totalOf = (costs: Record<string, number>): number =>
  Object.values(costs).reduce((sum, value) => sum + value, 0);

/** A capacity floor: the fewest units a correct design of the operation consumes, and why. */
export interface CapacityFloor {
  read: number;
  write: number;
  why: string;
}

/** Budget 1.0x: neither reads nor writes above the floor (a small tolerance for float sums). */
export function withinCapacityFloor(
  measured: { read: number; write: number },
  floor: CapacityFloor,
): boolean {
  const tolerance = 1e-9;
  return measured.read <= floor.read + tolerance && measured.write <= floor.write + tolerance;
}

export const secondsPerMonth = 30 * 24 * 3600;

/** One line of the monthly bill: a per-second rate of something that costs `usage` each. */
export interface BillLine {
  name: string;
  perSecond: number;
  usage: OperationUsage;
}

/**
 * The month's bill by service for lines at their rates times `scale`, API Gateway's tiers applied to
 * the month's whole volume. `extra` adds costs the lines do not carry (stream reads, traces), by service.
 */
export function monthlyBill(
  lines: readonly BillLine[],
  prices: PriceTable,
  scale = 1,
  extra: (monthlyMillions: number) => Record<string, number> = () => ({}),
): Record<string, number> {
  const bill: Record<string, number> = {};
  let apiMillions = 0;
  let invocationMillions = 0;
  for (const line of lines) {
    const millions = (line.perSecond * scale * secondsPerMonth) / 1e6;
    invocationMillions += millions;
    apiMillions += millions * line.usage.apiRequests;
    for (const [service, usd] of Object.entries(costPerMillion(line.usage, prices))) {
      if (service === 'apiGateway') continue;
      bill[service] = (bill[service] ?? 0) + usd * millions;
    }
  }
  bill.apiGateway = tieredCost(apiMillions, prices.apiGateway.restPerMillionTiers);
  for (const [service, usd] of Object.entries(extra(invocationMillions)))
    bill[service] = (bill[service] ?? 0) + usd;
  return bill;
}
