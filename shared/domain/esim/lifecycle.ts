import type { Esim, EsimPackage, EsimStatus, PackageEventType, PackageStatus } from './model.ts';

/**
 * The package state machine (docs/esim.md):
 *
 *   NotActive --first usage--> Active --all data used--> Exhausted
 *       \                        \                          \
 *        `---- expires_at passed --`-------------------------`--> Expired
 *
 * A package past `expires_at` is Expired at once for every read and decision, and the sweep (or the
 * next change of the eSIM) records it with its event. Pure functions: callers stage the result.
 */

const dayMs = 86_400_000;

/** `esim.package.usage_threshold_reached` fires once the package has used this share of its data. */
export const usageThresholdPercent = 80;

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

/**
 * The earliest `expires_at` the sweep must act on; undefined once every package is Expired, and for a
 * refunded eSIM, whose packages send no event any more.
 */
export function nextExpiry(esim: Esim): string | undefined {
  if (esim.refundedAt !== undefined) return undefined;
  let next: string | undefined;
  for (const pkg of esim.packages) {
    if (pkg.status !== 'Expired' && (next === undefined || pkg.expiresAt < next)) next = pkg.expiresAt;
  }
  return next;
}

/** One event to send: the package it is about, as the change leaves it. */
export interface PackageNotice {
  type: PackageEventType;
  packageId: string;
}

export interface PackagesChange {
  esim: Esim;
  notices: PackageNotice[];
}

function notify(pkg: EsimPackage, type: PackageEventType, notices: PackageNotice[]): EsimPackage {
  if (pkg.notified.includes(type)) return pkg;
  notices.push({ type, packageId: pkg.packageId });
  return { ...pkg, notified: [...pkg.notified, type] };
}

/** The usage events a package is owed: 80 % used, then all used; each only once. */
export function usageNotices(pkg: EsimPackage, notices: PackageNotice[]): EsimPackage {
  let notified = pkg;
  if (pkg.usedMb * 100 >= pkg.dataMb * usageThresholdPercent) {
    notified = notify(notified, 'esim.package.usage_threshold_reached', notices);
  }
  if (pkg.usedMb >= pkg.dataMb) notified = notify(notified, 'esim.package.exhausted', notices);
  return notified;
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

export interface UsageChange extends PackagesChange {
  /** The package the usage went to, as it leaves it. */
  package: EsimPackage;
}

/**
 * Adds `usedMb` to the current package (after recording any expiry): the first usage activates a
 * NotActive package (its active period starts now), and a package whose data is all used becomes
 * Exhausted. Usage beyond the package's remaining data is not carried to the next package. Undefined
 * when no package can take usage.
 */
export function addUsage(esim: Esim, usedMb: number, now: Date): UsageChange | undefined {
  const expired = expireDue(esim, now);
  const current = currentPackage(expired.esim.packages, now);
  if (!current) return undefined;
  const at = now.toISOString();
  const activated: EsimPackage =
    current.status === 'NotActive'
      ? { ...current, status: 'Active', activatedAt: at, expiresAt: daysAfter(now, current.activePeriod) }
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
    notices,
  );
  const packages = expired.esim.packages.map((pkg) => (pkg.packageId === updated.packageId ? updated : pkg));
  return { esim: { ...expired.esim, packages, updatedAt: at }, notices, package: updated };
}
