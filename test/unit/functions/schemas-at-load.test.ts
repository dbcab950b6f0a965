import { afterEach, describe, expect, it, vi } from 'vitest';

/** Every zod factory call (`z.object`, `z.string`, ...) made while the mocked module is in use. */
const factoryCalls: string[] = [];

/** What zod exports in lower case that builds no schema: the locale set up, parsing. */
const notFactories = new Set(['config', 'parse', 'safeParse', 'parseAsync', 'safeParseAsync']);

/** Wraps every zod factory (`z.object`, `z.string`, ...) of a module, counting its calls. */
function counted(zod: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(zod).map(([name, value]) => [
      name,
      typeof value === 'function' && /^[a-z]/.test(name) && !notFactories.has(name)
        ? (...args: unknown[]) => {
            factoryCalls.push(name);
            return (value as (...a: unknown[]) => unknown)(...args);
          }
        : value,
    ]),
  );
}

vi.mock('zod/mini', async (importOriginal) => counted(await importOriginal<Record<string, unknown>>()));

afterEach(() => {
  factoryCalls.length = 0;
  vi.resetModules();
});

/*
 * The first zod schema a process builds compiles zod's own code, 8-14 ms of a cold start. A function
 * whose requests need no schema must not build one while it loads (docs/bench.md, "Cold start"). The
 * authorizer does not even load zod: test/unit/functions/authorizer-load.test.ts.
 */
describe('loading a function that needs no schema', () => {
  it('builds none: the recovery sweep', async () => {
    await import('../../../functions/recovery-sweep/handler.ts');

    expect(factoryCalls).toEqual([]);
  });

  it('is told apart from one that does: the catalog function builds its routes', async () => {
    await import('../../../functions/catalog/handler.ts');

    expect(factoryCalls.length).toBeGreaterThan(10);
  });
});

describe('loading a function that serves many operations', () => {
  it("builds an operation's request schemas on its first request, not at load: admin", async () => {
    const { adminRoutes } = await import('../../../shared/routes/admin.ts');
    await import('../../../functions/admin/handler.ts');
    const atLoad = factoryCalls.length;

    const parsed = adminRoutes.createAccount.request.body.safeParse({ name: '', csr_pem: 'x' });

    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['name']);
    // The body schema was built just now, by its first parse.
    expect(factoryCalls.length).toBeGreaterThan(atLoad);
    const afterFirst = factoryCalls.length;
    adminRoutes.createAccount.request.body.safeParse({ name: 'Acme', csr_pem: 'x' });
    expect(factoryCalls.length).toBe(afterFirst);
  });
});

describe("the catalog's record schemas", () => {
  // In a bundle the records are parsed by a parser compiled at build time
  // (shared/db/entities/catalog-parsers.ts); zod builds their schemas only for what it leaves.
  it.each(['booking', 'catalog', 'catalog-admin'])(
    'are built on first use, not at load: %s',
    async (name) => {
      // The seed is read (and parsed) first, in modules of its own.
      const { loadSeedCatalog } = await import('../../../infra/local/seed-catalog.ts');
      const { records } = await loadSeedCatalog();
      vi.resetModules();
      const { catalogRecords } = await import('../../../shared/domain/catalog/catalog-stored.ts');
      await import(`../../../functions/${name}/handler.ts`);
      const atLoad = factoryCalls.length;

      catalogRecords.parse(records);

      expect(factoryCalls.length).toBeGreaterThan(atLoad + 50);
    },
  );
});
