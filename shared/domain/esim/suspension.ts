import { ConflictError } from '../errors.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { esimStatusAt } from './lifecycle.ts';
import type { Esim, EsimStatusChange } from './model.ts';
import type { EsimStore } from './ports.ts';

/**
 * Suspension (decisions.md, eSIM lifecycle): a suspended eSIM keeps its packages but takes no top-up
 * and no usage until it is resumed. Employees suspend and resume today (docs/support.md); the partner's
 * own suspend and resume (issue 38) reuse these rules.
 */
export const isSuspended = (esim: Esim): boolean => esim.suspendedAt !== undefined;

const invalidState = (esim: Esim, message: string, now: Date) =>
  new ConflictError('EsimInvalidState', message, { details: { status: esimStatusAt(esim, now) } });

/** Why a top-up of this eSIM is refused while it is suspended (409 EsimTopupUnavailable), if it is. */
export function suspendedTopupRefusal(esim: Esim): ConflictError | undefined {
  if (!isSuspended(esim)) return undefined;
  return new ConflictError('EsimTopupUnavailable', `eSIM ${esim.iccid} is suspended: resume it first.`, {
    details: { reason: 'esim_suspended' },
  });
}

/** Why usage of this eSIM is refused while it is suspended (409 EsimInvalidState), if it is. */
export function suspendedUsageRefusal(esim: Esim, now: Date): ConflictError | undefined {
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

/** Suspends an eSIM that is not: staged on the version read. Suspended already: 409 EsimInvalidState. */
export function suspendEsim(
  deps: { esims: EsimStore; uow: UnitOfWork },
  esim: Esim,
  change: SuspensionChange,
): Esim {
  if (isSuspended(esim)) throw invalidState(esim, `eSIM ${esim.iccid} is already suspended.`, change.now);
  const after = changed(esim, true, change);
  deps.uow.stage(...deps.esims.writes({ before: esim, after, notices: [], now: change.now }));
  return after;
}

/** Resumes a suspended eSIM: its status is its packages' again. Not suspended: 409 EsimInvalidState. */
export function resumeEsim(
  deps: { esims: EsimStore; uow: UnitOfWork },
  esim: Esim,
  change: SuspensionChange,
): Esim {
  if (!isSuspended(esim)) throw invalidState(esim, `eSIM ${esim.iccid} is not suspended.`, change.now);
  const after = changed(esim, false, change);
  deps.uow.stage(...deps.esims.writes({ before: esim, after, notices: [], now: change.now }));
  return after;
}
