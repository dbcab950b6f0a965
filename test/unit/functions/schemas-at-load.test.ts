import { afterEach, describe, expect, it, vi } from 'vitest';

/** Every zod factory call (`z.object`, `z.string`, ...) made while the mocked module is in use. */
const factoryCalls: string[] = [];

vi.mock('zod', async (importOriginal) => {
  const zod = await importOriginal<Record<string, unknown>>();
  return Object.fromEntries(
    Object.entries(zod).map(([name, value]) => [
      name,
      typeof value === 'function' && /^[a-z]/.test(name)
        ? (...args: unknown[]) => {
            factoryCalls.push(name);
            return (value as (...a: unknown[]) => unknown)(...args);
          }
        : value,
    ]),
  );
});

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
