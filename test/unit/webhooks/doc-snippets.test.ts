import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const text = (path: string) => readFile(new URL(path, root), 'utf8');

/** Every TypeScript block of a Markdown file, as written. */
async function tsBlocks(path: string): Promise<string[]> {
  return [...(await text(path)).matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

describe('the webhook verification snippets of the docs', () => {
  // test/integration/webhooks/signing.test.ts runs these files against real deliveries.
  it.each([
    ['docs/webhooks.md', 'docs/examples/verify-webhook-hmac.ts'],
    ['docs/webhooks.md', 'docs/examples/verify-webhook-ed25519.ts'],
    ['clients/typescript/README.md', 'docs/examples/verify-webhook-ed25519.ts'],
  ])('%s shows %s whole, as it is', async (doc, example) => {
    expect(await tsBlocks(doc)).toContain(await text(example));
  });
});
