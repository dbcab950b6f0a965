import { describe, expect, it } from 'vitest';
import { bill, httpApi, mix, provisionedDynamoDb } from '../../../bench/bill.ts';
import {
  billedDurationMs,
  costPerMillion,
  loadPrices,
  monthlyBill,
  type OperationUsage,
  secondsPerMonth,
  tieredCost,
  totalOf,
  withinCapacityFloor,
} from '../../../bench/cost.ts';
import { hotOperations } from '../../../bench/operations.ts';
import { itemSize, transactionalWriteUnits } from '../../../shared/db/consumed-capacity.ts';

const prices = loadPrices();

const nothing: OperationUsage = {
  invocations: 1,
  readUnits: 0,
  writeUnits: 0,
  billedMs: 1,
  memoryMb: 1024,
  apiRequests: 0,
  logBytes: 0,
  secretsManagerCalls: 0,
  kmsSignCalls: 0,
  sqsCalls: 0,
};

describe('the price table', () => {
  it('names its region, date and the architecture the functions are built for', () => {
    expect(prices).toMatchObject({
      region: 'eu-west-1',
      checked: '2026-11',
      lambda: { architecture: 'arm64' },
    });
  });
});

describe('cost per million invocations', () => {
  it('bills Lambda by GB-seconds at the configured memory plus the request charge', () => {
    const perMillion = costPerMillion({ ...nothing, billedMs: 10, memoryMb: 512 }, prices);
    // 0.5 GB x 0.01 s x 1e6 = 5,000 GB-s.
    expect(perMillion.lambda).toBeCloseTo(
      5000 * prices.lambda.perGbSecond + prices.lambda.perMillionRequests,
      9,
    );
  });

  it('bills DynamoDB per unit, API Gateway and WAF per request, logs per GB ingested', () => {
    const perMillion = costPerMillion(
      { ...nothing, readUnits: 3, writeUnits: 4, apiRequests: 1, logBytes: 2 ** 30 / 1e6 - 300 },
      prices,
    );
    expect(perMillion.dynamodb).toBeCloseTo(
      3 * prices.dynamodb.onDemandPerMillionReadUnits + 4 * prices.dynamodb.onDemandPerMillionWriteUnits,
      9,
    );
    expect(perMillion.apiGateway).toBe(prices.apiGateway.restPerMillionTiers[0]?.usd);
    expect(perMillion.waf).toBe(prices.waf.perMillionRequests);
    // With the platform's 300 bytes, exactly 1 GiB per million invocations.
    expect(perMillion.logs).toBeCloseTo(prices.cloudwatchLogs.ingestionPerGb, 9);
  });

  it('bills Secrets Manager and KMS per 10,000 calls, SQS per million', () => {
    const perMillion = costPerMillion(
      { ...nothing, secretsManagerCalls: 1, kmsSignCalls: 2, sqsCalls: 1 },
      prices,
    );
    expect(perMillion.secretsManager).toBeCloseTo(100 * prices.secretsManager.per10kCalls, 9);
    expect(perMillion.kms).toBeCloseTo(200 * prices.kms.asymmetricPer10k, 9);
    expect(perMillion.sqs).toBe(prices.sqs.standardPerMillion);
  });

  it('rounds a duration up to the next millisecond, at least one', () => {
    expect(billedDurationMs(0.2)).toBe(1);
    expect(billedDurationMs(8.01)).toBe(9);
    expect(billedDurationMs(12)).toBe(12);
  });
});

describe('tiered prices', () => {
  const tiers = [{ upToMillions: 10, usd: 3 }, { upToMillions: 30, usd: 2 }, { usd: 1 }];

  it('charges each tier its own rate', () => {
    expect(tieredCost(5, tiers)).toBe(15);
    expect(tieredCost(10, tiers)).toBe(30);
    expect(tieredCost(40, tiers)).toBe(30 + 40 + 10);
  });

  it('applies API Gateway tiers to the month of every line together', () => {
    const api = { ...nothing, apiRequests: 1 };
    const perSecond = 1000 / secondsPerMonth; // 1,000 million a month in each line
    const bill = monthlyBill(
      [
        { name: 'a', perSecond: perSecond * 1e6, usage: api },
        { name: 'b', perSecond: perSecond * 1e6, usage: api },
      ],
      prices,
    );
    expect(bill.apiGateway).toBeCloseTo(tieredCost(2000, prices.apiGateway.restPerMillionTiers), 6);
    expect(totalOf(bill)).toBeGreaterThan(bill.apiGateway ?? 0);
  });

  it('scales every line', () => {
    const line = { name: 'write', perSecond: 1, usage: { ...nothing, writeUnits: 1 } };
    const once = monthlyBill([line], prices);
    const tenfold = monthlyBill([line], prices, 10);
    expect(tenfold.dynamodb).toBeCloseTo(10 * (once.dynamodb ?? 0), 9);
  });
});

describe('capacity floor', () => {
  const floor = { read: 1, write: 6, why: 'test' };

  it('is met at or below the floor, reads and writes each', () => {
    expect(withinCapacityFloor({ read: 1, write: 6 }, floor)).toBe(true);
    expect(withinCapacityFloor({ read: 0, write: 4 }, floor)).toBe(true);
  });

  it('is not met when either is above it, even if the other is below', () => {
    expect(withinCapacityFloor({ read: 2, write: 4 }, floor)).toBe(false);
    expect(withinCapacityFloor({ read: 0, write: 6.5 }, floor)).toBe(false);
  });
});

describe('item sizes by DynamoDB rules', () => {
  it('counts names and values: strings by UTF-8 bytes, numbers by digits, containers with overhead', () => {
    expect(itemSize({ pk: { S: 'abc' } })).toBe(2 + 3);
    expect(itemSize({ n: { N: '12345' } })).toBe(1 + 4);
    expect(itemSize({ ok: { BOOL: true } })).toBe(2 + 1);
    expect(itemSize({ l: { L: [{ S: 'ab' }] } })).toBe(1 + 3 + 2 + 1);
    expect(itemSize({ é: { S: 'é' } })).toBe(2 + 2);
  });

  it('counts a transactional write as two units per KB, at least one KB', () => {
    expect(transactionalWriteUnits(100)).toBe(2);
    expect(transactionalWriteUnits(1024)).toBe(2);
    expect(transactionalWriteUnits(1033)).toBe(4);
  });
});

describe('the monthly bill of the capacity mix', () => {
  it('carries the ledger, the request log and the events feed (an estimate until measured)', () => {
    const groups = new Set(mix.map((line) => line.group));
    expect([...groups]).toEqual(expect.arrayContaining(['ledger', 'request log', 'events feed']));
    expect(mix.find((line) => line.group === 'events feed')?.source).toBe('estimated');
  });

  it('serves 10,000 partner requests per second', () => {
    const partner = mix.filter((line) => line.group === 'partner API');
    expect(partner.reduce((sum, line) => sum + line.perSecond, 0)).toBe(10_000);
  });

  it('grows linearly but for API Gateway tiers', () => {
    const once = bill(prices);
    const tenfold = bill(prices, 10);
    expect(tenfold.dynamodb).toBeCloseTo(10 * (once.dynamodb ?? 0), 6);
    expect(tenfold.apiGateway).toBeLessThan(10 * (once.apiGateway ?? 0));
  });

  it('is cheaper on provisioned DynamoDB at steady load, and on an HTTP API', () => {
    expect(provisionedDynamoDb(prices, 1)).toBeLessThan(bill(prices).dynamodb ?? 0);
    expect(httpApi(prices, 1)).toBeLessThan(bill(prices).apiGateway ?? 0);
  });
});

describe('capacity floors beside the operations', () => {
  it('give every partner operation a floor with its reason', () => {
    const measured = hotOperations.filter((operation) => operation.cost);
    expect(measured.length).toBeGreaterThanOrEqual(9);
    for (const operation of measured) expect(operation.cost?.floor.why.length).toBeGreaterThan(10);
  });
});
