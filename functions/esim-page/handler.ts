import { accountStore } from '../../shared/db/entities/account.ts';
import { esimStore } from '../../shared/db/entities/esim.ts';
import { esimPage } from '../../shared/domain/esim/page.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { esimPageView } from '../../shared/http/views/esim.ts';
import { esimPageRoutes } from '../../shared/routes/esim-page.ts';
import { esimShareLinkKey } from '../../shared/secrets/esim-share-link-key.ts';

const ports = {
  esims: esimStore,
  partnerName: async (accountId: string) => (await accountStore.find(accountId))?.name,
  shareLinkKey: esimShareLinkKey,
};

/** The travellers' eSIM page's one read on {esim_page_url} (docs/esim.md, Install help). */
export const handler = createApiHandler(esimPageRoutes, {
  getEsimPage: async ({ params, now }) => ({
    status: 200,
    headers: { 'Cache-Control': 'no-store' },
    body: esimPageView(await esimPage(ports, params.token, now)),
  }),
});
