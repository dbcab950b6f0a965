import { loadSeedCatalog, type SeedCatalog } from '../../../infra/local/seed-catalog.ts';
import { type ApiResponse, api, endpoints, stage } from '../../support/api.ts';
import { onboardPartner as onboardTestPartner } from '../../support/onboard.ts';

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

/** A fresh partner with its own account (no contract of its own) and an application with `scopes`. */
export async function onboardPartner(scopes: string[]) {
  const partner = await onboardTestPartner(scopes, 'Catalog test');
  return {
    accountId: partner.accountId,
    request: <T = Record<string, unknown>>(path: string, headers: Record<string, string> = {}) =>
      partner.call<T>('GET', path, { headers }),
  };
}

/** Runs catalog writes (contracts, seeding) against the stage's DynamoDB from this test process. */
export async function onStageTable(): Promise<void> {
  const { resetModuleCaches } = await import('../../../shared/config/reset.ts');
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
}
