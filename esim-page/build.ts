/**
 * Builds the traveller's eSIM page (Vite) into `esim-page/dist/`, recording the hash of every input as
 * the console's and the scanner's builds do, so the local stage rebuilds only after an edit.
 * `npm run esim-page:build` forces a build; the local stage and `cdk synth` call `ensureEsimPageBuild`.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCurrentBuild, swapInBuild } from '../console/build.ts';

const pageDir = fileURLToPath(new URL('.', import.meta.url));
const repositoryRoot = resolve(pageDir, '..');

export const esimPageDistDir = join(pageDir, 'dist');

async function buildInto(outDir: string): Promise<void> {
  const { build } = await import('vite');
  const modules: string[] = [];
  await build({
    configFile: join(pageDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    plugins: [
      {
        name: 'esim-page-build-inputs',
        buildEnd() {
          for (const id of this.getModuleIds()) {
            const path = id.split('?')[0] ?? id;
            if (isAbsolute(path) && existsSync(path)) modules.push(path);
          }
        },
      },
    ],
  });
  const inputs = [
    ...modules,
    join(pageDir, 'vite.config.ts'),
    join(pageDir, 'index.html'),
    fileURLToPath(import.meta.url),
  ];
  const files: Record<string, string> = {};
  for (const path of [...new Set(inputs)].sort()) {
    files[relative(repositoryRoot, path)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  }
  await writeFile(join(outDir, '.build-inputs.json'), `${JSON.stringify({ files }, null, 2)}\n`);
}

/** Builds into a sibling directory and swaps it in, so a running stage never reads half a build. */
export function buildEsimPage(outDir: string = esimPageDistDir): Promise<void> {
  return swapInBuild(outDir, buildInto);
}

export async function ensureEsimPageBuild(
  options: { outDir?: string; log?: (message: string) => void } = {},
): Promise<{ dir: string; built: boolean }> {
  const dir = options.outDir ?? esimPageDistDir;
  if (await isCurrentBuild(dir)) return { dir, built: false };
  const started = Date.now();
  await buildEsimPage(dir);
  options.log?.(
    `built the eSIM page into ${relative(process.cwd(), dir) || dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { dir, built: true };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : esimPageDistDir;
  await buildEsimPage(outDir);
  console.log(`eSIM page written to ${outDir}`);
}
