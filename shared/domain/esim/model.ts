import type { EsimProfile } from './profile.ts';

/**
 * eSIMs for travellers (docs/esim.md). A partner orders an eSIM on a tariff of its contract (the order
 * is `Pending` and holds nothing), confirms the order (an ICCID leaves the account's pool and the eSIM
 * is issued with its first package), then tops it up with more packages. Each package goes
 * NotActive -> Active (first usage) -> Exhausted (all data used) and ends Expired when its time is up.
 */
export const orderStatuses = ['Pending', 'Confirmed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const packageStatuses = ['NotActive', 'Active', 'Exhausted', 'Expired'] as const;
export type PackageStatus = (typeof packageStatuses)[number];

/**
 * An eSIM's status is `Refunded` for good once refunded (refund.ts), `Suspended` while a partner or an
 * employee holds it suspended (suspension.ts), otherwise the status of its current package
 * (lifecycle.ts, `esimStatusAt`).
 */
export const esimStatuses = [...packageStatuses, 'Suspended', 'Refunded'] as const;
export type EsimStatus = (typeof esimStatuses)[number];

/** Who changed an eSIM's status, and why (docs/support.md). */
export interface EsimStatusChange {
  at: string;
  from: EsimStatus;
  to: EsimStatus;
  actor: { type: 'employee' | 'application'; id: string };
  reason: string;
}

/** The package events of the webhook pipeline (docs/esim.md, Events). */
export const packageEventTypes = [
  'esim.package.usage_threshold_reached',
  'esim.package.exhausted',
  'esim.package.expiring',
  'esim.package.expired',
] as const;
export type PackageEventType = (typeof packageEventTypes)[number];
/** The events sent at most once per package, whatever else changes: recorded in `notified`. */
export type OncePerPackageEventType = Extract<
  PackageEventType,
  'esim.package.exhausted' | 'esim.package.expired'
>;

/**
 * Days before `expires_at` at which `esim.package.expiring` is sent, furthest first: once each per
 * `expires_at` (docs/esim.md, Expiry notices).
 */
export const expiryNoticeDays = [3, 1] as const;

/** Usage thresholds (percent of a package's data) of an account that has set none. */
export const defaultUsageThresholds: readonly number[] = [80];
/** The most usage thresholds an account may set, each 1 to 99 percent. */
export const maxUsageThresholds = 5;

/** An account's eSIM settings (`/v2/b2b/settings/esim`). */
export interface EsimSettings {
  /** Ascending, distinct, each 1 to 99: `esim.package.usage_threshold_reached` fires once per package at each. */
  usageThresholds: readonly number[];
  /** Null while the account has never set them (the defaults apply). */
  updatedAt: string | null;
}

export interface Price {
  /** Decimal string in the major unit. */
  amount: string;
  currency: string;
}

/** A tariff (package template) as the eSIM domain needs it: active and in the account's contract. */
export interface Tariff {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2 countries where its data works. */
  coverage: readonly string[];
  dataMb: number;
  validityDays: number;
  topupAllowed: boolean;
  price: Price;
}

/** The tariff terms an order is made on, captured at order time: a later catalog change moves nothing. */
export interface EsimOrder {
  orderId: string;
  accountId: string;
  status: OrderStatus;
  packageTemplateId: string;
  /** Days the package lasts from its first usage (the tariff's validity_days). */
  activePeriod: number;
  /** Days the package waits for its first usage before it expires unused. */
  validityPeriod: number;
  price: Price;
  dataMb: number;
  coverage: readonly string[];
  /** Set when the order is confirmed. */
  iccid: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface EsimPackage {
  packageId: string;
  packageTemplateId: string;
  /** As last recorded; `statusAt` answers the status at an instant (expiry before the sweep). */
  status: PackageStatus;
  dataMb: number;
  usedMb: number;
  activePeriod: number;
  validityPeriod: number;
  /** When `usedMb` was last reported (issue time until the first usage). */
  usageAsOf: string;
  activatedAt: string | null;
  /** Issue + validity_period while NotActive; activation + active_period once activated. */
  expiresAt: string;
  createdAt: string;
  /** The events already sent for this package: a retried or racing change cannot send one twice. */
  notified: readonly OncePerPackageEventType[];
  /** The usage thresholds (percent) whose `esim.package.usage_threshold_reached` was sent. */
  thresholdsNotified: readonly number[];
  /**
   * The `esim.package.expiring` notices (days before `expires_at`) sent or passed over for the current
   * `expires_at`; activation, which moves `expires_at`, clears them.
   */
  expiryNotices: readonly number[];
}

export interface Esim {
  iccid: string;
  accountId: string;
  orderId: string;
  smdpAddress: string;
  matchingId: string;
  /** Coverage of the tariff it was ordered on: a top-up must cover at least these countries. */
  coverage: readonly string[];
  /** Oldest first; the first is the ordered package, the rest top-ups. */
  packages: readonly EsimPackage[];
  /** Incremented by every change: writes are conditional on the version they read. */
  version: number;
  createdAt: string;
  updatedAt: string;
  /** Set while the eSIM is suspended: it takes no top-up and no usage (suspension.ts). */
  suspendedAt?: string;
  /** Set once the eSIM is refunded: its ICCID is retired and it takes no change any more (refund.ts). */
  refundedAt?: string;
  /** Suspensions, resumptions and the refund, oldest first (absent until the first). */
  history?: readonly EsimStatusChange[];
  /** The profile as the SM-DP+ last reported it (profile.ts); absent until its first notification. */
  profile?: EsimProfile;
}

/** Counts of an account's ICCIDs: waiting in the pool, and issued as eSIMs. */
export interface PoolCounts {
  available: number;
  issued: number;
}

export interface ResellerLink {
  accountId: string;
  resellerId: string;
  linkedAt: string;
}

/** A top-up holds at most this many packages per eSIM (one stored item, bounded in size). */
export const maxPackagesPerEsim = 100;
/**
 * The longest `active_period` an order or top-up may ask. It must equal the tariff's `validity_days`,
 * so the catalog administration holds tariffs to it too: a longer tariff could never be ordered.
 */
export const maxActivePeriodDays = 3650;
/** ICCIDs per pool load request. */
export const maxIccidsPerLoad = 1000;
