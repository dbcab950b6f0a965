import { randomUUID } from 'node:crypto';
import { createCsr, generateKeyPair, privateKeyPem } from '../../../shared/pki/certificates.ts';
import { type ApiResponse, api, type ClientIdentity, request } from '../../support/api.ts';

/** What an operator does in these tests, through the real admin API with the seeded operator client. */
export const operator = api('operator');

export async function asOperator<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { body?: unknown; idempotencyKey?: string | null } = {},
): Promise<ApiResponse<T>> {
  const key = options.idempotencyKey === undefined ? randomUUID() : options.idempotencyKey;
  return operator.request<T>(method, path, {
    token: await operator.token(),
    ...(options.body === undefined ? {} : { body: options.body }),
    headers: method === 'POST' && key !== null ? { 'idempotency-key': key } : {},
  });
}

export interface CreatedAccount {
  account_id: string;
  name: string;
  kind: string;
  status: string;
  plan: string;
  certificate: { serial_number: string; subject: string; not_before: string; not_after: string };
  certificate_pem: string;
  created_at: string;
  updated_at: string;
}

/** A partner's side of onboarding: a fresh key pair and CSR, as openssl would make them. */
export async function partnerKeyAndCsr(): Promise<{ csrPem: string; keyPem: string }> {
  const keys = await generateKeyPair();
  return { csrPem: await createCsr(keys, 'acme.example'), keyPem: await privateKeyPem(keys.privateKey) };
}

export async function onboardAccount(
  name = `Partner ${randomUUID()}`,
): Promise<{ account: CreatedAccount; identity: ClientIdentity }> {
  const { csrPem, keyPem } = await partnerKeyAndCsr();
  const response = await asOperator<CreatedAccount>('POST', '/v2/admin/accounts', {
    body: { name, csr_pem: csrPem },
  });
  if (response.status !== 201)
    throw new Error(`Account not created: ${response.status} ${JSON.stringify(response.body)}`);
  return { account: response.body, identity: { cert: response.body.certificate_pem, key: keyPem } };
}

export interface CreatedApplication {
  client_id: string;
  client_secret: string;
  account_id: string;
  name: string;
  allowed_scopes: string[];
  status: string;
  secret_rotated_at: string | null;
}

export async function addApplication(
  accountId: string,
  allowedScopes: readonly string[] = ['catalog.lounges', 'webhooks'],
): Promise<CreatedApplication> {
  const response = await asOperator<CreatedApplication>(
    'POST',
    `/v2/admin/accounts/${accountId}/applications`,
    {
      body: { name: 'Booking backend', allowed_scopes: allowedScopes },
    },
  );
  if (response.status !== 201) {
    throw new Error(`Application not created: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body;
}

export interface TokenBody {
  access_token?: string;
  token_type?: string;
  expires_in?: number;
  scope?: string;
  error?: string;
  error_description?: string;
}

/** client_secret_post unless headers say otherwise. */
export function requestToken(form: Record<string, string>, headers: Record<string, string> = {}) {
  return request<TokenBody>('POST', '/oauth/v2/token', { host: 'auth', form, headers });
}

export function clientCredentials(clientId: string, clientSecret: string, scope?: string) {
  return requestToken({
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: clientSecret,
    ...(scope === undefined ? {} : { scope }),
  });
}

export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

export function headerOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'));
}
