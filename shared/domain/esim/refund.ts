import type { Ledger } from '../billing/ports.ts';
import { uuidV7 } from '../booking/ids.ts';
import { ConflictError } from '../errors.ts';
import { negate, parseMoney } from '../money/money.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { daysAfter, esimStatusAt } from './lifecycle.ts';
import type { Esim, EsimOrder, EsimStatusChange } from './model.ts';
import type { EsimOrderStore, EsimRefundTerms, EsimStore } from './ports.ts';
import { profileOf, wasDownloaded } from './profile.ts';
import { type EsimContext, findEsim } from './service.ts';
import { isRefunded, isSuspended } from './suspension.ts';

/**
 * Refund (decisions.md, eSIM lifecycle): a partner gives back an eSIM the traveller never used (a trip
 * cancelled). Primary course: read the eSIM, its order and the contract's refund window; check the
 * rules; stage the eSIM Refunded (its ICCID retired for good), the `esim_refund` ledger line (minus
 * the order's price) and `esim.status.changed`, all on the eSIM's version read, in one transaction.
 */
export const refundRefusalReasons = [
  'already_refunded',
  'suspended',
  'usage_recorded',
  'profile_downloaded',
  'refund_window_passed',
] as const;
export type RefundRefusalReason = (typeof refundRefusalReasons)[number];

export interface RefundRefusal {
  reason: RefundRefusalReason;
  message: string;
}

/**
 * Why the eSIM cannot be refunded at `now`, the first rule it breaks in this order, or undefined. A
 * suspended eSIM is not refunded: suspension means fraud is suspected, which the suspension settles
 * first. A profile the SM-DP+ reports in any state after `Released` was downloaded to a phone.
 */
export function refundRefusal(esim: Esim, refundDays: number, now: Date): RefundRefusal | undefined {
  if (isRefunded(esim))
    return { reason: 'already_refunded', message: `eSIM ${esim.iccid} is refunded already.` };
  if (isSuspended(esim)) {
    return {
      reason: 'suspended',
      message: `eSIM ${esim.iccid} is suspended: it can be refunded once resumed.`,
    };
  }
  if (esim.packages.some((pkg) => pkg.usedMb > 0 || pkg.activatedAt !== null)) {
    return { reason: 'usage_recorded', message: `eSIM ${esim.iccid} has recorded usage.` };
  }
  if (wasDownloaded(esim)) {
    return {
      reason: 'profile_downloaded',
      message: `The profile of eSIM ${esim.iccid} was downloaded to a device (${profileOf(esim).state}).`,
    };
  }
  const windowEnd = daysAfter(new Date(esim.createdAt), refundDays);
  if (now.toISOString() >= windowEnd) {
    return {
      reason: 'refund_window_passed',
      message: `eSIM ${esim.iccid} was issued more than ${refundDays} days ago (refundable until ${windowEnd}).`,
    };
  }
  return undefined;
}

export interface RefundDeps {
  esims: EsimStore;
  orders: EsimOrderStore;
  terms: EsimRefundTerms;
  ledger: Ledger;
  uow: UnitOfWork;
}

export interface RefundRequest {
  actor: EsimStatusChange['actor'];
  reason: string;
}

/** The refunded eSIM; 404 EsimNotFound, or 409 EsimRefundUnavailable with `details.reason`. */
export async function refundEsim(
  deps: RefundDeps,
  context: EsimContext,
  iccid: string,
  request: RefundRequest,
): Promise<Esim> {
  const esim = await findEsim(deps.esims, context, iccid);
  const [order, refundDays] = await Promise.all([
    deps.orders.find(context.accountId, esim.orderId),
    deps.terms.refundDays(context.accountId),
  ]);
  if (!order) throw new Error(`eSIM ${iccid} names order ${esim.orderId}, which is missing`);
  const refused = refundRefusal(esim, refundDays, context.now);
  if (refused) {
    throw new ConflictError('EsimRefundUnavailable', refused.message, {
      details: { reason: refused.reason },
    });
  }
  const at = context.now.toISOString();
  const previous = esimStatusAt(esim, context.now);
  const after: Esim = {
    ...esim,
    refundedAt: at,
    version: esim.version + 1,
    updatedAt: at,
    history: [
      ...(esim.history ?? []),
      { at, from: previous, to: 'Refunded', actor: request.actor, reason: request.reason },
    ],
  };
  const { writes: credit } = deps.ledger.charge(refundLine(order, esim, context.now));
  deps.uow.stage(
    ...deps.esims.writes({
      before: esim,
      after,
      notices: [],
      now: context.now,
      statusChange: { status: 'Refunded', previousStatus: previous },
    }),
    ...credit,
  );
  return after;
}

/**
 * The `esim_refund` line: minus the order's price, frozen when it was ordered. Top-ups stay charged
 * (decisions.md names the order's price only; an employee adjustment credits them when agreed).
 */
function refundLine(order: EsimOrder, esim: Esim, now: Date) {
  return {
    lineId: uuidV7(now),
    accountId: order.accountId,
    occurredAt: now.toISOString(),
    kind: 'esim_refund' as const,
    description: `Refund of eSIM ${esim.iccid}`,
    amount: negate(parseMoney(order.price)),
    iccid: esim.iccid,
    orderId: order.orderId,
  };
}
