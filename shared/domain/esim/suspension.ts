import { ConflictError } from '../errors.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { esimStatusAt } from './lifecycle.ts';
import type { Esim, EsimStatusChange } from './model.ts';
import type { EsimStore } from './ports.ts';

/**
 * Suspension (decisions.md, eSIM lifecycle): a suspended eSIM keeps its packages but takes no top-up
 * and no usage until it is resumed. Partners (POST /v2/b2b/fulfilment/esims/{iccid}/suspend) and
 * employees (docs/support.md) suspend and resume under the same rules, except that a partner may not
 * resume what an employee suspended (fraud is suspected: the employee decides). A refunded eSIM takes
 * none of these changes.
 */
export const isSuspended = (esim: Esim): boolean => esim.suspendedAt !== undefined;
export const isRefunded = (esim: Esim): boolean => esim.refundedAt !== undefined;

const invalidState = (esim: Esim, message: string, now: Date, reason?: string) =>
  new ConflictError('EsimInvalidState', message, {
    details: { status: esimStatusAt(esim, now), ...(reason ? { reason } : {}) },
  });

const refundedRefusal = (esim: Esim, now: Date) =>
  invalidState(esim, `eSIM ${esim.iccid} is refunded: its ICCID is retired.`, now, 'esim_refunded');

/** Why a top-up of this eSIM is refused while it is suspended or refunded (409 EsimTopupUnavailable). */
export function suspendedTopupRefusal(esim: Esim): ConflictError | undefined {
  if (isRefunded(esim)) {
    return new ConflictError(
      'EsimTopupUnavailable',
      `eSIM ${esim.iccid} is refunded: its ICCID is retired.`,
      {
        details: { reason: 'esim_refunded' },
      },
    );
  }
  if (!isSuspended(esim)) return undefined;
  return new ConflictError('EsimTopupUnavailable', `eSIM ${esim.iccid} is suspended: resume it first.`, {
    details: { reason: 'esim_suspended' },
  });
}

/** Why usage of this eSIM is refused while it is suspended or refunded (409 EsimInvalidState). */
export function suspendedUsageRefusal(esim: Esim, now: Date): ConflictError | undefined {
  if (isRefunded(esim)) return refundedRefusal(esim, now);
  if (!isSuspended(esim)) return undefined;
  return invalidState(esim, `eSIM ${esim.iccid} is suspended: it takes no usage until resumed.`, now);
}

export interface SuspensionChange {
  actor: EsimStatusChange['actor'];
  reason: string;
  now: Date;
}

function changed(esim: Esim, suspended: boolean, change: SuspensionChange): Esim {
  const at = change.now.toISOString();
  const { suspendedAt: _, ...rest } = esim;
  const after: Esim = {
    ...rest,
    ...(suspended ? { suspendedAt: at } : {}),
    version: esim.version + 1,
    updatedAt: at,
  };
  const entry: EsimStatusChange = {
    at,
    from: esimStatusAt(esim, change.now),
    to: esimStatusAt(after, change.now),
    actor: change.actor,
    reason: change.reason,
  };
  return { ...after, history: [...(esim.history ?? []), entry] };
}

/** The change with its `esim.status.changed` event, staged on the version read. */
function stage(deps: { esims: EsimStore; uow: UnitOfWork }, before: Esim, after: Esim, now: Date): Esim {
  const statusChange = { status: esimStatusAt(after, now), previousStatus: esimStatusAt(before, now) };
  deps.uow.stage(...deps.esims.writes({ before, after, notices: [], now, statusChange }));
  return after;
}

/** Who suspended the eSIM, as its history records the latest suspension. */
function suspendedBy(esim: Esim): EsimStatusChange['actor']['type'] | undefined {
  return esim.history?.findLast((entry) => entry.to === 'Suspended')?.actor.type;
}

/**
 * Suspends an eSIM that is not: staged on the version read with its event. Suspended already or
 * refunded: 409 EsimInvalidState.
 */
export function suspendEsim(
  deps: { esims: EsimStore; uow: UnitOfWork },
  esim: Esim,
  change: SuspensionChange,
): Esim {
  if (isRefunded(esim)) throw refundedRefusal(esim, change.now);
  if (isSuspended(esim)) throw invalidState(esim, `eSIM ${esim.iccid} is already suspended.`, change.now);
  return stage(deps, esim, changed(esim, true, change), change.now);
}

/**
 * Resumes a suspended eSIM: its status is its packages' again. Not suspended or refunded: 409
 * EsimInvalidState; a partner resuming an employee's suspension: 409 EsimInvalidState, reason
 * `suspended_by_employee`.
 */
export function resumeEsim(
  deps: { esims: EsimStore; uow: UnitOfWork },
  esim: Esim,
  change: SuspensionChange,
): Esim {
  if (isRefunded(esim)) throw refundedRefusal(esim, change.now);
  if (!isSuspended(esim)) throw invalidState(esim, `eSIM ${esim.iccid} is not suspended.`, change.now);
  if (change.actor.type === 'application' && suspendedBy(esim) === 'employee') {
    throw invalidState(
      esim,
      `eSIM ${esim.iccid} was suspended by our support team: only they can resume it.`,
      change.now,
      'suspended_by_employee',
    );
  }
  return stage(deps, esim, changed(esim, false, change), change.now);
}
