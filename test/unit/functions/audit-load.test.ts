import { describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({ modules: [] as string[] }));

vi.mock('ipaddr.js', async (importOriginal) => {
  loaded.modules.push('ipaddr.js');
  return importOriginal();
});

/*
 * The audit function serves one route, the audit log: it loads its own route module only, not the
 * employee administration's, whose webhook schemas bring the URL guard (ipaddr.js, node:tls,
 * node:dns) into a cold start (docs/bench.md, "Cold start"). A file of its own, so nothing else has
 * loaded the guard before.
 */
describe('loading the audit function', () => {
  it("loads no other group's routes: not the webhook URL guard", async () => {
    const { handler } = await import('../../../functions/audit/handler.ts');

    expect(handler).toBeTypeOf('function');
    expect(loaded.modules).toEqual([]);
  });

  it('is told apart from the admin function, which validates webhook URLs', async () => {
    await import('../../../functions/admin/handler.ts');

    expect(loaded.modules).toEqual(['ipaddr.js']);
  });
});
