/**
 * Builds the scanner app (Vite) into `scanner/dist/`, recording the hash of every input as the
 * console's build does (console/build.ts), so the local stage rebuilds only after an edit.
 * `npm run scanner:build` forces a build; the local stage and `cdk synth` call `ensureScannerBuild`.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildViteSite, ensureBuild, recordBuildInputs, swapInBuild } from '../console/build.ts';

const scannerDir = fileURLToPath(new URL('.', import.meta.url));

export const scannerDistDir = join(scannerDir, 'dist');

async function buildInto(outDir: string): Promise<void> {
  const inputs = await buildViteSite(scannerDir, outDir);
  await recordBuildInputs(outDir, [
    ...inputs,
    join(scannerDir, 'service-worker.js'),
    join(scannerDir, 'index.html'),
    fileURLToPath(import.meta.url),
  ]);
}

/** Builds into a sibling directory and swaps it in, so a running stage never reads half a build. */
export function buildScanner(outDir: string = scannerDistDir): Promise<void> {
  return swapInBuild(outDir, buildInto);
}

export function ensureScannerBuild(
  options: { outDir?: string; log?: (message: string) => void } = {},
): Promise<{ dir: string; built: boolean }> {
  return ensureBuild(options.outDir ?? scannerDistDir, buildScanner, 'the scanner app', options.log);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : scannerDistDir;
  await buildScanner(outDir);
  console.log(`Scanner app written to ${outDir}`);
}
