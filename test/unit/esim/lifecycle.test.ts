import { describe, expect, it } from 'vitest';
import {
  addUsage,
  currentPackage,
  esimStatusAt,
  expireDue,
  isExpired,
  newPackage,
  nextExpiry,
  statusAt,
} from '../../../shared/domain/esim/lifecycle.ts';
import type { Esim, EsimPackage } from '../../../shared/domain/esim/model.ts';
import { accountId, now, smdpAddress } from './fakes.ts';

const day = 86_400_000;
const later = (days: number) => new Date(now.getTime() + days * day);

function aPackage(overrides: Partial<EsimPackage> = {}): EsimPackage {
  return {
    ...newPackage(
      {
        packageId: '019a0000-0000-7000-8000-00000000000a',
        packageTemplateId: 'd512d42b-de6f-5a7d-9145-b7f10a7d248f',
        dataMb: 1000,
        activePeriod: 7,
        validityPeriod: 30,
      },
      now,
    ),
    ...overrides,
  };
}

function anEsim(...packages: EsimPackage[]): Esim {
  return {
    iccid: '8988299000000000016',
    accountId,
    orderId: '019a0000-0000-7000-8000-000000000001',
    smdpAddress,
    matchingId: 'AAAAA-BBBBB-CCCCC-DDDDD',
    coverage: ['RU'],
    packages: packages.length > 0 ? packages : [aPackage()],
    version: 1,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

describe('a new package', () => {
  it('is NotActive, unused, and waits validity_period days for its first usage', () => {
    const pkg = aPackage();

    expect(pkg).toMatchObject({ status: 'NotActive', usedMb: 0, activatedAt: null, notified: [] });
    expect(pkg.expiresAt).toBe(later(30).toISOString());
    expect(pkg.usageAsOf).toBe(now.toISOString());
  });
});

describe('the first usage', () => {
  it('activates the package: activated_at is now, expires_at now + active_period days', () => {
    const usageAt = later(3);

    const change = addUsage(anEsim(), 100, usageAt);

    expect(change?.package).toMatchObject({
      status: 'Active',
      usedMb: 100,
      activatedAt: usageAt.toISOString(),
      expiresAt: new Date(usageAt.getTime() + 7 * day).toISOString(),
      usageAsOf: usageAt.toISOString(),
    });
    expect(change?.notices).toEqual([]);
  });

  it('leaves activation alone on the next usage', () => {
    const first = addUsage(anEsim(), 100, later(1));
    const second = first && addUsage(first.esim, 100, later(2));

    expect(second?.package.activatedAt).toBe(later(1).toISOString());
    expect(second?.package.usedMb).toBe(200);
  });
});

describe('usage thresholds', () => {
  it('fires usage_threshold_reached once, on reaching 80 %', () => {
    const below = addUsage(anEsim(), 799, now);
    const at = below && addUsage(below.esim, 1, now);
    const above = at && addUsage(at.esim, 50, now);

    expect(below?.notices).toEqual([]);
    expect(at?.notices).toEqual([
      { type: 'esim.package.usage_threshold_reached', packageId: at?.package.packageId },
    ]);
    expect(above?.notices).toEqual([]);
    expect(above?.package.notified).toEqual(['esim.package.usage_threshold_reached']);
  });

  it('counts 80 % exactly: 819 of 1024 MB is below it, 820 reaches it', () => {
    const base = anEsim(aPackage({ dataMb: 1024 }));

    expect(addUsage(base, 819, now)?.notices).toEqual([]);
    expect(addUsage(base, 820, now)?.notices.map((notice) => notice.type)).toEqual([
      'esim.package.usage_threshold_reached',
    ]);
  });

  it('fires exhausted once the data is all used, capping used_mb at data_mb', () => {
    const warned = addUsage(anEsim(), 900, now);
    const exhausted = warned && addUsage(warned.esim, 500, now);

    expect(exhausted?.package).toMatchObject({ status: 'Exhausted', usedMb: 1000 });
    expect(exhausted?.notices.map((notice) => notice.type)).toEqual(['esim.package.exhausted']);
  });

  it('fires both, in order, when one usage jumps past both', () => {
    const change = addUsage(anEsim(), 1000, now);

    expect(change?.notices.map((notice) => notice.type)).toEqual([
      'esim.package.usage_threshold_reached',
      'esim.package.exhausted',
    ]);
  });

  it('never fires a notice already recorded, even if asked again', () => {
    const change = addUsage(
      anEsim(aPackage({ status: 'Active', usedMb: 850, notified: ['esim.package.usage_threshold_reached'] })),
      10,
      now,
    );

    expect(change?.notices).toEqual([]);
  });
});

describe('the current package', () => {
  const exhausted = aPackage({ packageId: 'p1', status: 'Exhausted', usedMb: 1000 });
  const active = aPackage({ packageId: 'p2', status: 'Active', usedMb: 10 });
  const waiting = aPackage({ packageId: 'p3' });
  const waitingToo = aPackage({ packageId: 'p4' });

  it('is the Active one, else the oldest NotActive one', () => {
    expect(currentPackage([exhausted, waiting, active], now)?.packageId).toBe('p2');
    expect(currentPackage([exhausted, waiting, waitingToo], now)?.packageId).toBe('p3');
    expect(currentPackage([exhausted], now)).toBeUndefined();
  });

  it('takes usage once the one before it is exhausted, activating it', () => {
    const esim = anEsim(exhausted, waiting);

    const change = addUsage(esim, 5, now);

    expect(change?.package).toMatchObject({ packageId: 'p3', status: 'Active', usedMb: 5 });
  });

  it('is none when every package ended: usage cannot be recorded', () => {
    expect(addUsage(anEsim(exhausted), 5, now)).toBeUndefined();
  });
});

describe('expiry', () => {
  it('shows Expired as soon as expires_at has passed, before anything records it', () => {
    const pkg = aPackage();

    expect(statusAt(pkg, later(30))).toBe('Expired');
    expect(statusAt(pkg, new Date(later(30).getTime() - 1))).toBe('NotActive');
  });

  it('records Expired with one expired notice per package, and only once', () => {
    const esim = anEsim(
      aPackage({ packageId: 'p1' }),
      aPackage({ packageId: 'p2', expiresAt: later(60).toISOString() }),
    );

    const first = expireDue(esim, later(31));
    const again = expireDue(first.esim, later(32));

    expect(first.notices).toEqual([{ type: 'esim.package.expired', packageId: 'p1' }]);
    expect(first.esim.packages.map((pkg) => pkg.status)).toEqual(['Expired', 'NotActive']);
    expect(again.notices).toEqual([]);
    expect(again.esim).toBe(first.esim);
  });

  it('ends an Exhausted package too, once its time is up', () => {
    const esim = anEsim(
      aPackage({ status: 'Exhausted', usedMb: 1000, notified: ['esim.package.exhausted'] }),
    );

    const change = expireDue(esim, later(30));

    expect(change.esim.packages[0]?.status).toBe('Expired');
    expect(change.esim.packages[0]?.notified).toEqual(['esim.package.exhausted', 'esim.package.expired']);
  });

  it('is recorded before usage goes to the next package', () => {
    const esim = anEsim(
      aPackage({ packageId: 'p1', status: 'Active', usedMb: 10, expiresAt: later(1).toISOString() }),
      aPackage({ packageId: 'p2', expiresAt: later(30).toISOString() }),
    );

    const change = addUsage(esim, 5, later(2));

    expect(change?.package.packageId).toBe('p2');
    expect(change?.notices).toEqual([{ type: 'esim.package.expired', packageId: 'p1' }]);
  });

  it('names the next instant the sweep must act on, none once all are Expired', () => {
    const esim = anEsim(
      aPackage({ packageId: 'p1', expiresAt: later(9).toISOString() }),
      aPackage({ packageId: 'p2', expiresAt: later(4).toISOString() }),
      aPackage({ packageId: 'p3', status: 'Expired', expiresAt: later(1).toISOString() }),
    );

    expect(nextExpiry(esim)).toBe(later(4).toISOString());
    expect(nextExpiry(expireDue(esim, later(10)).esim)).toBeUndefined();
  });
});

describe("an eSIM's status", () => {
  it('is its current package status, Exhausted with none left, Expired when all are', () => {
    const exhausted = aPackage({ packageId: 'p1', status: 'Exhausted', usedMb: 1000 });

    expect(esimStatusAt(anEsim(), now)).toBe('NotActive');
    expect(esimStatusAt(anEsim(aPackage({ status: 'Active' })), now)).toBe('Active');
    expect(esimStatusAt(anEsim(exhausted, aPackage({ packageId: 'p2' })), now)).toBe('NotActive');
    expect(esimStatusAt(anEsim(exhausted), now)).toBe('Exhausted');
    expect(esimStatusAt(anEsim(exhausted), later(31))).toBe('Expired');
    expect(isExpired(anEsim(exhausted), later(31))).toBe(true);
    expect(isExpired(anEsim(exhausted), now)).toBe(false);
  });
});
