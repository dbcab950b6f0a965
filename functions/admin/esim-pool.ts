import { accountStore } from '../../shared/db/entities/account.ts';
import { iccidPool, resellers } from '../../shared/db/entities/esim-pool.ts';
import { linkReseller, loadPool, poolStatus } from '../../shared/domain/esim/service.ts';
import type { Implementations } from '../../shared/http/pipeline/index.ts';
import type { esimAdminRoutes } from '../../shared/routes/esim-admin.ts';

const ports = { pool: iccidPool, accounts: accountStore, resellers };

/** The operators' eSIM pool and reseller operations, served by the admin function. */
export const esimAdminImplementations: Implementations<typeof esimAdminRoutes> = {
  loadEsimPool: async ({ params, body, now }) => {
    const result = await loadPool(ports, params.accountID, body.iccids, now);
    return {
      status: 201,
      body: { account_id: params.accountID, added: result.added, already_present: result.alreadyPresent },
    };
  },

  getEsimPool: async ({ params }) => {
    const status = await poolStatus(ports, params.accountID);
    return {
      status: 200,
      body: {
        account_id: params.accountID,
        available: status.available,
        issued: status.issued,
        reseller_id: status.reseller?.resellerId ?? null,
      },
    };
  },

  linkEsimReseller: async ({ params, body, uow, now }) => {
    const link = await linkReseller({ ...ports, uow }, params.accountID, body.reseller_id, now);
    return {
      status: 201,
      body: { account_id: link.accountId, reseller_id: link.resellerId, linked_at: link.linkedAt },
    };
  },
};
