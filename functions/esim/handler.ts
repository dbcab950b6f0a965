import type { PartnerPrincipal } from '../../shared/auth/principal.ts';
import { esimSmdpAddress } from '../../shared/config/esim.ts';
import { catalogReader } from '../../shared/db/entities/catalog-reader.ts';
import { esimStore } from '../../shared/db/entities/esim.ts';
import { esimOrderStore } from '../../shared/db/entities/esim-order.ts';
import { iccidPool } from '../../shared/db/entities/esim-pool.ts';
import { esimSettingsStore } from '../../shared/db/entities/esim-settings.ts';
import { ledgerStore } from '../../shared/db/entities/ledger.ts';
import { installHelp } from '../../shared/domain/esim/install.ts';
import { refundEsim } from '../../shared/domain/esim/refund.ts';
import {
  confirmOrder,
  createOrder,
  type EsimContext,
  findEsim,
  findOrder,
  listEsims,
  type PackageRequest,
  topUp,
  topupOffers,
} from '../../shared/domain/esim/service.ts';
import { changeEsimSettings, esimSettings } from '../../shared/domain/esim/settings.ts';
import { resumeEsim, suspendEsim } from '../../shared/domain/esim/suspension.ts';
import { catalogEsimRefundTerms, catalogEsimTariffs } from '../../shared/domain/esim/tariffs.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import {
  esimSettingsView,
  esimSummaryView,
  esimView,
  installHelpView,
  orderView,
  packageView,
  tariffView,
} from '../../shared/http/views/esim.ts';
import { pageView } from '../../shared/http/views/page.ts';
import { esimRoutes } from '../../shared/routes/esim.ts';
import { filledPath } from '../../shared/routes/types.ts';
import type { EsimPackageRequest } from '../../shared/schemas/esim.ts';
import { esimShareLinks } from '../../shared/secrets/esim-share-link-key.ts';

/** eSIM routes accept partner tokens only: the account is always the token's. */
function contextOf({ principal, now }: { principal: PartnerPrincipal; now: Date }): EsimContext {
  return { accountId: principal.accountId, now };
}

const packageRequest = (body: EsimPackageRequest): PackageRequest => ({
  packageTemplateId: body.package_template_id,
  activePeriod: body.active_period,
  validityPeriod: body.validity_period,
});

const tariffs = () => catalogEsimTariffs(catalogReader());

/** A partner's change of its own eSIM is the application's, in the eSIM's history. */
const byApplication = ({ principal }: { principal: PartnerPrincipal }) =>
  ({ type: 'application', id: principal.subject }) as const;

export const handler = createApiHandler(esimRoutes, {
  createEsimOrder: async (request) => {
    const order = await createOrder(
      { orders: esimOrderStore, tariffs: tariffs(), uow: request.uow },
      contextOf(request),
      packageRequest(request.body),
    );
    return {
      status: 201,
      headers: { Location: filledPath(esimRoutes.getEsimOrder.path, { orderID: order.orderId }) },
      body: orderView(order),
    };
  },

  getEsimOrder: async (request) => ({
    status: 200,
    body: orderView(await findOrder(esimOrderStore, contextOf(request), request.params.orderID)),
  }),

  confirmEsimOrder: async (request) => {
    const esim = await confirmOrder(
      {
        orders: esimOrderStore,
        esims: esimStore,
        pool: iccidPool,
        smdpAddress: esimSmdpAddress(),
        ledger: ledgerStore,
      },
      contextOf(request),
      request.params.orderID,
    );
    return { status: 200, body: await esimView(esim, request.now, await esimShareLinks()) };
  },

  listEsims: async (request) => {
    const [page, shareLinkOf] = await Promise.all([
      listEsims(esimStore, contextOf(request), request.query),
      esimShareLinks(),
    ]);
    return {
      status: 200,
      body: pageView(page, (esim) => esimSummaryView(esim, request.now, shareLinkOf)),
    };
  },

  getEsim: async (request) => {
    const esim = await findEsim(esimStore, contextOf(request), request.params.iccid);
    return { status: 200, body: await esimView(esim, request.now, await esimShareLinks()) };
  },

  getEsimInstallHelp: async (request) => {
    const esim = await findEsim(esimStore, contextOf(request), request.params.iccid);
    const help = installHelp(esim, request.query.platform, request.headers['accept-language']);
    return { status: 200, body: installHelpView(help) };
  },

  listEsimTopups: async (request) => {
    const offers = await topupOffers(
      { esims: esimStore, tariffs: tariffs() },
      contextOf(request),
      request.params.iccid,
      request.headers['accept-language'],
    );
    return { status: 200, body: { data: offers.map(tariffView) } };
  },

  topUpEsim: async (request) => {
    const pkg = await topUp(
      { esims: esimStore, tariffs: tariffs(), ledger: ledgerStore, uow: request.uow },
      contextOf(request),
      request.params.iccid,
      packageRequest(request.body),
    );
    return { status: 201, body: packageView(pkg, request.now) };
  },

  getEsimSettings: async (request) => ({
    status: 200,
    body: esimSettingsView(await esimSettings(esimSettingsStore, request.principal.accountId)),
  }),

  replaceEsimSettings: async (request) => ({
    status: 200,
    body: esimSettingsView(
      changeEsimSettings(
        { settings: esimSettingsStore, uow: request.uow },
        contextOf(request),
        request.body.usage_thresholds,
      ),
    ),
  }),

  refundEsim: async (request) => {
    const esim = await refundEsim(
      {
        esims: esimStore,
        orders: esimOrderStore,
        terms: catalogEsimRefundTerms(catalogReader()),
        ledger: ledgerStore,
        uow: request.uow,
      },
      contextOf(request),
      request.params.iccid,
      { actor: byApplication(request), reason: request.body.reason },
    );
    return { status: 200, body: await esimView(esim, request.now, await esimShareLinks()) };
  },

  suspendOwnEsim: async (request) => {
    const esim = await findEsim(esimStore, contextOf(request), request.params.iccid);
    const change = { actor: byApplication(request), reason: request.body.reason, now: request.now };
    const after = suspendEsim({ esims: esimStore, uow: request.uow }, esim, change);
    return { status: 200, body: await esimView(after, request.now, await esimShareLinks()) };
  },

  resumeOwnEsim: async (request) => {
    const esim = await findEsim(esimStore, contextOf(request), request.params.iccid);
    const change = { actor: byApplication(request), reason: request.body.reason, now: request.now };
    const after = resumeEsim({ esims: esimStore, uow: request.uow }, esim, change);
    return { status: 200, body: await esimView(after, request.now, await esimShareLinks()) };
  },
});
