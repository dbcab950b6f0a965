import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import {
  countCreate,
  countRequest,
  countThrottle,
  countWebhookOutcome,
  metricsNamespace,
  resetMetrics,
} from '../../../shared/observability/metrics.ts';

interface EmfLine {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
  [key: string]: unknown;
}

let write: MockInstance<typeof process.stdout.write>;

/** Every EMF line written to stdout since the test began. */
function emitted(): EmfLine[] {
  return write.mock.calls
    .map(([chunk]) => String(chunk))
    .flatMap((text) => text.split('\n'))
    .filter((line) => line.startsWith('{"_aws"'))
    .map((line) => JSON.parse(line) as EmfLine);
}

const directive = (line: EmfLine | undefined) => line?._aws.CloudWatchMetrics[0];

beforeEach(() => {
  vi.stubEnv('STAGE', 'prod');
  vi.stubEnv('POWERTOOLS_DEV', '');
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  resetMetrics();
  write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => {
  write.mockRestore();
  vi.unstubAllEnvs();
  resetMetrics();
});

describe('request metrics', () => {
  it('are written at once to stdout as EMF, by operation and status class, with the account as a property', () => {
    countRequest('createBooking', 201, 'account-1');

    const [line] = emitted();
    expect(directive(line)).toEqual({
      Namespace: metricsNamespace,
      Dimensions: [['service', 'stage', 'Operation', 'StatusClass']],
      Metrics: [{ Name: 'Requests', Unit: 'Count' }],
    });
    expect(line).toMatchObject({
      stage: 'prod',
      Operation: 'createBooking',
      StatusClass: '2xx',
      account_id: 'account-1',
      status: '201',
      Requests: 1,
    });
  });

  it('count a 5xx in Errors too, in total and by operation', () => {
    countRequest('createBooking', 503);

    const [, errors] = emitted();
    expect(directive(errors)?.Dimensions).toEqual([
      ['service', 'stage'],
      ['service', 'stage', 'Operation'],
    ]);
    expect(errors).toMatchObject({ Errors: 1 });
  });

  it('never make the account a dimension', () => {
    countRequest('listBookings', 200, 'account-1');
    countCreate('booking', 'account-1');
    countWebhookOutcome('delivered', 'account-1');

    const dimensions = emitted().flatMap((line) => directive(line)?.Dimensions.flat() ?? []);
    expect(dimensions).not.toContain('Account');
    expect(emitted().map((line) => line.account_id)).toEqual(['account-1', 'account-1', 'account-1']);
  });
});

describe('throttle metrics', () => {
  it('are kept by policy and, when the request had one, by account', () => {
    countThrottle('burst', 'account-1');
    countThrottle('address_flood');

    const [perAccount, perAddress] = emitted();
    expect(directive(perAccount)?.Dimensions).toEqual([
      ['service', 'stage', 'Policy'],
      ['service', 'stage', 'Account'],
    ]);
    expect(perAccount).toMatchObject({ Policy: 'burst', Account: 'account-1', Throttles: 1 });
    expect(directive(perAddress)?.Dimensions).toEqual([['service', 'stage', 'Policy']]);
  });
});

describe('business metrics', () => {
  it('count creates by resource and webhook deliveries by outcome', () => {
    countCreate('esim');
    countWebhookOutcome('failed');

    const [create, delivery] = emitted();
    expect(create).toMatchObject({ Resource: 'esim', Creates: 1 });
    expect(delivery).toMatchObject({ Outcome: 'failed', WebhookDeliveries: 1 });
  });
});
