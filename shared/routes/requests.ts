import { accountParams } from '../schemas/admin.ts';
import { requestLogPageSchema, requestLogQuery } from '../schemas/requests.ts';
import { allScopes } from '../vocabulary/scopes.ts';
import { employeeAdminTag } from './employee-twins.ts';
import { defineRoute } from './types.ts';

const [anyScope, ...otherScopes] = allScopes;

const description =
  'One record per request that carried a valid partner token (a 403 for a missing scope included), newest first, kept 30 days and ' +
  'listed within seconds of the answer. A record names the request ' +
  'and its outcome: never a body, a token, a header or the query string. Filters narrow each other; ' +
  'the window is `since` to `until` (default: the last 24 hours; at most 30 days).';

/** The request log: the partner reads its own account's, employees any account's. */
export const requestsRoutes = {
  listRequests: defineRoute({
    operationId: 'listRequests',
    method: 'GET',
    path: '/v2/b2b/requests',
    hosts: ['api'],
    group: 'requests',
    tags: ['Request log'],
    summary: "The account's recent requests",
    description,
    // Any partner token of the account may read it, whatever its scopes.
    auth: { scope: anyScope, alternatives: otherScopes },
    request: { query: requestLogQuery },
    responses: { 200: { description: 'A page of request records', schema: requestLogPageSchema } },
  }),
  listAccountRequests: defineRoute({
    operationId: 'listAccountRequests',
    method: 'GET',
    path: '/api/v1/admin/accounts/{accountID}/requests',
    hosts: ['admin'],
    group: 'requests',
    tags: [employeeAdminTag],
    summary: "An account's recent requests",
    description,
    auth: { scope: 'admin.requests:read', audiences: ['employee'] },
    request: { params: accountParams, query: requestLogQuery },
    responses: { 200: { description: 'A page of request records', schema: requestLogPageSchema } },
  }),
} as const;
