import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { NewLedgerLine } from '../billing/model.ts';
import type { Ledger } from '../billing/ports.ts';
import { uuidV7 } from '../booking/ids.ts';
import {
  ConcurrentChangeError,
  ConflictError,
  type FieldError,
  NotFoundError,
  ValidationError,
} from '../errors.ts';
import { parseMoney } from '../money/money.ts';
import type { Page, PageRequest } from '../ports.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { newMatchingId } from './activation.ts';
import { iccidProblem } from './iccid.ts';
import { addUsage, expireDue, isExpired, newPackage, sweepDue } from './lifecycle.ts';
import {
  type Esim,
  type EsimOrder,
  type EsimPackage,
  maxPackagesPerEsim,
  type PoolCounts,
  type ResellerLink,
  type Tariff,
} from './model.ts';
import type {
  EsimOrderStore,
  EsimSettingsStore,
  EsimStore,
  EsimTariffs,
  IccidPool,
  PoolAccounts,
  Resellers,
} from './ports.ts';
import { esimSettings } from './settings.ts';
import { suspendedTopupRefusal, suspendedUsageRefusal } from './suspension.ts';

export interface EsimContext {
  accountId: string;
  now: Date;
}

export interface PackageRequest {
  packageTemplateId: string;
  activePeriod: number;
  validityPeriod: number;
}

export const orderNotFound = (orderId: string) =>
  new NotFoundError('ResourceNotFound', `No eSIM order ${orderId}.`);
export const esimNotFound = (iccid: string) => new NotFoundError('EsimNotFound', `No eSIM ${iccid}.`);
const tariffNotFound = (tariffId: string) =>
  new NotFoundError('CatalogResourceNotFound', `No eSIM tariff ${tariffId} in your catalog.`);

/** The tariff of an order or top-up, in the contract, with the active period it dictates. */
async function tariffFor(
  tariffs: EsimTariffs,
  context: EsimContext,
  request: PackageRequest,
): Promise<Tariff> {
  const tariff = await tariffs.find(context.accountId, request.packageTemplateId);
  if (!tariff) throw tariffNotFound(request.packageTemplateId);
  if (request.activePeriod !== tariff.validityDays) {
    throw new ValidationError('active_period must equal the validity_days of the tariff.', [
      {
        path: 'body.active_period',
        message: `Must be ${tariff.validityDays}: the validity_days of tariff ${tariff.id}.`,
      },
    ]);
  }
  return tariff;
}

/**
 * Create: the tariff must be in the account's contract and `active_period` its validity_days. The
 * order is staged Pending with the tariff's terms and price as they are now; it holds no ICCID.
 */
export async function createOrder(
  deps: { orders: EsimOrderStore; tariffs: EsimTariffs; uow: UnitOfWork },
  context: EsimContext,
  request: PackageRequest,
): Promise<EsimOrder> {
  const tariff = await tariffFor(deps.tariffs, context, request);
  const at = context.now.toISOString();
  const order: EsimOrder = {
    orderId: uuidV7(context.now),
    accountId: context.accountId,
    status: 'Pending',
    packageTemplateId: tariff.id,
    activePeriod: request.activePeriod,
    validityPeriod: request.validityPeriod,
    price: { ...tariff.price },
    dataMb: tariff.dataMb,
    coverage: [...tariff.coverage],
    iccid: null,
    createdAt: at,
    updatedAt: at,
  };
  deps.uow.stage(deps.orders.createWrite(order));
  return order;
}

export async function findOrder(orders: EsimOrderStore, context: EsimContext, orderId: string) {
  const order = await orders.find(context.accountId, orderId);
  if (!order) throw orderNotFound(orderId);
  return order;
}

export interface ConfirmDeps {
  orders: EsimOrderStore;
  esims: EsimStore;
  pool: IccidPool;
  smdpAddress: string;
  ledger: Ledger;
  /** Waits before looking at an order a twin confirm is committing (tests pass a no-op). */
  pause?: (ms: number) => Promise<unknown>;
}

/** ICCIDs one pool read offers; confirms racing for the same ones move on to the next. */
export const candidatesPerRead = 16;
/** Pool reads one confirm makes before it gives up with a retryable 503 (never reached in practice). */
export const maxPoolReads = 12;

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = randomInt(index + 1);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

function issuedEsim(order: EsimOrder, iccid: string, smdpAddress: string, now: Date): Esim {
  const at = now.toISOString();
  const first = newPackage(
    {
      packageId: uuidV7(now),
      packageTemplateId: order.packageTemplateId,
      dataMb: order.dataMb,
      activePeriod: order.activePeriod,
      validityPeriod: order.validityPeriod,
    },
    now,
  );
  return {
    iccid,
    accountId: order.accountId,
    orderId: order.orderId,
    smdpAddress,
    matchingId: newMatchingId(),
    coverage: [...order.coverage],
    packages: [first],
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
}

/** The `esim` ledger line of a confirm: the order's price, frozen when it was made. */
function esimLine(order: EsimOrder, esim: Esim, now: Date): NewLedgerLine {
  return {
    lineId: uuidV7(now),
    accountId: order.accountId,
    occurredAt: now.toISOString(),
    kind: 'esim',
    description: `eSIM ${esim.iccid}: ${order.dataMb} MB for ${order.activePeriod} days`,
    amount: parseMoney(order.price),
    iccid: esim.iccid,
    orderId: order.orderId,
    ...(esim.packages[0] ? { packageId: esim.packages[0].packageId } : {}),
  };
}

/** The eSIM a confirmed order issued: confirming it again answers the same eSIM. */
async function esimOfConfirmed(esims: EsimStore, order: EsimOrder): Promise<Esim> {
  const esim = order.iccid ? await esims.find(order.accountId, order.iccid) : undefined;
  if (!esim) throw new Error(`Order ${order.orderId} is Confirmed but its eSIM ${order.iccid} is missing`);
  return esim;
}

/**
 * Confirm: takes one ICCID of the account's pool and issues the eSIM with its first package, in one
 * transaction with the order's change and its `esim` ledger line, so a failed confirm takes nothing and
 * charges nothing. Confirms racing for the
 * same ICCID lose without waiting and try another candidate; the pool is exhausted only when a
 * consistent read finds it empty. A confirmed order answers its eSIM again and never takes a second
 * ICCID, also when two confirms of one order race.
 */
export async function confirmOrder(deps: ConfirmDeps, context: EsimContext, orderId: string): Promise<Esim> {
  const { orders, esims, pool } = deps;
  const pause = deps.pause ?? ((ms: number) => sleep(ms));
  // The pool read does not depend on the order: both in one round trip.
  const [read, firstCandidates] = await Promise.all([
    orders.find(context.accountId, orderId),
    pool.candidates(context.accountId, candidatesPerRead),
  ]);
  let order = read;
  if (!order) throw orderNotFound(orderId);
  let candidates = firstCandidates;
  for (let reads = 1; ; reads++) {
    if (order.status === 'Confirmed') return esimOfConfirmed(esims, order);
    if (candidates.length === 0) {
      throw new ConflictError(
        'EsimPoolExhausted',
        'Your eSIM pool has no ICCID left; the order stays Pending: confirm it again once the pool is refilled.',
        { details: { order_id: orderId } },
      );
    }
    for (const iccid of shuffled(candidates)) {
      const esim = issuedEsim(order, iccid, deps.smdpAddress, context.now);
      const confirmed: EsimOrder = {
        ...order,
        status: 'Confirmed',
        iccid,
        updatedAt: context.now.toISOString(),
      };
      const { writes: charges } = deps.ledger.charge(esimLine(order, esim, context.now));
      const outcome = await pool.claim({ order, confirmed, esim, charges });
      if (outcome === 'issued') return esim;
      // The next candidate's line goes to the open month.
      if (outcome === 'statement-closed') continue;
      if (outcome === 'order-changed') {
        const current = await orders.find(context.accountId, orderId);
        if (!current) throw orderNotFound(orderId);
        if (current.status === 'Confirmed') return esimOfConfirmed(esims, current);
        // A twin confirm of this order is committing: give it a moment to finish.
        await pause(5 + randomInt(20));
        order = current;
      }
    }
    if (reads >= maxPoolReads) {
      throw new ConcurrentChangeError('Other confirms kept taking the ICCIDs offered; retry the confirm.');
    }
    candidates = await pool.candidates(context.accountId, candidatesPerRead);
  }
}

export async function findEsim(esims: EsimStore, context: EsimContext, iccid: string): Promise<Esim> {
  const esim = await esims.find(context.accountId, iccid);
  if (!esim) throw esimNotFound(iccid);
  return esim;
}

export function listEsims(esims: EsimStore, context: EsimContext, query: PageRequest): Promise<Page<Esim>> {
  return esims.list(context.accountId, query);
}

const topupUnavailable = (message: string, reason: string, details: Record<string, unknown> = {}) =>
  new ConflictError('EsimTopupUnavailable', message, { details: { reason, ...details } });

/** Why `tariff` cannot top up `esim` now, or undefined when it can. */
export function topupRefusal(esim: Esim, tariff: Tariff, now: Date): ConflictError | undefined {
  if (isExpired(esim, now)) {
    return topupUnavailable(`eSIM ${esim.iccid} has expired: every package is Expired.`, 'esim_expired');
  }
  if (!tariff.topupAllowed) {
    return topupUnavailable(
      `Tariff ${tariff.id} is not sold as a top-up (topup_allowed is false).`,
      'tariff_not_topup',
    );
  }
  const missing = esim.coverage.filter((country) => !tariff.coverage.includes(country));
  if (missing.length > 0) {
    return topupUnavailable(
      `Tariff ${tariff.id} does not cover every country of eSIM ${esim.iccid}.`,
      'coverage_mismatch',
      { missing_countries: missing },
    );
  }
  if (esim.packages.length >= maxPackagesPerEsim) {
    return topupUnavailable(
      `eSIM ${esim.iccid} holds ${maxPackagesPerEsim} packages, the most it can.`,
      'package_limit',
    );
  }
  return undefined;
}

/** Tariffs that can top the eSIM up now: in the contract, sold as top-ups, covering its countries. */
export async function topupOffers(
  deps: { esims: EsimStore; tariffs: EsimTariffs },
  context: EsimContext,
  iccid: string,
  acceptLanguage: string | undefined,
): Promise<Tariff[]> {
  const esim = await findEsim(deps.esims, context, iccid);
  const tariffs = await deps.tariffs.list(context.accountId, acceptLanguage);
  if (suspendedTopupRefusal(esim)) return [];
  return tariffs.filter((tariff) => topupRefusal(esim, tariff, context.now) === undefined);
}

/**
 * Top-up: a new NotActive package on the eSIM with its `esim_topup` ledger line (the tariff's price),
 * staged on the condition that the eSIM is still the version read (a racing change makes the pipeline
 * run the top-up again on fresh reads).
 */
export async function topUp(
  deps: { esims: EsimStore; tariffs: EsimTariffs; ledger: Ledger; uow: UnitOfWork },
  context: EsimContext,
  iccid: string,
  request: PackageRequest,
): Promise<EsimPackage> {
  const esim = await findEsim(deps.esims, context, iccid);
  const tariff = await tariffFor(deps.tariffs, context, request);
  const refused = suspendedTopupRefusal(esim) ?? topupRefusal(esim, tariff, context.now);
  if (refused) throw refused;
  const pkg = newPackage(
    {
      packageId: uuidV7(context.now),
      packageTemplateId: tariff.id,
      dataMb: tariff.dataMb,
      activePeriod: request.activePeriod,
      validityPeriod: request.validityPeriod,
    },
    context.now,
  );
  // Expiries found on the way are recorded with the top-up, with their events.
  const { esim: current, notices } = expireDue(esim, context.now);
  const after: Esim = {
    ...current,
    packages: [...current.packages, pkg],
    version: esim.version + 1,
    updatedAt: context.now.toISOString(),
  };
  const { writes: charges } = deps.ledger.charge({
    lineId: uuidV7(context.now),
    accountId: context.accountId,
    occurredAt: context.now.toISOString(),
    kind: 'esim_topup',
    description: `Top-up of eSIM ${iccid}: ${tariff.dataMb} MB for ${tariff.validityDays} days`,
    amount: parseMoney(tariff.price),
    iccid,
    packageId: pkg.packageId,
  });
  deps.uow.stage(...deps.esims.writes({ before: esim, after, notices, now: context.now }), ...charges);
  return pkg;
}

/**
 * Sandbox: the network reports `usedMb` more data used on the eSIM. It goes to the current package
 * (lifecycle.ts, `addUsage`), with the events the package now owes under the account's usage
 * thresholds as they are at this report, staged with the change.
 */
export async function recordUsage(
  deps: { esims: EsimStore; settings: EsimSettingsStore; uow: UnitOfWork },
  context: EsimContext,
  iccid: string,
  usedMb: number,
): Promise<EsimPackage> {
  // Independent reads: one round trip.
  const [esim, settings] = await Promise.all([
    findEsim(deps.esims, context, iccid),
    esimSettings(deps.settings, context.accountId),
  ]);
  const suspended = suspendedUsageRefusal(esim, context.now);
  if (suspended) throw suspended;
  const change = addUsage(esim, usedMb, context.now, settings.usageThresholds);
  if (!change) {
    throw new ValidationError(`eSIM ${iccid} has no package that can take usage: top it up first.`, [
      { path: 'body.iccid', message: 'Every package of this eSIM is Exhausted or Expired.' },
    ]);
  }
  const after: Esim = { ...change.esim, version: esim.version + 1 };
  deps.uow.stage(...deps.esims.writes({ before: esim, after, notices: change.notices, now: context.now }));
  return change.package;
}

/**
 * Sweep step: every package past its `expires_at` becomes Expired, with its event, and every expiry
 * notice due is sent (lifecycle.ts, `sweepDue`). An eSIM another change moved on meanwhile is left to
 * that change or the next run, which finds it again. Answers the events sent.
 */
export async function sweepDuePackages(store: EsimStore, now: Date, batchSize = 100): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await store.expiring(now, batchSize);
    let progress = 0;
    for (const key of due) {
      const esim = await store.find(key.accountId, key.iccid);
      if (!esim) continue;
      const change = sweepDue(esim, now);
      if (change.notices.length === 0) continue;
      const after: Esim = { ...change.esim, version: esim.version + 1 };
      try {
        await store.commit(store.writes({ before: esim, after, notices: change.notices, now }));
      } catch (error) {
        if (!(error instanceof ConcurrentChangeError)) throw error;
        continue;
      }
      sent += change.notices.length;
      progress++;
    }
    // A batch with nothing to do is index lag (entries already acted on): the next run retries.
    if (due.length < batchSize || progress === 0) return sent;
  }
}

/** Operators: ICCID pool and reseller link of an account. */
export interface PoolDeps {
  pool: IccidPool;
  accounts: PoolAccounts;
}

async function requireAccount(accounts: PoolAccounts, accountId: string): Promise<void> {
  if ((await accounts.find(accountId)) === undefined) {
    throw new NotFoundError('ResourceNotFound', `No account ${accountId}.`);
  }
}

export interface LoadResult {
  added: number;
  alreadyPresent: number;
}

/**
 * Load: every ICCID must be well-formed (the request schema checks them, and this again) and belong to
 * no other account, or nothing is loaded. ICCIDs the account already has (waiting or issued) count as
 * already present; a batch can therefore be sent again safely.
 */
export async function loadPool(
  deps: PoolDeps,
  accountId: string,
  iccids: readonly string[],
  now: Date,
): Promise<LoadResult> {
  await requireAccount(deps.accounts, accountId);
  const malformed: FieldError[] = iccids.flatMap((iccid, index) => {
    const problem = iccidProblem(iccid);
    return problem ? [{ path: `body.iccids.${index}`, message: problem }] : [];
  });
  if (malformed.length > 0)
    throw new ValidationError('Some ICCIDs are malformed; none was loaded.', malformed);

  const owners = await deps.pool.owners(iccids);
  const elsewhere = (owner: string | undefined) => owner !== undefined && owner !== accountId;
  const taken: FieldError[] = iccids.flatMap((iccid, index) =>
    elsewhere(owners.get(iccid))
      ? [{ path: `body.iccids.${index}`, message: 'This ICCID belongs to another account.' }]
      : [],
  );
  if (taken.length > 0) {
    throw new ValidationError('Some ICCIDs belong to another account; none was loaded.', taken);
  }

  const unique = [...new Set(iccids)];
  const fresh = unique.filter((iccid) => !owners.has(iccid));
  const outcomes = await deps.pool.load(accountId, fresh, now);
  const raced = iccids.flatMap((iccid, index) =>
    outcomes.get(iccid) === 'elsewhere'
      ? [{ path: `body.iccids.${index}`, message: 'Loaded into another account meanwhile.' }]
      : [],
  );
  if (raced.length > 0) {
    throw new ValidationError(
      'Some ICCIDs were loaded into another account while this request ran; the others were loaded (sending the batch again is safe).',
      raced,
    );
  }
  const added = fresh.filter((iccid) => outcomes.get(iccid) === 'added').length;
  return { added, alreadyPresent: iccids.length - added };
}

export interface PoolStatus extends PoolCounts {
  reseller: ResellerLink | undefined;
}

export async function poolStatus(
  deps: PoolDeps & { resellers: Resellers },
  accountId: string,
): Promise<PoolStatus> {
  await requireAccount(deps.accounts, accountId);
  const [counts, reseller] = await Promise.all([deps.pool.counts(accountId), deps.resellers.find(accountId)]);
  return { ...counts, reseller };
}

/**
 * Link: one reseller per account, for good; a second link is refused whatever it names. The link is
 * staged on the condition that none exists, so of two racing links one commits and the other is 409.
 */
export async function linkReseller(
  deps: { accounts: PoolAccounts; resellers: Resellers; uow: UnitOfWork },
  accountId: string,
  resellerId: string,
  now: Date,
): Promise<ResellerLink> {
  await requireAccount(deps.accounts, accountId);
  const link: ResellerLink = { accountId, resellerId, linkedAt: now.toISOString() };
  deps.uow.stage(
    deps.resellers.link(
      link,
      (existing) =>
        new ConflictError(
          'EsimResellerAlreadyLinked',
          `Account ${accountId} is already linked to a reseller.`,
          {
            details: { reseller_id: existing?.resellerId ?? null },
          },
        ),
    ),
  );
  return link;
}
