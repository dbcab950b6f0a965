import { readdirSync } from 'node:fs';
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

const groups = readdirSync(new URL('../../../functions/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/*
 * Every schema of ours is written in zod's mini API (shared/schemas/zod.ts): the classic API would add
 * about 60 KiB and 6 ms to each function's init (docs/bench.md, "Cold start"). A file of its own, so no
 * other test has loaded either before.
 */
describe('loading the functions', () => {
  it('loads zod/mini and never classic zod, in any function', async () => {
    const handlers = await Promise.all(
      groups.map(
        (group) => import(`../../../functions/${group}/handler.ts`) as Promise<{ handler: unknown }>,
      ),
    );

    expect(groups.length).toBeGreaterThan(10);
    expect(handlers.map((module) => typeof module.handler)).toEqual(groups.map(() => 'function'));
    expect(zod.loaded).toEqual(['zod/mini']);
  });

  it('would see classic zod if anything loaded it', async () => {
    await import('zod');

    expect(zod.loaded).toContain('zod');
  });
});
