import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { functionBundleOptions } from '../../../infra/constructs/bundle.ts';
import { projectRoot, sourceMapSupport } from '../../../infra/constructs/entries.ts';
import { scratchDir } from '../support/scratch-dir.ts';

const run = promisify(execFile);
const fixtures = join(projectRoot, 'test', 'unit', 'observability', 'fixtures');
const outdir = scratchDir('source-maps-');

/** A bundle as ApiFunction builds it, with or without the injected source map support. */
async function bundle(name: string, entry: string, inject: string[]): Promise<string> {
  await build({
    ...functionBundleOptions(join(fixtures, entry), join(outdir(), name)),
    inject,
    logLevel: 'silent',
  });
  return join(outdir(), name, 'index.mjs');
}

/** The stack the bundle prints, in a process started as Lambda starts ours: no NODE_OPTIONS. */
async function stackOf(file: string): Promise<string> {
  const { stdout } = await run(process.execPath, [file], { env: { PATH: process.env.PATH ?? '' } });
  return stdout;
}

describe('stack traces of a deployed bundle', () => {
  it('name the TypeScript file, line and function where the error was thrown', async () => {
    const stack = await stackOf(await bundle('mapped', 'failing-entry.ts', [sourceMapSupport]));

    expect(stack).toContain('Error: card declined');
    expect(stack).toMatch(/at chargeCard \(file:\/\/\S*failing-entry\.ts:4:9\)/);
  });

  it('are mapped in a chunk loaded on first use too', async () => {
    const stack = await stackOf(await bundle('chunk', 'failing-chunk-entry.ts', [sourceMapSupport]));

    expect(stack).toContain('Error: refund refused');
    expect(stack).toMatch(/at refundCard \(file:\/\/\S*failing-chunk\.ts:4:9\)/);
  });

  it('point into the minified bundle without the injected source map support', async () => {
    const stack = await stackOf(await bundle('unmapped', 'failing-entry.ts', []));

    expect(stack).toContain('Error: card declined');
    expect(stack).not.toContain('failing-entry.ts');
    expect(stack).toContain('unmapped/index.mjs:');
  });
});
