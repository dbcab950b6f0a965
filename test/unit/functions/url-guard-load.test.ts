import { describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({ modules: [] as string[] }));

vi.mock('ipaddr.js', async (importOriginal) => {
  loaded.modules.push('ipaddr.js');
  return importOriginal();
});

/*
 * The webhook URL guard (DNS lookups, ipaddr.js, node:dns) is what a subscription's URL is checked
 * with, and only creating or changing one does that. No cold start loads it (docs/bench.md, "Cold
 * start"): the request schemas check the URL's shape only (shared/domain/webhooks/url-shape.ts), and the
 * webhooks function imports the guard with the first URL it checks. A file of its own, so nothing
 * else has loaded the guard before.
 */
describe('loading the functions that take webhook URLs', () => {
  it('loads no URL guard: audit, admin (whose routes carry the webhook schemas) and webhooks', async () => {
    const functions = await Promise.all([
      import('../../../functions/audit/handler.ts'),
      import('../../../functions/admin/handler.ts'),
      import('../../../functions/webhooks/handler.ts'),
    ]);

    expect(functions.map((loadedFunction) => typeof loadedFunction.handler)).toEqual(
      Array(3).fill('function'),
    );
    expect(loaded.modules).toEqual([]);
  });

  it('loads it with the first URL the webhooks function checks, and refuses what the guard refuses', async () => {
    const { webhookUrls } = await import('../../../functions/webhooks/handler.ts');

    expect(await webhookUrls.problem('https://127.0.0.1/hook')).toMatch(/must reach a public address/);
    expect(loaded.modules).toEqual(['ipaddr.js']);
  });
});
