import { problemContentType } from '../http/problem.ts';
import {
  jwksSchema,
  oauthErrorSchema,
  openidConfigurationSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '../schemas/auth.ts';
import { problemSchema } from '../schemas/common.ts';
import { defineRoute } from './types.ts';

export const authRoutes = {
  issueToken: defineRoute({
    operationId: 'issueToken',
    method: 'POST',
    path: '/oauth/v2/token',
    hosts: ['auth'],
    group: 'auth',
    summary: 'Issue an access token (client credentials)',
    description:
      'OAuth 2.0 client credentials grant. The client secret goes in the form or as HTTP Basic credentials. ' +
      'Scope resolution: omitted scope grants every allowed scope; otherwise the intersection (empty: invalid_scope).',
    tags: ['Tokens'],
    auth: null,
    errorFormat: 'oauth',
    request: { body: tokenRequestSchema, bodyType: 'form' },
    responses: {
      200: { description: 'Access token', schema: tokenResponseSchema },
      400: {
        description: 'invalid_request, unsupported_grant_type, invalid_scope or invalid_grant',
        schema: oauthErrorSchema,
      },
      401: {
        description: 'invalid_client',
        schema: oauthErrorSchema,
        headers: { 'WWW-Authenticate': 'Basic realm="token"' },
      },
      429: {
        description:
          'A problem, not an OAuth error: RateLimitExceeded with `details.policy` `client_lockout` (too many bad ' +
          'secrets for this client_id), `client_flood` or `address_flood` (docs/quotas.md)',
        schema: problemSchema,
        contentType: problemContentType,
        headers: { 'Retry-After': 'Seconds to wait' },
      },
    },
  }),
  getJwks: defineRoute({
    operationId: 'getJwks',
    method: 'GET',
    path: '/.well-known/jwks.json',
    hosts: ['auth', 'api'],
    group: 'auth',
    summary: 'Public keys that verify access tokens',
    tags: ['Tokens'],
    auth: null,
    responses: { 200: { description: 'JSON Web Key Set', schema: jwksSchema } },
  }),
  getOpenidConfiguration: defineRoute({
    operationId: 'getOpenidConfiguration',
    method: 'GET',
    path: '/.well-known/openid-configuration',
    hosts: ['auth'],
    group: 'auth',
    summary: 'Discovery document',
    tags: ['Tokens'],
    auth: null,
    responses: { 200: { description: 'Authorization server metadata', schema: openidConfigurationSchema } },
  }),
} as const;
