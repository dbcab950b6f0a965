import {
  type Esim,
  type EsimPackage,
  type EsimStatus,
  expiryNoticeDays,
  type OncePerPackageEventType,
  type PackageStatus,
} from './model.ts';

/**
 * The package state machine (docs/esim.md):
 *
 *   NotActive --first usage--> Active --all data used--> Exhausted
 *       \                        \                          \
 *        `---- expires_at passed --`-------------------------`--> Expired
 *
 * A package past `expires_at` is Expired at once for every read and decision, and the sweep (or the
 * next change of the eSIM) records it with its event. Before that the sweep sends the expiry notices
 * (`expiryNoticeDays`). Pure functions: callers stage the result.
 */

const dayMs = 86_400_000;

export const daysAfter = (at: Date, days: number): string =>
  new Date(at.getTime() + days * dayMs).toISOString();

export interface PackageTerms {
  packageId: string;
  packageTemplateId: string;
  dataMb: number;
  activePeriod: number;
  validityPeriod: number;
}

/** A package as issued: nothing used, waiting `validityPeriod` days for its first usage. */
export function newPackage(terms: PackageTerms, now: Date): EsimPackage {
  const at = now.toISOString();
  return {
    ...terms,
    status: 'NotActive',
    usedMb: 0,
    usageAsOf: at,
    activatedAt: null,
    expiresAt: daysAfter(now, terms.validityPeriod),
    createdAt: at,
    notified: [],
    thresholdsNotified: [],
    expiryNotices: [],
  };
}

/** The package's status at `now`: one past its `expires_at` is Expired whether or not that is recorded. */
export function statusAt(pkg: EsimPackage, now: Date): PackageStatus {
  if (pkg.status !== 'Expired' && Date.parse(pkg.expiresAt) <= now.getTime()) return 'Expired';
  return pkg.status;
}

/** The package usage goes to: the Active one, else the oldest NotActive one; none when every one ended. */
export function currentPackage(packages: readonly EsimPackage[], now: Date): EsimPackage | undefined {
  return (
    packages.find((pkg) => statusAt(pkg, now) === 'Active') ??
    packages.find((pkg) => statusAt(pkg, now) === 'NotActive')
  );
}

/**
 * The eSIM's status is its current package's; with none left it is Exhausted while a package is
 * (data used up, time left: a top-up brings it back), and Expired once every package is.
 */
export function esimStatusAt(esim: Esim, now: Date): EsimStatus {
  if (esim.refundedAt !== undefined) return 'Refunded';
  if (esim.suspendedAt !== undefined) return 'Suspended';
  return packagesStatusAt(esim, now);
}

/** The status the packages give the eSIM, suspended or not: what a resume returns it to. */
export function packagesStatusAt(esim: Esim, now: Date): PackageStatus {
  const current = currentPackage(esim.packages, now);
  if (current) return statusAt(current, now);
  return esim.packages.some((pkg) => statusAt(pkg, now) === 'Exhausted') ? 'Exhausted' : 'Expired';
}

/** Every package Expired: nothing can be added to the eSIM any more. */
export function isExpired(esim: Esim, now: Date): boolean {
  return esim.packages.every((pkg) => statusAt(pkg, now) === 'Expired');
}

/** A package that can still take usage: it is told when its time runs short. */
const takesUsage = (pkg: EsimPackage): boolean => pkg.status === 'NotActive' || pkg.status === 'Active';

interface ExpiryNotice {
  days: number;
  /** Epoch milliseconds: `expires_at` less `days`. */
  dueAt: number;
}

/**
 * The expiry notices the package still owes for its `expires_at`: not sent yet, and falling due after
 * the package got that `expires_at` (issue, or activation). A package issued for 2 days gets the
 * 1-day notice only: the partner chose that expiry a moment ago and needs no notice of it.
 */
function pendingExpiryNotices(pkg: EsimPackage): ExpiryNotice[] {
  if (!takesUsage(pkg)) return [];
  const expiresAt = Date.parse(pkg.expiresAt);
  const setAt = Date.parse(pkg.activatedAt ?? pkg.createdAt);
  return expiryNoticeDays
    .filter((days) => !pkg.expiryNotices.includes(days))
    .map((days) => ({ days, dueAt: expiresAt - days * dayMs }))
    .filter((notice) => notice.dueAt > setAt);
}

/**
 * When the sweep must next act on the eSIM: the earliest expiry notice owed or `expires_at` among its
 * packages not yet Expired; undefined once every package is Expired, and for a refunded eSIM, whose
 * packages send no event any more.
 */
export function nextDue(esim: Esim): string | undefined {
  if (esim.refundedAt !== undefined) return undefined;
  let next: number | undefined;
  for (const pkg of esim.packages) {
    if (pkg.status === 'Expired') continue;
    for (const at of [
      Date.parse(pkg.expiresAt),
      ...pendingExpiryNotices(pkg).map((notice) => notice.dueAt),
    ]) {
      if (next === undefined || at < next) next = at;
    }
  }
  return next === undefined ? undefined : new Date(next).toISOString();
}

/** One event to send: the package it is about, as the change leaves it. */
export type PackageNotice =
  | { type: OncePerPackageEventType; packageId: string }
  | { type: 'esim.package.usage_threshold_reached'; packageId: string; threshold: number }
  | { type: 'esim.package.expiring'; packageId: string; daysLeft: number };

export interface PackagesChange {
  esim: Esim;
  notices: PackageNotice[];
}

function notify(pkg: EsimPackage, type: OncePerPackageEventType, notices: PackageNotice[]): EsimPackage {
  if (pkg.notified.includes(type)) return pkg;
  notices.push({ type, packageId: pkg.packageId });
  return { ...pkg, notified: [...pkg.notified, type] };
}

/**
 * The usage events a package is owed: one per usage threshold (percent) it has reached, lowest first,
 * then all used; each only once per package. A threshold set after the usage passed it is reached too:
 * the next report sends it.
 */
export function usageNotices(
  pkg: EsimPackage,
  thresholds: readonly number[],
  notices: PackageNotice[],
): EsimPackage {
  const reached = [...new Set(thresholds)]
    .sort((a, b) => a - b)
    .filter((threshold) => !pkg.thresholdsNotified.includes(threshold))
    .filter((threshold) => pkg.usedMb * 100 >= pkg.dataMb * threshold);
  for (const threshold of reached) {
    notices.push({ type: 'esim.package.usage_threshold_reached', packageId: pkg.packageId, threshold });
  }
  const notified =
    reached.length === 0 ? pkg : { ...pkg, thresholdsNotified: [...pkg.thresholdsNotified, ...reached] };
  return pkg.usedMb >= pkg.dataMb ? notify(notified, 'esim.package.exhausted', notices) : notified;
}

/**
 * The expiry notices due at `now` on packages that can still be used: one per package, the nearest
 * (a sweep that ran late sends the 1-day notice, not a stale 3-day one too). The eSIM's `updated_at`
 * stays: what the partner reads of it is unchanged.
 */
export function noticeExpiring(esim: Esim, now: Date): PackagesChange {
  const notices: PackageNotice[] = [];
  const packages = esim.packages.map((pkg) => {
    if (statusAt(pkg, now) === 'Expired') return pkg;
    const owed = pendingExpiryNotices(pkg).filter((notice) => notice.dueAt <= now.getTime());
    if (owed.length === 0) return pkg;
    const daysLeft = Math.min(...owed.map((notice) => notice.days));
    notices.push({ type: 'esim.package.expiring', packageId: pkg.packageId, daysLeft });
    return { ...pkg, expiryNotices: [...pkg.expiryNotices, ...owed.map((notice) => notice.days)] };
  });
  return notices.length === 0 ? { esim, notices } : { esim: { ...esim, packages }, notices };
}

/** Records Expired on every package past its `expires_at`, with its event; the eSIM unchanged if none. */
export function expireDue(esim: Esim, now: Date): PackagesChange {
  const notices: PackageNotice[] = [];
  const packages = esim.packages.map((pkg) =>
    pkg.status !== 'Expired' && statusAt(pkg, now) === 'Expired'
      ? notify({ ...pkg, status: 'Expired' as const }, 'esim.package.expired', notices)
      : pkg,
  );
  if (notices.length === 0) return { esim, notices };
  return { esim: { ...esim, packages, updatedAt: now.toISOString() }, notices };
}

/** What the sweep does to one eSIM at `now`: records what expired, then sends the expiry notices due. */
export function sweepDue(esim: Esim, now: Date): PackagesChange {
  const expired = expireDue(esim, now);
  const noticed = noticeExpiring(expired.esim, now);
  return { esim: noticed.esim, notices: [...expired.notices, ...noticed.notices] };
}

export interface UsageChange extends PackagesChange {
  /** The package the usage went to, as it leaves it. */
  package: EsimPackage;
}

/**
 * Adds `usedMb` to the current package (after recording any expiry): the first usage activates a
 * NotActive package (its active period starts now, with expiry notices of its own), and a package
 * whose data is all used becomes Exhausted. Usage beyond the package's remaining data is not carried to
 * the next package. `thresholds` are the account's usage thresholds at the time of the report.
 * Undefined when no package can take usage.
 */
export function addUsage(
  esim: Esim,
  usedMb: number,
  now: Date,
  thresholds: readonly number[],
): UsageChange | undefined {
  const expired = expireDue(esim, now);
  const current = currentPackage(expired.esim.packages, now);
  if (!current) return undefined;
  const at = now.toISOString();
  const activated: EsimPackage =
    current.status === 'NotActive'
      ? {
          ...current,
          status: 'Active',
          activatedAt: at,
          expiresAt: daysAfter(now, current.activePeriod),
          expiryNotices: [],
        }
      : current;
  const used = Math.min(activated.dataMb, activated.usedMb + usedMb);
  const notices = [...expired.notices];
  const updated = usageNotices(
    {
      ...activated,
      usedMb: used,
      usageAsOf: at,
      status: used >= activated.dataMb ? 'Exhausted' : activated.status,
    },
    thresholds,
    notices,
  );
  const packages = expired.esim.packages.map((pkg) => (pkg.packageId === updated.packageId ? updated : pkg));
  return { esim: { ...expired.esim, packages, updatedAt: at }, notices, package: updated };
}
