import { esimPageParams, esimPageSchema } from '../schemas/esim-page.ts';
import { defineRoute } from './types.ts';

/** The path the page's origin sends to the read (CloudFront's behavior, the local listener). */
export const esimPageApiPrefix = '/v2/esim-page/';

/**
 * The traveller's eSIM page's one read, on {esim_page_url} itself (docs/esim.md, Install help): no
 * token but the share link's, no client certificate (a phone has none), a WAF rate limit.
 */
export const esimPageRoutes = {
  getEsimPage: defineRoute({
    operationId: 'getEsimPage',
    method: 'GET',
    path: `${esimPageApiPrefix}{token}`,
    hosts: ['esim-page'],
    group: 'esim-page',
    summary: "The traveller's eSIM page: what a share link shows (the page only)",
    description:
      'Verifies the share link (signature first, then its 30 days) and answers only what the page shows: the ' +
      "partner's display name, the activation code for the QR, both platforms' install links, the manual " +
      'details, the steps in English and Russian and the data left per package. A malformed or altered ' +
      'link, or an eSIM that is gone or refunded, is 404 ResourceNotFound; an expired one 410 EsimShareLinkExpired.',
    tags: ['eSIM page'],
    auth: null,
    request: { params: esimPageParams },
    responses: {
      200: {
        description: 'What the page shows',
        schema: esimPageSchema,
        headers: { 'Cache-Control': 'no-store' },
      },
    },
    errors: ['ResourceNotFound', 'EsimShareLinkExpired'],
  }),
} as const;
