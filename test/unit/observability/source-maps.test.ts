import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot, sourceMapSupport } from '../../../infra/constructs/entries.ts';

const run = promisify(execFile);
const entry = join(projectRoot, 'test', 'unit', 'observability', 'fixtures', 'failing-entry.ts');
let outdir: string;

/** A bundle as ApiFunction builds it (minified ESM, external map without sources), with or without the inject. */
async function bundle(name: string, inject: string[]): Promise<string> {
  await build({
    entryPoints: { [name]: entry },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    mainFields: ['module', 'main'],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    inject,
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'silent',
  });
  return join(outdir, `${name}.mjs`);
}

/** The stack the bundle prints, in a process started as Lambda starts ours: no NODE_OPTIONS. */
async function stackOf(file: string): Promise<string> {
  const { stdout } = await run(process.execPath, [file], { env: { PATH: process.env.PATH ?? '' } });
  return stdout;
}

beforeAll(async () => {
  outdir = await mkdtemp(join(tmpdir(), 'source-maps-'));
});

afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
});

describe('stack traces of a deployed bundle', () => {
  it('name the TypeScript file, line and function where the error was thrown', async () => {
    const stack = await stackOf(await bundle('mapped', [sourceMapSupport]));

    expect(stack).toContain('Error: card declined');
    expect(stack).toMatch(/at chargeCard \(file:\/\/\S*failing-entry\.ts:4:9\)/);
  });

  it('point into the minified bundle without the injected source map support', async () => {
    const stack = await stackOf(await bundle('unmapped', []));

    expect(stack).toContain('Error: card declined');
    expect(stack).not.toContain('failing-entry.ts');
    expect(stack).toContain('unmapped.mjs:');
  });
});
