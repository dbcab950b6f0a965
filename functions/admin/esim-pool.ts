import { accountStore } from '../../shared/db/entities/account.ts';
import { iccidPool, resellers } from '../../shared/db/entities/esim-pool.ts';
import { linkReseller, loadPool, poolStatus } from '../../shared/domain/esim/service.ts';
import type { Implementations } from '../../shared/http/pipeline/index.ts';
import { poolLoadView, poolView, resellerLinkView } from '../../shared/http/views/esim.ts';
import type { esimAdminRoutes } from '../../shared/routes/esim-admin.ts';

const ports = { pool: iccidPool, accounts: accountStore, resellers };

/** The operators' eSIM pool and reseller operations, served by the admin function. */
export const esimAdminImplementations: Implementations<typeof esimAdminRoutes> = {
  loadEsimPool: async ({ params, body, now }) => {
    const result = await loadPool(ports, params.accountID, body.iccids, now);
    return { status: 201, body: poolLoadView(params.accountID, result) };
  },

  getEsimPool: async ({ params }) => {
    const status = await poolStatus(ports, params.accountID);
    return { status: 200, body: poolView(params.accountID, status) };
  },

  linkEsimReseller: async ({ params, body, uow, now }) => {
    const link = await linkReseller({ ...ports, uow }, params.accountID, body.reseller_id, now);
    return { status: 201, body: resellerLinkView(link) };
  },
};
