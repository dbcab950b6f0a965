/** What a seeder may build on: the accounts the stage seeded before it. */
export interface SeedContext {
  stateDir: string;
  now: Date;
  operator: { accountId: string };
  partners: readonly { accountId: string }[];
}

/**
 * Seed data of one feature, written once per state dir after the accounts (seed.json records which
 * seeders ran, so one added later also runs on the next start of an existing stage).
 */
export interface Seeder {
  name: string;
  run(context: SeedContext): Promise<void>;
}

/**
 * Features add their seeders here (catalog data, eSIM pools, ...). Import feature modules inside `run`,
 * so the stage has set the environment before they load.
 */
export const seeders: readonly Seeder[] = [
  {
    // Renamed when image bytes moved to S3 and the catalog gained its draft: a state dir seeded before
    // runs it once more (it is idempotent) and so gets both.
    name: 'catalog-draft-and-images',
    run: async ({ partners, now }) =>
      (await import('./seed-catalog.ts')).seedCatalog(
        partners.map((partner) => partner.accountId),
        now,
      ),
  },
  {
    // After the catalog: the venue operates every lounge and fast-track it published.
    name: 'venues',
    run: async ({ now }) => (await import('./seed-venues.ts')).seedVenue(now),
  },
  {
    name: 'esim-pools',
    run: async ({ partners, now }) =>
      (await import('./seed-esim.ts')).seedEsimPools(
        partners.map((partner) => partner.accountId),
        now,
      ),
  },
];
