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
 * The workers validate a few records of our own (queue messages, key sets, pass payloads) with zod's
 * mini API: the classic API would add about 70 KiB and 10 ms to each one's init (docs/bench.md,
 * "Cold start"). A file of its own, so no other test has loaded either before.
 */
describe('loading the workers', () => {
  it('loads zod/mini and never classic zod: dispatcher, key rotation, booking processor, recovery sweep', async () => {
    const workers = await Promise.all([
      import('../../../functions/webhook-dispatcher/handler.ts'),
      import('../../../functions/key-rotation/handler.ts'),
      import('../../../functions/booking-processor/handler.ts'),
      import('../../../functions/recovery-sweep/handler.ts'),
    ]);

    expect(workers.map((worker) => typeof worker.handler)).toEqual(Array(4).fill('function'));
    expect(zod.loaded).toEqual(['zod/mini']);
  });

  it('is told apart from a function that loads classic zod: the catalog, for its routes', async () => {
    await import('../../../functions/catalog/handler.ts');

    expect(zod.loaded).toContain('zod');
  });
});
