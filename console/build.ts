/**
 * Builds the console (Vite) and the API reference into one directory, `console/dist/` by default:
 * the console at its root, the reference under `reference/`. A build records the hash of every file
 * that went into it (`.build-inputs.json`); `ensureConsoleBuild` reuses a directory whose inputs are
 * unchanged, so `npm start` builds only after an edit (about 2 s) and otherwise starts at once.
 *
 * `npm run console:build` forces a build; the local stage and `cdk synth` call `ensureConsoleBuild`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildReference, referenceInputs } from './reference/build.ts';

const consoleDir = fileURLToPath(new URL('.', import.meta.url));
const repositoryRoot = resolve(consoleDir, '..');

/** Where `npm run console:build`, the local stage and the CDK deploy find the built files. */
export const consoleDistDir = join(consoleDir, 'dist');
/** The API reference inside a build. */
export const referenceSubdir = 'reference';
/** The build's record of its inputs; a dotfile, so neither the local sites nor the deploy serve it. */
const inputsFile = '.build-inputs.json';

interface BuildInputs {
  /** Repository-relative path -> SHA-256 of the file's content. */
  files: Record<string, string>;
}

async function sha256Of(path: string): Promise<string | undefined> {
  try {
    return createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  } catch {
    return undefined;
  }
}

/** True when `dir` holds a build whose every input still has the content it was built from. */
export async function isCurrentBuild(dir: string): Promise<boolean> {
  let recorded: BuildInputs;
  try {
    recorded = JSON.parse(await readFile(join(dir, inputsFile), 'utf8')) as BuildInputs;
  } catch {
    return false;
  }
  const entries = Object.entries(recorded.files ?? {});
  if (entries.length === 0) return false;
  const hashes = await Promise.all(entries.map(([path]) => sha256Of(join(repositoryRoot, path))));
  return entries.every(([, hash], index) => hashes[index] === hash);
}

/** Files in `<siteDir>/public/` (none when it has no such folder), copied as they are by Vite. */
async function publicFiles(siteDir: string): Promise<string[]> {
  const dir = join(siteDir, 'public');
  if (!existsSync(dir)) return [];
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  return names.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Runs Vite on a site's folder (its `vite.config.ts`) into `outDir`; answers every file the bundle
 * was made of, its config and its public files. The console, the scanner and the eSIM page use it.
 */
export async function buildViteSite(siteDir: string, outDir: string): Promise<string[]> {
  // Loaded only when a build is needed: a current build starts the stage without Vite.
  const { build } = await import('vite');
  const modules: string[] = [];
  await build({
    configFile: join(siteDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    plugins: [
      {
        name: 'build-inputs',
        buildEnd() {
          for (const id of this.getModuleIds()) {
            const path = id.split('?')[0] ?? id;
            if (isAbsolute(path) && existsSync(path)) modules.push(path);
          }
        },
      },
    ],
  });
  return [...modules, join(siteDir, 'vite.config.ts'), ...(await publicFiles(siteDir))];
}

/** Writes the build's record of its inputs, which `isCurrentBuild` checks. */
export async function recordBuildInputs(outDir: string, inputs: readonly string[]): Promise<void> {
  const files: Record<string, string> = {};
  for (const path of [...new Set(inputs)].sort()) {
    const hash = await sha256Of(path);
    if (hash) files[relative(repositoryRoot, path)] = hash;
  }
  await writeFile(join(outDir, inputsFile), `${JSON.stringify({ files } satisfies BuildInputs, null, 2)}\n`);
}

async function buildInto(outDir: string): Promise<void> {
  const appInputs = await buildViteSite(consoleDir, outDir);
  await buildReference(join(outDir, referenceSubdir));
  await recordBuildInputs(outDir, [...appInputs, ...referenceInputs(), fileURLToPath(import.meta.url)]);
}

/**
 * Runs `buildInto` on a sibling directory and swaps it in, so a stage that is reading the previous
 * build never sees half of the next one (the console's and the scanner's builds).
 */
export async function swapInBuild(outDir: string, buildInto: (dir: string) => Promise<void>): Promise<void> {
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const fresh = `${outDir}.building-${suffix}`;
  const previous = `${outDir}.previous-${suffix}`;
  try {
    await buildInto(fresh);
    if (existsSync(outDir)) await rename(outDir, previous);
    await rename(fresh, outDir);
  } finally {
    await rm(fresh, { recursive: true, force: true });
    await rm(previous, { recursive: true, force: true });
  }
}

export function buildConsole(outDir: string = consoleDistDir): Promise<void> {
  return swapInBuild(outDir, buildInto);
}

/** A site's build in `dir`: reused when its inputs are unchanged, else built now (and logged). */
export async function ensureBuild(
  dir: string,
  build: (dir: string) => Promise<void>,
  what: string,
  log?: (message: string) => void,
): Promise<{ dir: string; built: boolean }> {
  if (await isCurrentBuild(dir)) return { dir, built: false };
  const started = Date.now();
  await build(dir);
  log?.(
    `built ${what} into ${relative(process.cwd(), dir) || dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { dir, built: true };
}

/** The built console and reference in `outDir`: reused when current, else built now. */
export function ensureConsoleBuild(
  options: { outDir?: string; log?: (message: string) => void } = {},
): Promise<{ dir: string; built: boolean }> {
  return ensureBuild(
    options.outDir ?? consoleDistDir,
    buildConsole,
    'the console and the API reference',
    options.log,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : consoleDistDir;
  await buildConsole(outDir);
  console.log(`Console written to ${outDir}, the API reference to ${join(outDir, referenceSubdir)}`);
}
