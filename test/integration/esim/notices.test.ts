import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { TestClock, useClock } from '../../../shared/util/clock.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import {
  type EsimPartner,
  esimPartner,
  eventsOf,
  expiresAt,
  type Json,
  storedEsim,
  sweep,
} from './helpers.ts';

/**
 * Expiry notices and usage thresholds (docs/esim.md, Events), on the local stage. The sweep runs in
 * this process on a moved clock. The clock moves by a minute only and the eSIM's expires_at is set
 * days ahead of it instead: a sweep days ahead would act on the eSIMs other files are testing.
 */

const settingsPath = '/v2/b2b/settings/esim';
const minute = 60_000;
const day = 86_400_000;

let partner: EsimPartner;
let other: EsimPartner;
const clock = TestClock.running();
let restoreClock: () => void;

beforeAll(async () => {
  restoreClock = useClock(clock);
  [partner, other] = await Promise.all([esimPartner(10), esimPartner(5)]);
});

afterAll(() => restoreClock());

const dataOf = async (iccid: string, type: string): Promise<Json[]> =>
  (await eventsOf(iccid)).filter((event) => event.event === type).map((event) => event.data as Json);

describe('esim.package.expiring', () => {
  it('is sent once 3 days and once 1 day before expires_at, however often and concurrently the sweep runs', async () => {
    const esim = await partner.issued();
    const iccid = esim.iccid as string;
    const packageId = (esim.packages as Json[])[0]?.package_id;
    const threeDaysOut = new Date(clock.now().getTime() + 3 * day + minute);
    await expiresAt(partner.accountId, iccid, threeDaysOut);

    await sweep();
    const early = await dataOf(iccid, 'esim.package.expiring');
    clock.advance(minute + 1000);
    await Promise.all([sweep(), sweep()]);
    await sweep();
    const afterThreeDays = await dataOf(iccid, 'esim.package.expiring');

    // The days in between, then one day before the (moved) expires_at.
    const oneDayOut = new Date(clock.now().getTime() + 1 * day + minute);
    await expiresAt(partner.accountId, iccid, oneDayOut);
    await sweep();
    clock.advance(minute + 1000);
    await Promise.all([sweep(), sweep()]);
    await sweep();
    const afterOneDay = await dataOf(iccid, 'esim.package.expiring');

    expect(early).toEqual([]);
    expect(afterThreeDays).toEqual([
      { iccid, package_id: packageId, expires_at: threeDaysOut.toISOString(), days_left: 3 },
    ]);
    expect(afterOneDay).toEqual([
      afterThreeDays[0],
      { iccid, package_id: packageId, expires_at: oneDayOut.toISOString(), days_left: 1 },
    ]);
    const stored = await storedEsim(partner.accountId, iccid);
    expect((stored?.packages as Json[] | undefined)?.[0]?.expiry_notices).toEqual([3, 1]);
    // Next: the expiry itself.
    expect(stored?.gsi1sk).toBe(`${oneDayOut.toISOString()}#${partner.accountId}#${iccid}`);
  });
});

describe('the reindex after the deploy that introduced expiry notices', () => {
  it('moves an eSIM indexed at its expires_at to its 3-day notice, and a second run leaves it there', async () => {
    const iccid = (await partner.issued()).iccid as string;
    const stored = (await storedEsim(partner.accountId, iccid)) as Json;
    const [pkg] = stored.packages as Json[];
    const { expiry_notices: _notices, thresholds_notified: _thresholds, ...legacyPackage } = pkg as Json;
    await documentClient().send(
      new PutCommand({
        TableName: endpoints().tables.main,
        Item: {
          ...stored,
          packages: [legacyPackage],
          gsi1sk: `${pkg?.expires_at}#${partner.accountId}#${iccid}`,
        },
      }),
    );
    Object.assign(process.env, endpoints().environment);
    resetModuleCaches();
    const { reindexEsimExpiry } = await import('../../../shared/db/migrations/esim-expiry-index.ts');

    const first = await reindexEsimExpiry();
    await reindexEsimExpiry();

    const threeDaysBefore = new Date(Date.parse(String(pkg?.expires_at)) - 3 * day).toISOString();
    expect((await storedEsim(partner.accountId, iccid))?.gsi1sk).toBe(
      `${threeDaysBefore}#${partner.accountId}#${iccid}`,
    );
    expect(first.moved).toBeGreaterThanOrEqual(1);
  });
});

describe('usage thresholds', () => {
  it('answers [80] until the account sets its own', async () => {
    const fresh = await esimPartner(0);

    const read = await fresh.call('GET', settingsPath);

    expect([read.status, read.body]).toEqual([200, { usage_thresholds: [80], updated_at: null }]);
  });

  it('fires the default 80 % as before, with threshold 80', async () => {
    const iccid = (await other.issued()).iccid as string;

    await other.usage(iccid, 819);
    await other.usage(iccid, 1);
    await other.usage(iccid, 50);

    expect(await dataOf(iccid, 'esim.package.usage_threshold_reached')).toEqual([
      expect.objectContaining({ data_mb: 1024, used_mb: 820, threshold: 80 }),
    ]);
  });

  describe('set to [90, 50]', () => {
    beforeAll(async () => {
      const set = await partner.call('PUT', settingsPath, { body: { usage_thresholds: [90, 50] } });
      expect(set.status).toBe(200);
    });

    it('answers them ascending, on PUT and GET', async () => {
      const read = await partner.call('GET', settingsPath);

      expect(read.status).toBe(200);
      expect(read.body).toEqual({ usage_thresholds: [50, 90], updated_at: expect.any(String) });
    });

    it('fires 50 then 90, each once', async () => {
      const iccid = (await partner.issued()).iccid as string;

      // 512 of 1024 MB is 50 %; 922 is the first at or above 90 % (921.6).
      for (const usedMb of [511, 1, 100, 309, 1, 10]) await partner.usage(iccid, usedMb);

      expect(await dataOf(iccid, 'esim.package.usage_threshold_reached')).toEqual([
        expect.objectContaining({ used_mb: 512, threshold: 50 }),
        expect.objectContaining({ used_mb: 922, threshold: 90 }),
      ]);
    });

    it('fires both when one usage jumps across both', async () => {
      const iccid = (await partner.issued()).iccid as string;

      await partner.usage(iccid, 1000);

      const reached = await dataOf(iccid, 'esim.package.usage_threshold_reached');
      expect(reached.map((data) => data.threshold).sort()).toEqual([50, 90]);
      expect(reached.every((data) => data.used_mb === 1000)).toBe(true);
      expect(await dataOf(iccid, 'esim.package.exhausted')).toEqual([]);
    });

    it("are the account's own: another account keeps its default", async () => {
      const read = await other.call('GET', settingsPath);
      const iccid = (await other.issued()).iccid as string;

      await other.usage(iccid, 600);

      expect(read.body.usage_thresholds).toEqual([80]);
      expect(await dataOf(iccid, 'esim.package.usage_threshold_reached')).toEqual([]);
    });
  });

  describe('validation', () => {
    const refusedAt = async (body: unknown) => {
      const refused = await other.call('PUT', settingsPath, { body });
      return {
        status: refused.status,
        code: refused.body.code,
        paths: ((refused.body.details as { errors?: { path: string }[] } | undefined)?.errors ?? []).map(
          (error) => error.path,
        ),
      };
    };

    it.each([
      ['below 1', { usage_thresholds: [0] }, 'body.usage_thresholds.0'],
      ['above 99', { usage_thresholds: [50, 100] }, 'body.usage_thresholds.1'],
      ['not an integer', { usage_thresholds: [50.5] }, 'body.usage_thresholds.0'],
      ['repeated', { usage_thresholds: [50, 70, 50] }, 'body.usage_thresholds.2'],
      ['more than five', { usage_thresholds: [10, 20, 30, 40, 50, 60] }, 'body.usage_thresholds'],
      ['missing', {}, 'body.usage_thresholds'],
      ['not a list', { usage_thresholds: 80 }, 'body.usage_thresholds'],
    ])('refuses thresholds %s with 422 ValidationError at the field', async (_case, body, path) => {
      expect(await refusedAt(body)).toEqual({ status: 422, code: 'ValidationError', paths: [path] });
    });

    it('refuses an unknown field with 422', async () => {
      const refused = await refusedAt({ usage_thresholds: [80], thresholds: [80] });

      expect([refused.status, refused.code]).toEqual([422, 'ValidationError']);
    });

    it('changes nothing when refused', async () => {
      await refusedAt({ usage_thresholds: [0] });

      expect((await other.call('GET', settingsPath)).body.usage_thresholds).toEqual([80]);
    });

    it('refuses a token without esim:write with 403 Forbidden', async () => {
      const reader = await esimPartner(0, ['esim:read']);

      const refused = await reader.call('PUT', settingsPath, { body: { usage_thresholds: [50] } });

      expect([refused.status, refused.body.code]).toEqual([403, 'Forbidden']);
    });

    it('refuses a read without esim:read with 403 Forbidden', async () => {
      const writer = await esimPartner(0, ['esim:write']);

      const refused = await writer.call('GET', settingsPath);

      expect([refused.status, refused.body.code]).toEqual([403, 'Forbidden']);
    });
  });
});
