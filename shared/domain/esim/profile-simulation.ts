import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { Esim } from './model.ts';
import type { EsimStore, SmdpSimulator } from './ports.ts';
import { applyProfileNotification, notificationPointOf, type ReportedState } from './profile.ts';
import { esimNotFound } from './service.ts';

/**
 * The sandbox's profile report (primary course: the caller's eSIM, found in its own account, is
 * reported by the simulated SM-DP+ over ES2+ and read back). Without a simulator (the sandbox in
 * AWS, where no SM-DP+ of ours holds a certificate) the report is applied here, as ES2+ would.
 */
export async function simulateProfileReport(
  deps: { esims: EsimStore; uow: UnitOfWork; smdp: SmdpSimulator | undefined },
  context: { accountId: string; now: Date },
  iccid: string,
  state: ReportedState,
): Promise<Esim> {
  const esim = await deps.esims.find(context.accountId, iccid);
  if (!esim) throw esimNotFound(iccid);
  if (!deps.smdp) {
    return applyProfileNotification(deps, esim, {
      functionCallIdentifier: randomUUID(),
      notificationPointId: notificationPointOf(state),
      status: 'Executed-Success',
      eid: simulatedEid,
      now: context.now,
    });
  }
  await deps.smdp.report(iccid, state);
  const reported = await deps.esims.find(context.accountId, iccid);
  if (!reported) throw esimNotFound(iccid);
  return reported;
}

/** The EID the simulated SM-DP+ names: a test eUICC's. */
export const simulatedEid = '89049032000000000000000000000001';
