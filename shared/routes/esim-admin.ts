import { accountParams } from '../schemas/admin.ts';
import {
  esimPoolLoadRequestSchema,
  esimPoolLoadSchema,
  esimPoolSchema,
  esimResellerLinkRequestSchema,
  esimResellerLinkSchema,
} from '../schemas/esim.ts';
import { defineRoute, type RouteAuth } from './types.ts';

/*
 * Operator applications hold `identity.account:*`; employees reach these operations through their
 * derived twins under /api/v1/admin (shared/routes/employee-twins.ts), `support` reading only.
 */
const poolWrite: RouteAuth = { scope: 'admin.esim_pools:write', alternatives: ['identity.account:*'] };
const poolRead: RouteAuth = { scope: 'admin.esim_pools:read', alternatives: ['identity.account:*'] };
const auditAccount = { target: { type: 'account', param: 'accountID' } } as const;
const common = { hosts: ['api'], group: 'admin', tags: ['Admin'] } as const;
const pool = '/v2/admin/accounts/{accountID}/esim-pool';

/** Operators: an account's ICCID pool and its reseller link (docs/esim.md, Pools). */
export const esimAdminRoutes = {
  loadEsimPool: defineRoute({
    ...common,
    operationId: 'loadEsimPool',
    method: 'POST',
    path: pool,
    summary: "Load ICCIDs into an account's eSIM pool",
    description:
      'Each ICCID 19 or 20 digits, starting with 89, with a valid Luhn check digit. A malformed ICCID, or one ' +
      'that belongs to another account, refuses the request with 422 naming each bad index, and nothing is loaded. ' +
      'An ICCID is loaded once for good: ICCIDs the account already has (waiting or issued) count as already ' +
      'present, so sending a batch again is safe.',
    auth: poolWrite,
    // Loads commit chunk by chunk (up to 2000 items), so the audit record follows them (docs/esim.md).
    commitsOwnWrites: true,
    audit: auditAccount,
    request: { params: accountParams, body: esimPoolLoadRequestSchema },
    responses: { 201: { description: 'Counts of the load', schema: esimPoolLoadSchema } },
    errors: ['ResourceNotFound'],
  }),
  getEsimPool: defineRoute({
    ...common,
    operationId: 'getEsimPool',
    method: 'GET',
    path: pool,
    summary: "Read an account's eSIM pool counts and reseller",
    auth: poolRead,
    request: { params: accountParams },
    responses: { 200: { description: 'The pool', schema: esimPoolSchema } },
    errors: ['ResourceNotFound'],
  }),
  linkEsimReseller: defineRoute({
    ...common,
    operationId: 'linkEsimReseller',
    method: 'POST',
    path: '/v2/admin/accounts/{accountID}/esim-reseller',
    summary: 'Link an account to its eSIM reseller',
    description:
      'One link per account, for good: a second link is 409 EsimResellerAlreadyLinked, whatever it names.',
    auth: poolWrite,
    audit: { ...auditAccount, bodyFields: ['reseller_id'] },
    request: { params: accountParams, body: esimResellerLinkRequestSchema },
    responses: { 201: { description: 'The link', schema: esimResellerLinkSchema } },
    errors: ['ResourceNotFound', 'EsimResellerAlreadyLinked'],
  }),
} as const;
