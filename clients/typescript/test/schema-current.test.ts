import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultPaths, generateSchemaTypes } from '../generator/generate.ts';

describe('the generated client types', () => {
  it('are what the current openapi.json generates (run `npm run client` after `npm run openapi`)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'client-types-'));
    try {
      const fresh = join(dir, 'schema.d.ts');
      await writeFile(fresh, await generateSchemaTypes(defaultPaths.openapi));

      const [regenerated, committed] = await Promise.all([
        readFile(fresh, 'utf8'),
        readFile(defaultPaths.output, 'utf8'),
      ]);

      expect(regenerated.length).toBeGreaterThan(1000);
      expect(
        committed === regenerated,
        'clients/typescript/src/schema.d.ts is stale: run `npm run client`',
      ).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
