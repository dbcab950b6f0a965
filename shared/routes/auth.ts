import {
  employeeLoginCallbackQuery,
  employeeLoginQuery,
  jwksSchema,
  oauthErrorSchema,
  openidConfigurationSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '../schemas/auth.ts';
import { problemSchema } from '../schemas/common.ts';
import { problemContentType } from '../vocabulary/media-types.ts';
import { defineRoute, htmlContentType } from './types.ts';

export const authRoutes = {
  issueToken: defineRoute({
    operationId: 'issueToken',
    method: 'POST',
    path: '/oauth/v2/token',
    hosts: ['auth'],
    group: 'auth',
    summary: 'Issue an access token (client credentials, or an employee login code)',
    description:
      '`client_credentials`: partner applications; the client secret goes in the form or as HTTP Basic ' +
      'credentials. Scope resolution: omitted scope grants every allowed scope; otherwise the intersection ' +
      '(empty: invalid_scope). `authorization_code`: the employee console redeems the one-time code of the ' +
      'login with its PKCE verifier and the same redirect_uri, and gets an employee token (1 hour) for the ' +
      'admin API; a code is single-use and lives 60 seconds.',
    tags: ['Tokens'],
    auth: null,
    errorFormat: 'oauth',
    request: { body: tokenRequestSchema, bodyType: 'form' },
    responses: {
      200: { description: 'Access token', schema: tokenResponseSchema },
      400: {
        description:
          'invalid_request, unsupported_grant_type, invalid_scope or invalid_grant (code unknown, used, expired, or verifier or redirect_uri not matching)',
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
          'secrets for this client_id), `client_flood` or `address_flood` (too many requests from this client or address)',
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
  startEmployeeLogin: defineRoute({
    operationId: 'startEmployeeLogin',
    method: 'GET',
    path: '/api/v1/auth/idp/login',
    hosts: ['auth'],
    group: 'auth',
    summary: 'Start an employee login (authorization endpoint, PKCE S256)',
    description:
      'The console opens this in the browser with a redirect_uri from the whitelist (exact match), a ' +
      'code_challenge, `code_challenge_method=S256` and its state. The service sends the browser to the ' +
      "stage's identity provider with a signed, single-use state (10 minutes). A request it cannot accept is " +
      'answered with a 400 page, never redirected.',
    tags: ['Employee login'],
    auth: null,
    errorFormat: 'html',
    request: { query: employeeLoginQuery },
    responses: {
      302: { description: 'To the identity provider', headers: { Location: "The provider's sign-in" } },
      400: {
        description: 'The request is refused (redirect_uri, method, challenge or state)',
        contentType: htmlContentType,
      },
    },
  }),
  completeEmployeeLogin: defineRoute({
    operationId: 'completeEmployeeLogin',
    method: 'GET',
    path: '/api/v1/auth/idp/callback',
    hosts: ['auth'],
    group: 'auth',
    summary: "The identity provider's answer: back to the console with a one-time code",
    description:
      'Verifies the signed state (signature, expiry, single use), redeems the provider code on the server, ' +
      'maps the groups to roles and redirects to `redirect_uri?code=<one-time code>&state=<console state>`. ' +
      'The code lives 60 seconds and is single-use. A login the provider refused goes back with ' +
      '`error=access_denied`; an employee without a role (strict mapping) gets a 403 page. Every attempt past ' +
      'the state check is audited.',
    tags: ['Employee login'],
    auth: null,
    errorFormat: 'html',
    request: { query: employeeLoginCallbackQuery },
    responses: {
      302: {
        description: 'To the console: with a one-time code, or with error=access_denied',
        headers: { Location: 'The console redirect_uri' },
      },
      400: { description: 'Bad, expired or reused state', contentType: htmlContentType },
      403: { description: 'The employee has no role', contentType: htmlContentType },
    },
  }),
} as const;
