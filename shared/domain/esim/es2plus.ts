import type { UnitOfWork } from '../unit-of-work.ts';
import type { EsimStore, IccidPool } from './ports.ts';
import { applyProfileNotification, type ProfileNotification } from './profile.ts';

export type Es2PlusOutcome = { kind: 'applied' } | { kind: 'unknownIccid'; iccid: string };

/**
 * ES2+ HandleDownloadProgressInfo (primary course: the pool's registry names the eSIM's account, the
 * notification is applied to its profile). An ICCID no pool ever held is SGP.22's failure, not ours.
 */
export async function handleDownloadProgressInfo(
  deps: { esims: EsimStore; pool: Pick<IccidPool, 'owners'>; uow: UnitOfWork },
  notification: ProfileNotification & { iccid: string },
): Promise<Es2PlusOutcome> {
  const { iccid, ...rest } = notification;
  const accountId = (await deps.pool.owners([iccid])).get(iccid);
  const esim = accountId === undefined ? undefined : await deps.esims.find(accountId, iccid);
  if (!esim) return { kind: 'unknownIccid', iccid };
  applyProfileNotification(deps, esim, rest);
  return { kind: 'applied' };
}
