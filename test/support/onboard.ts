import { randomUUID } from 'node:crypto';
import { createCsr, generateKeyPair, privateKeyPem } from '../../shared/pki/certificates.ts';
import { type ApiResponse, api, type ClientIdentity, request } from './api.ts';

export interface OnboardedPartner {
  accountId: string;
  identity: ClientIdentity;
  /** The application's credentials, for a client of its own (the TypeScript client's example). */
  clientId: string;
  clientSecret: string;
  token: string;
  /** A call with this partner's certificate and token. */
  call: <T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ) => Promise<ApiResponse<T>>;
}

/**
 * A partner account of a test's own, onboarded as an operator would (account from a fresh CSR, an
 * application with `scopes`) and holding a token from the real token endpoint.
 */
export async function onboardPartner(
  scopes: readonly string[],
  label = 'Test partner',
): Promise<OnboardedPartner> {
  const operator = api('operator');
  const operatorToken = await operator.token();
  const keys = await generateKeyPair();
  const name = `${label} ${randomUUID()}`;
  const account = await operator.request<{ account_id: string; certificate_pem: string }>(
    'POST',
    '/v2/admin/accounts',
    {
      token: operatorToken,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { name, csr_pem: await createCsr(keys, name) },
    },
  );
  if (account.status !== 201) throw new Error(`account: ${account.status} ${JSON.stringify(account.body)}`);
  const accountId = account.body.account_id;
  const application = await operator.request<{ client_id: string; client_secret: string }>(
    'POST',
    `/v2/admin/accounts/${accountId}/applications`,
    {
      token: operatorToken,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { name: `${name} app`, allowed_scopes: scopes },
    },
  );
  if (application.status !== 201) {
    throw new Error(`application: ${application.status} ${JSON.stringify(application.body)}`);
  }
  const identity: ClientIdentity = {
    cert: account.body.certificate_pem,
    key: await privateKeyPem(keys.privateKey),
  };
  const issued = await request<{ access_token: string }>('POST', '/oauth/v2/token', {
    host: 'auth',
    form: {
      grant_type: 'client_credentials',
      client_id: application.body.client_id,
      client_secret: application.body.client_secret,
    },
  });
  const token = issued.body.access_token;
  return {
    accountId,
    identity,
    clientId: application.body.client_id,
    clientSecret: application.body.client_secret,
    token,
    call: (method, path, options = {}) => request(method, path, { cert: identity, token, ...options }),
  };
}
