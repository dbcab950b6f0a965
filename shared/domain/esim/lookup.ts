import type { Page, PageRequest } from '../ports.ts';
import { esimStatusAt } from './lifecycle.ts';
import type { Esim, EsimStatus } from './model.ts';
import type { EsimStore, IccidPool } from './ports.ts';
import { esimNotFound } from './service.ts';

/** An employee's list of one account's eSIMs (GET /api/v1/admin/esims). */
export interface AdminEsimQuery extends PageRequest {
  accountId: string;
  status?: EsimStatus | undefined;
}

/** Pages read at most per answer when the status filter skips most eSIMs; the cursor resumes. */
const maxPagesPerAnswer = 5;

/**
 * The account's eSIMs by ICCID, of one status when asked: the status is computed (a package's expiry
 * needs no write to count), so it filters the pages read, and a page may hold fewer than `limit`.
 */
export async function listAccountEsims(
  esims: Pick<EsimStore, 'list'>,
  query: AdminEsimQuery,
  now: Date,
): Promise<Page<Esim>> {
  if (query.status === undefined) return esims.list(query.accountId, query);
  const found: Esim[] = [];
  let cursor = query.cursor;
  for (let read = 0; read < maxPagesPerAnswer; read++) {
    const page = await esims.list(query.accountId, { limit: query.limit - found.length, cursor });
    found.push(...page.items.filter((esim) => esimStatusAt(esim, now) === query.status));
    cursor = page.nextCursor ?? undefined;
    if (cursor === undefined || found.length >= query.limit) break;
  }
  // Each read asks for what is still missing, so the cursor after the last page read skips nothing.
  return { items: found, nextCursor: cursor ?? null };
}

/** An eSIM of any account, from its ICCID alone: the pool that held the ICCID names the account. */
export async function findAnyEsim(
  deps: { esims: Pick<EsimStore, 'find'>; pool: Pick<IccidPool, 'owners'> },
  iccid: string,
): Promise<Esim> {
  const accountId = (await deps.pool.owners([iccid])).get(iccid);
  const esim = accountId === undefined ? undefined : await deps.esims.find(accountId, iccid);
  if (!esim) throw esimNotFound(iccid);
  return esim;
}
