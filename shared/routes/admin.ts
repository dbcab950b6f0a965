import {
  accountParams,
  accountSchema,
  addCertificateRequestSchema,
  applicationParams,
  applicationSchema,
  applicationWithSecretSchema,
  certificateListSchema,
  certificateParams,
  certificateSchema,
  changePlanRequestSchema,
  createAccountRequestSchema,
  createApplicationRequestSchema,
  createdAccountSchema,
  issuedCertificateSchema,
} from '../schemas/admin.ts';
import { cursorPage, cursorQuery } from '../schemas/common.ts';
import { defineRoute, type RouteAuth } from './types.ts';

/*
 * `/v2/admin/*` serves operator applications (partner tokens over mutual TLS) only. Each route has an
 * employee twin under `/api/v1/admin/*`, derived in shared/routes/employee-twins.ts. Writes name the
 * `:*` scope; reads the `:read` scope with `:*` as an alternative, so support employees (`:read` only)
 * and operator applications (`:*` only) both pass. Writes declare their audit record.
 */
const accountAdmin: RouteAuth = { scope: 'identity.account:*' };
const accountRead: RouteAuth = { scope: 'identity.account:read', alternatives: ['identity.account:*'] };
const applicationAdmin: RouteAuth = { scope: 'identity.application:*' };
const applicationRead: RouteAuth = {
  scope: 'identity.application:read',
  alternatives: ['identity.application:*'],
};
const common = { hosts: ['api'], group: 'admin', tags: ['Admin'] } as const;

export const adminRoutes = {
  createAccount: defineRoute({
    ...common,
    operationId: 'createAccount',
    method: 'POST',
    path: '/v2/admin/accounts',
    summary: 'Create a partner account from a CSR',
    description:
      'Signs `csr_pem` with the partner CA; the returned certificate identifies the account on every call.',
    auth: accountAdmin,
    idempotency: 'required',
    audit: { target: { type: 'account', responseField: 'account_id' }, bodyFields: ['name'] },
    request: { body: createAccountRequestSchema },
    responses: {
      201: {
        description: 'Account created',
        schema: createdAccountSchema,
        headers: { Location: 'The account' },
      },
    },
  }),
  listAccounts: defineRoute({
    ...common,
    operationId: 'listAccounts',
    method: 'GET',
    path: '/v2/admin/accounts',
    summary: 'List accounts',
    auth: accountRead,
    request: { query: cursorQuery },
    responses: { 200: { description: 'A page of accounts', schema: cursorPage(accountSchema) } },
  }),
  getAccount: defineRoute({
    ...common,
    operationId: 'getAccount',
    method: 'GET',
    path: '/v2/admin/accounts/{accountID}',
    summary: 'Read an account',
    auth: accountRead,
    request: { params: accountParams },
    responses: { 200: { description: 'The account', schema: accountSchema } },
    errors: ['ResourceNotFound'],
  }),
  disableAccount: defineRoute({
    ...common,
    operationId: 'disableAccount',
    method: 'POST',
    path: '/v2/admin/accounts/{accountID}/disable',
    summary: 'Disable an account: none of its applications gets a token any more',
    auth: accountAdmin,
    audit: { target: { type: 'account', param: 'accountID' } },
    request: { params: accountParams },
    responses: { 200: { description: 'The disabled account', schema: accountSchema } },
    errors: ['ResourceNotFound'],
  }),
  changeAccountPlan: defineRoute({
    ...common,
    operationId: 'changeAccountPlan',
    method: 'POST',
    path: '/v2/admin/accounts/{accountID}/plan',
    summary: "Set the account's rate limit plan",
    description:
      'The new numbers apply to requests at once; the `RateLimit-Policy` partners see follows within five ' +
      'minutes (the gateway caches its answer per token). Setting the current plan again re-applies it.',
    auth: accountAdmin,
    audit: { target: { type: 'account', param: 'accountID' }, bodyFields: ['plan'] },
    request: { params: accountParams, body: changePlanRequestSchema },
    responses: { 200: { description: 'The account on its new plan', schema: accountSchema } },
    errors: ['ResourceNotFound'],
  }),
  addAccountCertificate: defineRoute({
    ...common,
    operationId: 'addAccountCertificate',
    method: 'POST',
    path: '/v2/admin/accounts/{accountID}/certificates',
    summary: 'Sign another mTLS client certificate for the account (at most 3 active)',
    description:
      'Signs `csr_pem` with the partner CA, as account creation does, valid 365 days. It works for calls from ' +
      'the commit on; the certificates the account holds keep working until revoked, so a partner rolls ' +
      'over without a gap. A 4th active certificate: 409 CertificateLimitReached.',
    auth: accountAdmin,
    idempotency: 'required',
    audit: { target: { type: 'certificate', responseField: 'serial_number' } },
    request: { params: accountParams, body: addCertificateRequestSchema },
    responses: {
      201: {
        description: 'The certificate, with its PEM',
        schema: issuedCertificateSchema,
        headers: { Location: "The account's certificates" },
      },
    },
    errors: ['ResourceNotFound', 'CertificateLimitReached'],
  }),
  listAccountCertificates: defineRoute({
    ...common,
    operationId: 'listAccountCertificates',
    method: 'GET',
    path: '/v2/admin/accounts/{accountID}/certificates',
    summary: "List the account's certificates, revoked ones included, newest first",
    auth: accountRead,
    request: { params: accountParams },
    responses: { 200: { description: "The account's certificates", schema: certificateListSchema } },
    errors: ['ResourceNotFound'],
  }),
  revokeAccountCertificate: defineRoute({
    ...common,
    operationId: 'revokeAccountCertificate',
    method: 'POST',
    path: '/v2/admin/accounts/{accountID}/certificates/{serial}/revoke',
    summary: 'Revoke a certificate: calls with it are refused (401) within a minute',
    description:
      "The account's last active certificate may be revoked too: that cuts the account off until it gets a " +
      'new one. A revoked certificate: 409 CertificateInvalidState; a serial of another account: 404.',
    auth: accountAdmin,
    audit: { target: { type: 'certificate', param: 'serial' } },
    request: { params: certificateParams },
    responses: { 200: { description: 'The revoked certificate', schema: certificateSchema } },
    errors: ['ResourceNotFound', 'CertificateInvalidState'],
  }),
  createApplication: defineRoute({
    ...common,
    operationId: 'createApplication',
    method: 'POST',
    path: '/v2/admin/accounts/{accountID}/applications',
    summary: 'Create an application with client credentials',
    description: 'The client secret is returned once, in this response; only a keyed hash is stored.',
    auth: applicationAdmin,
    idempotency: 'required',
    audit: {
      target: { type: 'application', responseField: 'client_id' },
      bodyFields: ['name', 'allowed_scopes'],
    },
    request: { params: accountParams, body: createApplicationRequestSchema },
    responses: {
      201: {
        description: 'Application created',
        schema: applicationWithSecretSchema,
        headers: { Location: 'The application' },
      },
    },
    errors: ['ResourceNotFound'],
  }),
  listApplications: defineRoute({
    ...common,
    operationId: 'listApplications',
    method: 'GET',
    path: '/v2/admin/accounts/{accountID}/applications',
    summary: "List an account's applications",
    auth: applicationRead,
    request: { params: accountParams, query: cursorQuery },
    responses: { 200: { description: 'A page of applications', schema: cursorPage(applicationSchema) } },
    errors: ['ResourceNotFound'],
  }),
  getApplication: defineRoute({
    ...common,
    operationId: 'getApplication',
    method: 'GET',
    path: '/v2/admin/accounts/{accountID}/applications/{clientID}',
    summary: 'Read an application',
    auth: applicationRead,
    request: { params: applicationParams },
    responses: { 200: { description: 'The application', schema: applicationSchema } },
    errors: ['ResourceNotFound'],
  }),
  disableApplication: defineRoute({
    ...common,
    operationId: 'disableApplication',
    method: 'POST',
    path: '/v2/admin/accounts/{accountID}/applications/{clientID}/disable',
    summary: 'Disable an application: it gets no more tokens, and those it holds are refused within a minute',
    auth: applicationAdmin,
    audit: { target: { type: 'application', param: 'clientID' } },
    request: { params: applicationParams },
    responses: { 200: { description: 'The disabled application', schema: applicationSchema } },
    errors: ['ResourceNotFound'],
  }),
  enableApplication: defineRoute({
    ...common,
    operationId: 'enableApplication',
    method: 'POST',
    path: '/v2/admin/accounts/{accountID}/applications/{clientID}/enable',
    summary: 'Enable a disabled application: it gets tokens again while its account is active',
    description:
      'Tokens issued before the disable stay refused. Enabling an Active application: 409 ApplicationInvalidState.',
    auth: applicationAdmin,
    audit: { target: { type: 'application', param: 'clientID' } },
    request: { params: applicationParams },
    responses: { 200: { description: 'The enabled application', schema: applicationSchema } },
    errors: ['ResourceNotFound', 'ApplicationInvalidState'],
  }),
  rotateApplicationSecret: defineRoute({
    ...common,
    operationId: 'rotateApplicationSecret',
    method: 'POST',
    path: '/v2/admin/accounts/{accountID}/applications/{clientID}/rotate-secret',
    summary: 'Replace the client secret (the old one stops working at once, tokens it got within a minute)',
    auth: applicationAdmin,
    audit: { target: { type: 'application', param: 'clientID' } },
    request: { params: applicationParams },
    responses: {
      200: {
        description: 'The application with its new secret, shown once',
        schema: applicationWithSecretSchema,
      },
    },
    errors: ['ResourceNotFound'],
  }),
} as const;
