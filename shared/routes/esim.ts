import { maxPackagesPerEsim } from '../domain/esim/model.ts';
import {
  esimInstallQuery,
  esimInstallSchema,
  esimLanguageHeaders,
  esimListQuery,
  esimOrderParams,
  esimOrderRequestSchema,
  esimOrderSchema,
  esimPackageSchema,
  esimParams,
  esimRefundRequestSchema,
  esimSchema,
  esimSettingsRequestSchema,
  esimSettingsSchema,
  esimSuspensionRequestSchema,
  esimsPageSchema,
  esimTopupOffersSchema,
  esimTopupRequestSchema,
} from '../schemas/esim.ts';
import { defineRoute, type RouteAuth } from './types.ts';

const common = { hosts: ['api'], group: 'esim', tags: ['eSIM'] } as const;
// Kept literal (no audiences): partner tokens only, so the handlers receive a PartnerPrincipal.
const write = { scope: 'esim:write' } as const satisfies RouteAuth;
const read = { scope: 'esim:read' } as const satisfies RouteAuth;

const esims = '/v2/b2b/fulfilment/esims';
const settings = '/v2/b2b/settings/esim';
const orders = '/v2/b2b/fulfilment/orders';

const packageRules =
  '`package_template_id` must name a tariff of your eSIM catalog (active, in your contract; else 404 ' +
  'CatalogResourceNotFound), `active_period` must equal its `validity_days` and `validity_period` be 1 to 365 ' +
  '(else 422 naming the field).';

/** eSIM ordering, issuing and top-up (docs/esim.md). */
export const esimRoutes = {
  createEsimOrder: defineRoute({
    ...common,
    operationId: 'createEsimOrder',
    method: 'POST',
    path: esims,
    summary: 'Order an eSIM on a tariff of your contract',
    description:
      `${packageRules} Answers 201 with the order in \`Pending\` and the tariff's price; the order holds no ICCID ` +
      'until it is confirmed (POST /v2/b2b/fulfilment/orders/{orderID}/confirm). The Idempotency-Key compares ' +
      'package_template_id, active_period and validity_period.',
    auth: write,
    idempotency: 'required',
    request: { body: esimOrderRequestSchema },
    responses: {
      201: {
        description: 'Order created, Pending',
        schema: esimOrderSchema,
        headers: { Location: '/v2/b2b/fulfilment/orders/{order_id}' },
      },
    },
    errors: ['CatalogResourceNotFound'],
  }),
  getEsimOrder: defineRoute({
    ...common,
    operationId: 'getEsimOrder',
    method: 'GET',
    path: `${orders}/{orderID}`,
    summary: 'Read an eSIM order',
    description: "Another account's order is 404 ResourceNotFound, like a missing one.",
    auth: read,
    request: { params: esimOrderParams },
    responses: { 200: { description: 'The order', schema: esimOrderSchema } },
    errors: ['ResourceNotFound'],
  }),
  confirmEsimOrder: defineRoute({
    ...common,
    operationId: 'confirmEsimOrder',
    method: 'POST',
    path: `${orders}/{orderID}/confirm`,
    summary: 'Confirm an order: issue the eSIM with its activation data',
    description:
      'Takes one ICCID of your pool and issues the eSIM with its first package (NotActive) and the activation ' +
      "data a phone installs it from: the LPA activation code, its QR code as SVG and Apple's one-tap link. " +
      'Confirming a confirmed order answers 200 with the same eSIM and never takes a second ICCID. An empty pool ' +
      'is 409 EsimPoolExhausted and the order stays Pending. Idempotency-Key optional: a used key answers as it ' +
      'first did (an EsimPoolExhausted included) without confirming again, so after a refill confirm with a new ' +
      'key or none.',
    auth: write,
    idempotency: 'optional',
    // The confirm commits its own transaction (the pool claim); docs/esim.md, Confirm and idempotency.
    commitsOwnWrites: true,
    request: { params: esimOrderParams },
    responses: {
      200: { description: 'The issued eSIM', schema: esimSchema },
    },
    errors: ['ResourceNotFound', 'EsimPoolExhausted'],
  }),
  listEsims: defineRoute({
    ...common,
    operationId: 'listEsims',
    method: 'GET',
    path: esims,
    summary: 'List your eSIMs by ICCID, with their packages',
    description:
      'Cursor paging: `limit` 1 to 200 (default 50), pass `next_cursor` back as `cursor`; null on the last page. ' +
      'Items carry the activation data without the rendered QR code.',
    auth: read,
    request: { query: esimListQuery },
    responses: { 200: { description: 'A page of eSIMs', schema: esimsPageSchema } },
  }),
  getEsim: defineRoute({
    ...common,
    operationId: 'getEsim',
    method: 'GET',
    path: `${esims}/{iccid}`,
    summary: 'Read an eSIM with its activation data, packages and usage',
    description: "Another account's eSIM is 404 EsimNotFound, like a missing one.",
    auth: read,
    request: { params: esimParams },
    responses: { 200: { description: 'The eSIM', schema: esimSchema } },
    errors: ['EsimNotFound'],
  }),
  getEsimInstallHelp: defineRoute({
    ...common,
    operationId: 'getEsimInstallHelp',
    method: 'GET',
    path: `${esims}/{iccid}/install`,
    summary: 'Install help for a traveller: the one-tap link, the steps and the manual details',
    description:
      "For `platform` ios or android: the platform's one-tap install link, the steps in the Accept-Language " +
      '(en-US or ru-RU; en-US otherwise) and the SM-DP+ address and activation code for entering the eSIM by ' +
      "hand. Another account's eSIM is 404 EsimNotFound, like a missing one; a missing or unknown platform is 422.",
    auth: read,
    request: { params: esimParams, query: esimInstallQuery, headers: esimLanguageHeaders },
    responses: { 200: { description: 'Install help', schema: esimInstallSchema } },
    errors: ['EsimNotFound'],
  }),
  listEsimTopups: defineRoute({
    ...common,
    operationId: 'listEsimTopups',
    method: 'GET',
    path: `${esims}/{iccid}/topups`,
    summary: 'List the tariffs that can top up an eSIM',
    description:
      'Tariffs of your contract that are sold as top-ups (`topup_allowed`) and cover every country of the ' +
      "eSIM's ordered tariff, in catalog order. Empty once the eSIM has expired.",
    auth: read,
    request: { params: esimParams, headers: esimLanguageHeaders },
    responses: { 200: { description: 'Top-up offers', schema: esimTopupOffersSchema } },
    errors: ['EsimNotFound'],
  }),
  topUpEsim: defineRoute({
    ...common,
    operationId: 'topUpEsim',
    method: 'POST',
    path: `${esims}/{iccid}/topup`,
    summary: 'Top up an eSIM with a new package',
    description:
      `${packageRules} Adds a NotActive package; usage goes to it once the packages before it have ended. ` +
      '409 EsimTopupUnavailable (details.reason) when the eSIM has expired (every package Expired: ' +
      '`esim_expired`), the tariff is not sold as a top-up (`tariff_not_topup`), it does not cover every ' +
      `country of the eSIM (\`coverage_mismatch\`), or the eSIM holds ${maxPackagesPerEsim} packages ` +
      '(`package_limit`). The Idempotency-Key compares the iccid and the three fields.',
    auth: write,
    idempotency: 'required',
    request: { params: esimParams, body: esimTopupRequestSchema },
    responses: { 201: { description: 'The new package', schema: esimPackageSchema } },
    errors: ['EsimNotFound', 'CatalogResourceNotFound', 'EsimTopupUnavailable'],
  }),
  getEsimSettings: defineRoute({
    ...common,
    operationId: 'getEsimSettings',
    method: 'GET',
    path: settings,
    summary: 'Read your eSIM settings: the usage thresholds',
    description: 'The usage thresholds are [80] (and updated_at null) until you set your own.',
    auth: read,
    responses: { 200: { description: 'Your eSIM settings', schema: esimSettingsSchema } },
  }),
  replaceEsimSettings: defineRoute({
    ...common,
    operationId: 'replaceEsimSettings',
    method: 'PUT',
    path: settings,
    summary: 'Set your usage thresholds',
    description:
      "Replaces your usage thresholds (percent of a package's data): esim.package.usage_threshold_reached is sent " +
      'once per package and threshold, with `threshold` in its data. They apply to usage reported from now on, on ' +
      'every eSIM of yours; a threshold a package had already passed is sent with its next usage report. 422 ' +
      'naming the field for a value outside 1 to 99, a repeated one or more than five.',
    auth: write,
    request: { body: esimSettingsRequestSchema },
    responses: { 200: { description: 'Your eSIM settings as set', schema: esimSettingsSchema } },
  }),
  refundEsim: defineRoute({
    ...common,
    operationId: 'refundEsim',
    method: 'POST',
    path: `${esims}/{iccid}/refund`,
    summary: 'Refund an eSIM that was never used: its ICCID is retired',
    description:
      "Answers 200 with the eSIM, status `Refunded`, and credits the order's price on an `esim_refund` ledger " +
      'line (top-ups stay charged). 409 EsimRefundUnavailable (details.reason) when it is refunded already ' +
      '(`already_refunded`), suspended (`suspended`), any package has usage (`usage_recorded`), its profile was ' +
      "downloaded to a device (`profile_downloaded`), or it was issued more than your contract's " +
      '`esim_refund_days` ago (`refund_window_passed`). A refunded eSIM takes no top-up, usage, suspend or resume, ' +
      'and its ICCID is never issued again. Sends esim.status.changed. The Idempotency-Key compares the iccid and reason.',
    auth: write,
    idempotency: 'required',
    request: { params: esimParams, body: esimRefundRequestSchema },
    responses: { 200: { description: 'The refunded eSIM', schema: esimSchema } },
    errors: ['EsimNotFound', 'EsimRefundUnavailable'],
  }),
  suspendOwnEsim: defineRoute({
    ...common,
    operationId: 'suspendOwnEsim',
    method: 'POST',
    path: `${esims}/{iccid}/suspend`,
    summary: 'Suspend an eSIM: it takes no top-up and no usage until resumed',
    description:
      'Answers 200 with the eSIM, status `Suspended`. A suspended or refunded eSIM: 409 EsimInvalidState. ' +
      'Sends esim.status.changed. The Idempotency-Key compares the iccid and reason.',
    auth: write,
    idempotency: 'required',
    request: { params: esimParams, body: esimSuspensionRequestSchema },
    responses: { 200: { description: 'The suspended eSIM', schema: esimSchema } },
    errors: ['EsimNotFound', 'EsimInvalidState'],
  }),
  resumeOwnEsim: defineRoute({
    ...common,
    operationId: 'resumeOwnEsim',
    method: 'POST',
    path: `${esims}/{iccid}/resume`,
    summary: "Resume a suspended eSIM: its status is its packages' again",
    description:
      'Answers 200 with the eSIM. 409 EsimInvalidState when it is not suspended or is refunded, and when our ' +
      'support team suspended it (`details.reason` `suspended_by_employee`: only they resume it). Sends ' +
      'esim.status.changed. The Idempotency-Key compares the iccid and reason.',
    auth: write,
    idempotency: 'required',
    request: { params: esimParams, body: esimSuspensionRequestSchema },
    responses: { 200: { description: 'The resumed eSIM', schema: esimSchema } },
    errors: ['EsimNotFound', 'EsimInvalidState'],
  }),
} as const;
