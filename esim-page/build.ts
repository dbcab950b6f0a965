/**
 * Builds the traveller's eSIM page (Vite) into `esim-page/dist/`, recording the hash of every input as
 * the console's and the scanner's builds do, so the local stage rebuilds only after an edit.
 * `npm run esim-page:build` forces a build; the local stage and `cdk synth` call `ensureEsimPageBuild`.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildViteSite, ensureBuild, recordBuildInputs, swapInBuild } from '../console/build.ts';

const pageDir = fileURLToPath(new URL('.', import.meta.url));

export const esimPageDistDir = join(pageDir, 'dist');

async function buildInto(outDir: string): Promise<void> {
  const inputs = await buildViteSite(pageDir, outDir);
  await recordBuildInputs(outDir, [...inputs, join(pageDir, 'index.html'), fileURLToPath(import.meta.url)]);
}

/** Builds into a sibling directory and swaps it in, so a running stage never reads half a build. */
export function buildEsimPage(outDir: string = esimPageDistDir): Promise<void> {
  return swapInBuild(outDir, buildInto);
}

export function ensureEsimPageBuild(
  options: { outDir?: string; log?: (message: string) => void } = {},
): Promise<{ dir: string; built: boolean }> {
  return ensureBuild(options.outDir ?? esimPageDistDir, buildEsimPage, 'the eSIM page', options.log);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : esimPageDistDir;
  await buildEsimPage(outDir);
  console.log(`eSIM page written to ${outDir}`);
}
