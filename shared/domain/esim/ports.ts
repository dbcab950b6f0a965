import type { AccountStore } from '../accounts/ports.ts';
import type { Page, PageRequest } from '../ports.ts';
import type { StagedWrite } from '../unit-of-work.ts';
import type { PackageNotice } from './lifecycle.ts';
import type { Esim, EsimOrder, EsimSettings, EsimStatus, PoolCounts, ResellerLink, Tariff } from './model.ts';
import type { ReportedState } from './profile.ts';

/**
 * The catalog, narrowed to the eSIM's question: tariffs that are active and in the account's contract
 * (shared/domain/esim/tariffs.ts). Anything else is absent.
 */
export interface EsimTariffs {
  find(accountId: string, tariffId: string): Promise<Tariff | undefined>;
  /** Every such tariff, names in the locale Accept-Language negotiates, in catalog order. */
  list(accountId: string, acceptLanguage: string | undefined): Promise<Tariff[]>;
}

/** Orders (shared/db/entities/esim-order.ts). Every read is keyed by the account: tenant isolation. */
export interface EsimOrderStore {
  find(accountId: string, orderId: string): Promise<EsimOrder | undefined>;
  /** The write of a new order, conditional on its id being new. */
  createWrite(order: EsimOrder): StagedWrite;
}

/**
 * One change of an eSIM: as read (null when issued) and as it leaves it, with the package events it
 * owes. The store writes it on the condition that the eSIM is still at the version read, with one
 * outbox event per notice (and one `esim.status.changed` for a suspend, resume or refund), so a
 * retried or racing change can never send an event twice.
 */
export interface EsimChange {
  before: Esim | null;
  after: Esim;
  notices: readonly PackageNotice[];
  now: Date;
  statusChange?: { status: EsimStatus; previousStatus: EsimStatus };
}

/** The contract's refund window (decisions.md, `esim_refund_days`), read from the account's contract. */
export interface EsimRefundTerms {
  refundDays(accountId: string): Promise<number>;
}

export interface EsimKey {
  accountId: string;
  iccid: string;
}

/** eSIMs (shared/db/entities/esim.ts). */
export interface EsimStore {
  find(accountId: string, iccid: string): Promise<Esim | undefined>;
  /** By ICCID, ascending. */
  list(accountId: string, query: PageRequest): Promise<Page<Esim>>;
  /**
   * eSIMs the sweep must act on at `now`, soonest first: a package whose `expires_at` passed and is not
   * recorded yet, or an expiry notice due (lifecycle.ts, `nextDue`).
   */
  expiring(now: Date, limit: number): Promise<EsimKey[]>;
  /** A lost race (the eSIM moved to another version) surfaces as ConcurrentChangeError. */
  writes(change: EsimChange): StagedWrite[];
  /** Commits writes now, outside an HTTP request (the sweep). */
  commit(writes: StagedWrite[]): Promise<void>;
}

/** Issuing an eSIM from an order: the order as read and confirmed, and the eSIM on the claimed ICCID. */
export interface IccidClaim {
  order: EsimOrder;
  confirmed: EsimOrder;
  esim: Esim;
  /** The order's ledger line (shared/domain/billing/ports.ts), committed in the same transaction. */
  charges: readonly StagedWrite[];
}

/**
 * - `issued`: the ICCID left the pool, the eSIM exists and the order is Confirmed, all at once.
 * - `iccid-taken`: another confirm took (or is taking) this ICCID; nothing was written.
 * - `order-changed`: the order is no longer Pending as read (a twin confirm); nothing was written.
 * - `statement-closed`: the ledger line's month closed meanwhile; nothing was written, and the ledger
 *   assigns the open month to the next line it charges.
 */
export type ClaimOutcome = 'issued' | 'iccid-taken' | 'order-changed' | 'statement-closed';

/** How loading went for one ICCID. */
export type LoadOutcome = 'added' | 'present' | 'elsewhere';

/**
 * The ICCID pools (shared/db/entities/esim-pool.ts). An ICCID belongs to one account for good; it is
 * available until a confirm takes it, atomically with issuing the eSIM.
 */
export interface IccidPool {
  /**
   * Up to `count` available ICCIDs, read consistently, from a random point of the pool so concurrent
   * confirms spread over it. Empty only when the pool is empty.
   */
  candidates(accountId: string, count: number): Promise<string[]>;
  /**
   * One transaction: the ICCID leaves the pool, the eSIM is written, the order is Confirmed and its
   * ledger line written.
   */
  claim(claim: IccidClaim): Promise<ClaimOutcome>;
  /** Which account each ICCID already belongs to (pool or issued); absent when none. */
  owners(iccids: readonly string[]): Promise<Map<string, string>>;
  /** Adds ICCIDs to the account's pool, each at most once ever, whatever races with it. */
  load(accountId: string, iccids: readonly string[], now: Date): Promise<Map<string, LoadOutcome>>;
  counts(accountId: string): Promise<PoolCounts>;
}

export interface Resellers {
  find(accountId: string): Promise<ResellerLink | undefined>;
  /**
   * The link, staged on the condition that the account has none; when it has one, the commit fails
   * with `alreadyLinked(existing)`. Staged, so the operator's audit record commits with it.
   */
  link(link: ResellerLink, alreadyLinked: (existing: ResellerLink | undefined) => Error): StagedWrite;
}

/** The account store, narrowed to what the pool operations ask: the account the admin path names. */
export type PoolAccounts = Pick<AccountStore, 'find'>;

/** An account's eSIM settings (shared/db/entities/esim-settings.ts), in the account's partition. */
export interface EsimSettingsStore {
  /** Undefined while the account has never set them. */
  find(accountId: string): Promise<EsimSettings | undefined>;
  /** The whole settings, replacing what was there. */
  putWrite(accountId: string, settings: EsimSettings & { updatedAt: string }): StagedWrite;
}

/**
 * A simulated SM-DP+ (the sandbox, never prod): reports a profile state over ES2+ as the supplier's
 * would, so the notification takes the real path (mutual TLS, the ES2+ function).
 */
export interface SmdpSimulator {
  report(iccid: string, state: ReportedState): Promise<void>;
}
