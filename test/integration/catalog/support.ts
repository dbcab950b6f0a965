import { randomUUID } from 'node:crypto';
import { loadSeedCatalog, type SeedCatalog } from '../../../infra/local/seed-catalog.ts';
import { createCsr, generateKeyPair, privateKeyPem } from '../../../shared/pki/certificates.ts';
import { type ApiResponse, api, type ClientIdentity, endpoints, request, stage } from '../../support/api.ts';

export const partner1 = api(0);
export const partner2 = api(1);

let seed: Promise<SeedCatalog> | undefined;
/** The seed files the stage was seeded from: what the tests expect to see. */
export function seedCatalog(): Promise<SeedCatalog> {
  seed ??= loadSeedCatalog();
  return seed;
}

/** Image.url is absolute on base_url; the test client takes the path. */
export function pathOf(url: string): string {
  const base = stage().base_url;
  if (!url.startsWith(`${base}/`)) throw new Error(`${url} is not on ${base}`);
  return url.slice(base.length);
}

export interface Page<T = Record<string, unknown>> {
  data: T[];
  pagination: { count: number; offset: number; total: number };
}

export type Lounge = {
  id: string;
  name: string;
  images: { url: string; sort: number; title?: string }[];
} & Record<string, unknown>;

/** Every item of a list, page by page. */
export async function everything<T>(
  get: (query: string) => Promise<ApiResponse<Page<T>>>,
  limit = 1000,
): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await get(`limit=${limit}&offset=${offset}`);
    items.push(...page.body.data);
    if (offset + limit >= page.body.pagination.total) return items;
  }
}

/**
 * A partner of its own, onboarded through the admin API as an operator would: tests that change a
 * contract use it, so the seeded partners other test files rely on never change.
 */
export async function onboardPartner(scopes: string[]) {
  const operator = api('operator');
  const operatorToken = await operator.token();
  const keys = await generateKeyPair();
  const name = `Catalog test ${randomUUID()}`;
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
  if (application.status !== 201)
    throw new Error(`application: ${application.status} ${JSON.stringify(application.body)}`);
  const identity: ClientIdentity = {
    cert: account.body.certificate_pem,
    key: await privateKeyPem(keys.privateKey),
  };
  const tokenResponse = await request<{ access_token: string }>('POST', '/oauth/v2/token', {
    host: 'auth',
    form: {
      grant_type: 'client_credentials',
      client_id: application.body.client_id,
      client_secret: application.body.client_secret,
    },
  });
  const token = tokenResponse.body.access_token;
  return {
    accountId,
    request: <T = Record<string, unknown>>(path: string, headers: Record<string, string> = {}) =>
      request<T>('GET', path, { cert: identity, token, headers }),
  };
}

/** Runs catalog writes (contracts, seeding) against the stage's DynamoDB from this test process. */
export async function onStageTable(): Promise<void> {
  const { resetConfig } = await import('../../../shared/config/env.ts');
  const { resetDdb } = await import('../../../shared/db/client.ts');
  Object.assign(process.env, endpoints().environment);
  resetConfig();
  resetDdb();
}
