/**
 * Builds the scanner app (Vite) into `scanner/dist/`, recording the hash of every input as the
 * console's build does (console/build.ts), so the local stage rebuilds only after an edit.
 * `npm run scanner:build` forces a build; the local stage and `cdk synth` call `ensureScannerBuild`.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCurrentBuild, swapInBuild } from '../console/build.ts';

const scannerDir = fileURLToPath(new URL('.', import.meta.url));
const repositoryRoot = resolve(scannerDir, '..');

export const scannerDistDir = join(scannerDir, 'dist');

async function buildInto(outDir: string): Promise<void> {
  const { build } = await import('vite');
  const modules: string[] = [];
  await build({
    configFile: join(scannerDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    plugins: [
      {
        name: 'scanner-build-inputs',
        buildEnd() {
          for (const id of this.getModuleIds()) {
            const path = id.split('?')[0] ?? id;
            if (isAbsolute(path) && existsSync(path)) modules.push(path);
          }
        },
      },
    ],
  });
  const publicDir = join(scannerDir, 'public');
  const publicFiles = (await readdir(publicDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  const inputs = [
    ...modules,
    ...publicFiles,
    join(scannerDir, 'vite.config.ts'),
    join(scannerDir, 'service-worker.js'),
    join(scannerDir, 'index.html'),
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
export function buildScanner(outDir: string = scannerDistDir): Promise<void> {
  return swapInBuild(outDir, buildInto);
}

export async function ensureScannerBuild(
  options: { outDir?: string; log?: (message: string) => void } = {},
): Promise<{ dir: string; built: boolean }> {
  const dir = options.outDir ?? scannerDistDir;
  if (await isCurrentBuild(dir)) return { dir, built: false };
  const started = Date.now();
  await buildScanner(dir);
  options.log?.(
    `built the scanner app into ${relative(process.cwd(), dir) || dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { dir, built: true };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : scannerDistDir;
  await buildScanner(outDir);
  console.log(`Scanner app written to ${outDir}`);
}
