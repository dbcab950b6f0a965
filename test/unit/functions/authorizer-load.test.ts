import { describe, expect, it, vi } from 'vitest';

const zod = vi.hoisted(() => ({ loaded: [] as string[] }));

vi.mock('zod', async (importOriginal) => {
  zod.loaded.push('zod');
  return importOriginal();
});
vi.mock('zod/mini', async (importOriginal) => {
  zod.loaded.push('zod/mini');
  return importOriginal();
});

/*
 * The authorizer runs in front of every partner request and only verifies tokens: its code must not
 * load a schema library, whose parse and first use cost about 15 ms of its cold start
 * (docs/bench.md, "Cold start"). A file of its own, so no other test has loaded zod before.
 */
describe('loading the authorizer', () => {
  it('loads no zod, classic or mini: token verification, plans and usage keys need no schema', async () => {
    const { handler } = await import('../../../functions/authorizer/handler.ts');

    expect(handler).toBeTypeOf('function');
    expect(zod.loaded).toEqual([]);
  });

  it('is told apart from a module that does: the schema of the signing key set', async () => {
    // The token issuer itself loads it only with its first read of the secret.
    await import('../../../shared/auth/token-issuer.ts');
    expect(zod.loaded).toEqual([]);

    await import('../../../shared/auth/signing-key-set.ts');

    expect(zod.loaded).toEqual(['zod/mini']);
  });
});
