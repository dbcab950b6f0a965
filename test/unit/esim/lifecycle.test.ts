import { describe, expect, it } from 'vitest';
import {
  addUsage,
  currentPackage,
  esimStatusAt,
  expireDue,
  isExpired,
  newPackage,
  nextDue,
  noticeExpiring,
  statusAt,
  sweepDue,
} from '../../../shared/domain/esim/lifecycle.ts';
import type { Esim, EsimPackage } from '../../../shared/domain/esim/model.ts';
import { accountId, now, smdpAddress } from './fakes.ts';

const day = 86_400_000;
const later = (days: number) => new Date(now.getTime() + days * day);
const eighty = [80];

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

    const change = addUsage(anEsim(), 100, usageAt, eighty);

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
    const first = addUsage(anEsim(), 100, later(1), eighty);
    const second = first && addUsage(first.esim, 100, later(2), eighty);

    expect(second?.package.activatedAt).toBe(later(1).toISOString());
    expect(second?.package.usedMb).toBe(200);
  });
});

describe('usage thresholds', () => {
  it('fires usage_threshold_reached once, on reaching 80 %', () => {
    const below = addUsage(anEsim(), 799, now, eighty);
    const at = below && addUsage(below.esim, 1, now, eighty);
    const above = at && addUsage(at.esim, 50, now, eighty);

    expect(below?.notices).toEqual([]);
    expect(at?.notices).toEqual([
      { type: 'esim.package.usage_threshold_reached', packageId: at?.package.packageId, threshold: 80 },
    ]);
    expect(above?.notices).toEqual([]);
    expect(above?.package.thresholdsNotified).toEqual([80]);
  });

  it('counts 80 % exactly: 819 of 1024 MB is below it, 820 reaches it', () => {
    const base = anEsim(aPackage({ dataMb: 1024 }));

    expect(addUsage(base, 819, now, eighty)?.notices).toEqual([]);
    expect(addUsage(base, 820, now, eighty)?.notices.map((notice) => notice.type)).toEqual([
      'esim.package.usage_threshold_reached',
    ]);
  });

  it('fires exhausted once the data is all used, capping used_mb at data_mb', () => {
    const warned = addUsage(anEsim(), 900, now, eighty);
    const exhausted = warned && addUsage(warned.esim, 500, now, eighty);

    expect(exhausted?.package).toMatchObject({ status: 'Exhausted', usedMb: 1000 });
    expect(exhausted?.notices.map((notice) => notice.type)).toEqual(['esim.package.exhausted']);
  });

  it('fires both, in order, when one usage jumps past both', () => {
    const change = addUsage(anEsim(), 1000, now, eighty);

    expect(change?.notices.map((notice) => notice.type)).toEqual([
      'esim.package.usage_threshold_reached',
      'esim.package.exhausted',
    ]);
  });

  it('never fires a notice already recorded, even if asked again', () => {
    const change = addUsage(
      anEsim(aPackage({ status: 'Active', usedMb: 850, thresholdsNotified: [80] })),
      10,
      now,
      eighty,
    );

    expect(change?.notices).toEqual([]);
  });
});

describe("an account's usage thresholds", () => {
  const thresholds = [50, 90];

  it('fires 50 then 90, each once, as usage reaches them', () => {
    const half = addUsage(anEsim(), 500, now, thresholds);
    const more = half && addUsage(half.esim, 100, now, thresholds);
    const ninety = more && addUsage(more.esim, 300, now, thresholds);
    const after = ninety && addUsage(ninety.esim, 10, now, thresholds);

    expect(half?.notices).toEqual([
      { type: 'esim.package.usage_threshold_reached', packageId: half?.package.packageId, threshold: 50 },
    ]);
    expect(more?.notices).toEqual([]);
    expect(ninety?.notices).toEqual([
      { type: 'esim.package.usage_threshold_reached', packageId: half?.package.packageId, threshold: 90 },
    ]);
    expect(after?.notices).toEqual([]);
    expect(after?.package.thresholdsNotified).toEqual([50, 90]);
  });

  it('fires each threshold a jump crosses, lowest first', () => {
    const change = addUsage(anEsim(), 950, now, [90, 50, 10]);

    expect(change?.notices.map((notice) => 'threshold' in notice && notice.threshold)).toEqual([10, 50, 90]);
  });

  it('applies the thresholds of the report: one added below the usage fires with the next report', () => {
    const first = addUsage(anEsim(), 600, now, [80]);
    const next = first && addUsage(first.esim, 1, now, [50, 80]);

    expect(first?.notices).toEqual([]);
    expect(next?.notices.map((notice) => 'threshold' in notice && notice.threshold)).toEqual([50]);
  });

  it('fires none when the account has no thresholds', () => {
    expect(addUsage(anEsim(), 999, now, [])?.notices).toEqual([]);
  });
});

describe('expiry notices', () => {
  // Issued at `now` for 30 days: due at day 27 (3 days left) and day 29 (1 day left).
  const esim = () => anEsim(aPackage({ packageId: 'p1' }));

  it('sends the 3-day notice once at 3 days before expires_at, then the 1-day notice once', () => {
    const early = sweepDue(esim(), new Date(later(27).getTime() - 1));
    const threeDays = sweepDue(early.esim, later(27));
    const again = sweepDue(threeDays.esim, later(28));
    const oneDay = sweepDue(again.esim, later(29));
    const last = sweepDue(oneDay.esim, new Date(later(30).getTime() - 1));

    expect(early.notices).toEqual([]);
    expect(threeDays.notices).toEqual([{ type: 'esim.package.expiring', packageId: 'p1', daysLeft: 3 }]);
    expect(again.notices).toEqual([]);
    expect(oneDay.notices).toEqual([{ type: 'esim.package.expiring', packageId: 'p1', daysLeft: 1 }]);
    expect(last.notices).toEqual([]);
    expect(last.esim.packages[0]?.expiryNotices).toEqual([3, 1]);
  });

  it('leaves the eSIM updated_at as it was: what the partner reads is unchanged', () => {
    expect(noticeExpiring(esim(), later(27)).esim.updatedAt).toBe(now.toISOString());
  });

  it('indexes the eSIM at its next notice, then at its expiry', () => {
    const threeDays = sweepDue(esim(), later(27));
    const oneDay = sweepDue(threeDays.esim, later(29));

    expect(nextDue(esim())).toBe(later(27).toISOString());
    expect(nextDue(threeDays.esim)).toBe(later(29).toISOString());
    expect(nextDue(oneDay.esim)).toBe(later(30).toISOString());
  });

  it('sends only the 1-day notice when a late sweep finds both due', () => {
    const change = sweepDue(esim(), later(29.5));

    expect(change.notices).toEqual([{ type: 'esim.package.expiring', packageId: 'p1', daysLeft: 1 }]);
    expect(nextDue(change.esim)).toBe(later(30).toISOString());
  });

  it('sends the expiry, not a notice, once expires_at has passed', () => {
    expect(sweepDue(esim(), later(31)).notices).toEqual([{ type: 'esim.package.expired', packageId: 'p1' }]);
  });

  it('skips a notice whose moment had passed when the package got its expires_at', () => {
    const shortLived = anEsim(aPackage({ packageId: 'p1', expiresAt: later(2).toISOString() }));

    expect(nextDue(shortLived)).toBe(later(1).toISOString());
    expect(sweepDue(shortLived, now).notices).toEqual([]);
    expect(sweepDue(shortLived, later(1)).notices).toEqual([
      { type: 'esim.package.expiring', packageId: 'p1', daysLeft: 1 },
    ]);
  });

  it('owes notices again for the new expires_at after activation', () => {
    const noticed = sweepDue(esim(), later(27));
    const activated = addUsage(noticed.esim, 10, later(28), eighty);
    const active = activated?.esim as Esim;

    // Active for 7 days from day 28: notices at day 32 and day 34.
    expect(activated?.package.expiryNotices).toEqual([]);
    expect(nextDue(active)).toBe(later(32).toISOString());
    expect(sweepDue(active, later(32)).notices).toEqual([
      { type: 'esim.package.expiring', packageId: 'p1', daysLeft: 3 },
    ]);
  });

  it('sends none for an Exhausted package: it can take no usage anyway', () => {
    const exhausted = anEsim(aPackage({ packageId: 'p1', status: 'Exhausted', usedMb: 1000 }));

    expect(sweepDue(exhausted, later(29)).notices).toEqual([]);
    expect(nextDue(exhausted)).toBe(later(30).toISOString());
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

    const change = addUsage(esim, 5, now, eighty);

    expect(change?.package).toMatchObject({ packageId: 'p3', status: 'Active', usedMb: 5 });
  });

  it('is none when every package ended: usage cannot be recorded', () => {
    expect(addUsage(anEsim(exhausted), 5, now, eighty)).toBeUndefined();
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

    const change = addUsage(esim, 5, later(2), eighty);

    expect(change?.package.packageId).toBe('p2');
    expect(change?.notices).toEqual([{ type: 'esim.package.expired', packageId: 'p1' }]);
  });

  it('names the next instant the sweep must act on, none once all are Expired', () => {
    const noticesSent = { expiryNotices: [3, 1] };
    const esim = anEsim(
      aPackage({ packageId: 'p1', expiresAt: later(9).toISOString(), ...noticesSent }),
      aPackage({ packageId: 'p2', expiresAt: later(4).toISOString(), ...noticesSent }),
      aPackage({ packageId: 'p3', status: 'Expired', expiresAt: later(1).toISOString() }),
    );

    expect(nextDue(esim)).toBe(later(4).toISOString());
    expect(nextDue(expireDue(esim, later(10)).esim)).toBeUndefined();
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
