import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { functionBundleOptions } from '../../infra/constructs/bundle.ts';
import { inheritedPath } from '../../infra/local/config.ts';
import { alternate } from '../alternate.ts';
import { region } from '../environment.ts';
import { measure, type Row } from '../report.ts';
import type { BenchSettings } from '../settings.ts';
import { median } from '../stats.ts';

const run = promisify(execFile);
const section = '1 cold start';
export const initBudget = 1.5;

/**
 * Measured in the fresh process itself: Node's own bootstrap is Lambda's, not ours. CPU time is the
 * figure: loading a bundle is CPU-bound, and unlike wall time it does not count the moments a
 * neighbour held the core (on an idle machine the two agree; the wall times are reported too).
 */
const importTimer = `const started = performance.now();
const cpu = process.cpuUsage();
await import(process.argv[2]);
const imported = performance.now();
const used = process.cpuUsage(cpu);
process.stdout.write(JSON.stringify({
  importMs: imported - started,
  importCpuMs: (used.user + used.system) / 1000,
  processMs: imported,
}));
`;

/** A Lambda's environment at init: configuration present, nothing reachable, no inherited NODE_OPTIONS. */
export const lambdaEnvironment: Record<string, string> = {
  PATH: inheritedPath(),
  AWS_REGION: region,
  AWS_EC2_METADATA_DISABLED: 'true',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  STAGE: 'local',
  MAIN_TABLE_NAME: 'bench-main',
  IDEMPOTENCY_TABLE_NAME: 'bench-idempotency',
  AUDIT_TABLE_NAME: 'bench-audit',
  IMAGES_BUCKET_NAME: 'bench-images',
  TOKEN_ISSUER: 'https://auth.bench.invalid',
  PARTNER_AUDIENCE: 'https://api.bench.invalid',
  ADMIN_AUDIENCE: 'https://api.bench.invalid/api/v1/admin',
  API_BASE_URL: 'https://api.bench.invalid',
  AUTH_BASE_URL: 'https://auth.bench.invalid',
  ADMIN_BASE_URL: 'https://admin.bench.invalid',
  POWERTOOLS_SERVICE_NAME: 'partner-travel-services',
  LOG_LEVEL: 'WARN',
};

interface Bundle {
  file: string;
  bytes: number;
  /** Every input that went into this bundle, with its bytes in the output. */
  inputs: Record<string, { bytesInOutput: number }>;
}

function packageOf(input: string): string {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return 'project';
  const [first = '', second = ''] = input.slice(at + 'node_modules/'.length).split('/');
  if (first === '@aws-sdk' || first === '@smithy' || first === '@aws-crypto') return 'AWS SDK';
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/** Where a bundle's bytes come from, largest first: the first place to look when a budget is missed. */
export function largestContributors(bundle: Bundle, count = 5): string {
  const bytes = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(bundle.inputs)) {
    const name = packageOf(input);
    bytes.set(name, (bytes.get(name) ?? 0) + bytesInOutput);
  }
  return [...bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, size]) => `${name} ${Math.round(size / 1024)} KiB`)
    .join(', ');
}

/** Floors inject nothing; `splitting: false` builds the same code as one file, for comparison. */
interface BundleVariant {
  inject?: string[];
  splitting?: boolean;
}

/**
 * A function or a floor built as Lambda gets it (infra/constructs/bundle.ts), one build per entry as
 * CDK runs them. What a cold start loads is `index.mjs` and the chunks it imports statically; chunks
 * reached only through `import()` wait for first use, and neither their bytes nor their inputs count.
 * Floors get no injected module; their generated entries resolve packages from the project.
 */
export async function bundle(
  projectRoot: string,
  entry: string,
  outdir: string,
  options: BundleVariant = {},
): Promise<Bundle> {
  const result = await build({
    ...functionBundleOptions(entry, outdir),
    ...options,
    nodePaths: [join(projectRoot, 'node_modules')],
    metafile: true,
    logLevel: 'silent',
  });
  const { outputs } = result.metafile;
  const loaded = new Set<string>();
  const load = (output: string) => {
    if (loaded.has(output)) return;
    loaded.add(output);
    for (const { path, kind, external } of outputs[output]?.imports ?? []) {
      if (kind === 'import-statement' && !external) load(path);
    }
  };
  const file = join(outdir, 'index.mjs');
  const index = relative(projectRoot, file);
  if (!outputs[index]) throw new Error(`esbuild wrote no ${file}`);
  load(index);
  const inputs: Bundle['inputs'] = {};
  let bytes = 0;
  for (const output of loaded) {
    bytes += outputs[output]?.bytes ?? 0;
    for (const [input, { bytesInOutput }] of Object.entries(outputs[output]?.inputs ?? {})) {
      inputs[input] = { bytesInOutput: (inputs[input]?.bytesInOutput ?? 0) + bytesInOutput };
    }
  }
  return { file, bytes, inputs };
}

async function bundleAll(
  projectRoot: string,
  outdir: string,
  entries: Record<string, string>,
  options: BundleVariant = {},
): Promise<Record<string, Bundle>> {
  const built = await Promise.all(
    Object.entries(entries).map(
      async ([name, entry]) => [name, await bundle(projectRoot, entry, join(outdir, name), options)] as const,
    ),
  );
  return Object.fromEntries(built);
}

type ImportsByModule = Map<string, { names: Set<string>; namespace: boolean }>;

const measuredPackage = (specifier: string) =>
  specifier.startsWith('@aws-sdk/') || ['jose', 'zod', 'zod/mini'].includes(specifier);

/** Our schemas import zod's mini API through shared/schemas/zod.ts, which sets its locale up. */
const libraryOf = (specifier: string) =>
  /(^|\/)schemas\/zod\.ts$|^\.\/zod\.ts$/.test(specifier) ? 'zod/mini' : specifier;

/** Value imports of the SDK, jose and zod in the project files that went into a bundle. */
export function libraryImports(sources: readonly string[]): ImportsByModule {
  const imports: ImportsByModule = new Map();
  const entry = (specifier: string) => {
    let found = imports.get(specifier);
    if (!found) {
      found = { names: new Set(), namespace: false };
      imports.set(specifier, found);
    }
    return found;
  };
  for (const source of sources) {
    for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
      const [, typeOnly, names = '', imported = ''] = match;
      const specifier = libraryOf(imported);
      if (typeOnly || !measuredPackage(specifier)) continue;
      for (const part of names.split(',')) {
        const name = part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name && !name.startsWith('type ')) entry(specifier).names.add(name);
      }
    }
    for (const match of source.matchAll(/import\s+\*\s+as\s+(\w+)\s+from\s*['"]([^'"]+)['"]/g)) {
      const [statement, alias = '', imported = ''] = match;
      const specifier = libraryOf(imported);
      if (!measuredPackage(specifier)) continue;
      // `z.object(...)` keeps only `object` alive in a bundle: the floor imports the members used,
      // not the whole namespace (for zod that would add every locale, about 30 ms of load).
      const rest = source.replace(statement, '');
      // `z.core.$ZodType` names a type: zod's `$`-prefixed members exist only as types here.
      for (const member of rest.matchAll(new RegExp(`\\b${alias}\\.(\\w+)\\b(?!\\.\\$)`, 'g'))) {
        entry(specifier).names.add(member[1] ?? '');
      }
      if (new RegExp(`\\b${alias}\\b(?!\\s*\\.)`).test(rest)) entry(specifier).namespace = true;
    }
  }
  return imports;
}

/** Drops names that exist only as types (`z.infer`, `z.output`): a floor imports values. */
async function valuesOnly(imports: ImportsByModule): Promise<ImportsByModule> {
  const values: ImportsByModule = new Map();
  for (const [specifier, { names, namespace }] of imports) {
    const exported = new Set(Object.keys((await import(specifier)) as object));
    values.set(specifier, { names: new Set([...names].filter((name) => exported.has(name))), namespace });
  }
  return values;
}

/** An entry that imports exactly these bindings and keeps them alive, nothing else. */
export function floorEntry(imports: ImportsByModule): string {
  const lines: string[] = [];
  const kept: string[] = [];
  for (const [specifier, { names, namespace }] of imports) {
    if (namespace) {
      const alias = `_${kept.length}`;
      kept.push(alias);
      lines.push(`import * as ${alias} from '${specifier}';`);
      continue;
    }
    const bindings = [...names].map((name) => {
      const alias = `_${kept.length}`;
      kept.push(alias);
      return `${name} as ${alias}`;
    });
    if (bindings.length > 0) lines.push(`import { ${bindings.join(', ')} } from '${specifier}';`);
  }
  lines.push(`export const keep = [${kept.join(', ')}];`, 'export const handler = async () => keep.length;');
  return lines.join('\n');
}

async function projectSources(projectRoot: string, bundle: Bundle): Promise<string[]> {
  // Modules a plugin generates (a handler's compiled route modules) are named `namespace:path`.
  const files = Object.keys(bundle.inputs).filter(
    (input) => !input.includes('node_modules/') && input.endsWith('.ts') && !/^[a-z-]+:/.test(input),
  );
  return Promise.all(files.map((file) => readFile(join(projectRoot, file), 'utf8')));
}

interface Timing {
  importMs: number;
  importCpuMs: number;
  processMs: number;
}

async function timeImport(timer: string, file: string): Promise<Timing> {
  const { stdout } = await run(process.execPath, [timer, pathToFileURL(file).href], {
    env: lambdaEnvironment,
  });
  return JSON.parse(stdout) as Timing;
}

export async function functionGroups(projectRoot: string): Promise<string[]> {
  const names = await readdir(join(projectRoot, 'functions'));
  return names.filter((name) => existsSync(join(projectRoot, 'functions', name, 'handler.ts'))).sort();
}

export async function coldStart(options: {
  projectRoot: string;
  workDir: string;
  settings: BenchSettings;
  log: (message: string) => void;
}): Promise<Row[]> {
  const { projectRoot, workDir, settings, log } = options;
  const dir = join(workDir, 'cold-start');
  await mkdir(dir, { recursive: true });
  const timer = join(dir, 'timer.mjs');
  await writeFile(timer, importTimer);
  const groups = await functionGroups(projectRoot);
  const emptyEntry = join(dir, 'empty.mjs');
  await writeFile(emptyEntry, 'export const handler = async () => ({ statusCode: 200, body: "" });\n');
  log(`cold start: bundling ${groups.length} functions`);
  const entries = Object.fromEntries(
    groups.map((group) => [group, join(projectRoot, 'functions', group, 'handler.ts')]),
  );
  const handlers = await bundleAll(projectRoot, join(dir, 'handlers'), entries);
  const singleFiles = await bundleAll(projectRoot, join(dir, 'single-file'), entries, { splitting: false });
  const empty = await bundle(projectRoot, emptyEntry, join(dir, 'empty'), { inject: [] });

  const floorEntries: Record<string, string> = {};
  const sdkPackages = new Map<string, string>();
  for (const group of groups) {
    const imports = await valuesOnly(
      libraryImports(await projectSources(projectRoot, handlers[group] as Bundle)),
    );
    const sdkImports: ImportsByModule = new Map(
      [...imports].filter(([specifier]) => specifier.startsWith('@aws-sdk/')),
    );
    sdkPackages.set(group, [...sdkImports.keys()].map((name) => name.replace('@aws-sdk/', '')).join(', '));
    floorEntries[`${group}-libraries`] = join(dir, `${group}-libraries.mjs`);
    await writeFile(join(dir, `${group}-libraries.mjs`), floorEntry(imports));
    if (sdkImports.size > 0) {
      floorEntries[`${group}-sdk`] = join(dir, `${group}-sdk.mjs`);
      await writeFile(join(dir, `${group}-sdk.mjs`), floorEntry(sdkImports));
    }
  }
  log('cold start: bundling the floors');
  const floors = await bundleAll(projectRoot, join(dir, 'floors'), floorEntries, { inject: [] });

  const rows: Row[] = [];
  for (const group of groups) {
    log(`cold start: ${group}`);
    const ours = handlers[group] as Bundle;
    const libraries = floors[`${group}-libraries`] as Bundle;
    const sdk = floors[`${group}-sdk`];
    const sdkNames = sdkPackages.get(group) ?? '';

    const singleFile = singleFiles[group] as Bundle;
    const candidates: Record<string, Bundle> = {
      ours,
      singleFile,
      empty,
      libraries,
      ...(sdk ? { sdk } : {}),
    };
    const timings = new Map<string, Timing[]>(Object.keys(candidates).map((key) => [key, []]));
    await alternate(
      settings.cold.repetitions,
      Object.entries(candidates).map(([key, candidate]) => async () => {
        const timing = await timeImport(timer, candidate.file);
        timings.get(key)?.push(timing);
        return timing.importCpuMs;
      }),
    );
    const cpu = (key: string) => timings.get(key)?.map((timing) => timing.importCpuMs) ?? [];
    const wall = (key: string, field: 'importMs' | 'processMs' = 'importMs') =>
      median(timings.get(key)?.map((timing) => timing[field]) ?? []).toFixed(1);
    const againstFloor = (key: string, notes: Record<string, string> = {}) =>
      measure(cpu('ours'), cpu(key), 'ms', {
        'wall ms, ours vs floor': `${wall('ours')} vs ${wall(key)}`,
        ...notes,
      });
    const name = `${group}: init (import of the bundle, CPU time)`;
    rows.push({
      section,
      name,
      floorName: 'empty handler bundle',
      pivot: { subject: group, column: 'init vs empty handler' },
      measured: againstFloor('empty', {
        'process start→ready wall ms': `${wall('ours', 'processMs')} vs ${wall('empty', 'processMs')}`,
      }),
    });
    if (sdk) {
      const measured = againstFloor('sdk');
      rows.push({
        section,
        name,
        floorName: `SDK clients only (${sdkNames})`,
        pivot: {
          subject: group,
          column: `init vs SDK clients only (budget ≤ ${initBudget}x)`,
          withFigures: true,
        },
        measured,
        budget: { description: `≤ ${initBudget}x`, met: measured.ratio <= initBudget },
      });
    } else {
      rows.push({
        section,
        name,
        floorName: 'SDK clients only',
        pivot: { subject: group, column: `init vs SDK clients only (budget ≤ ${initBudget}x)` },
        notApplicable: 'the bundle imports no AWS SDK client',
      });
    }
    rows.push({
      section,
      name,
      floorName: 'same SDK commands + jose + zod',
      pivot: { subject: group, column: 'init vs SDK + jose + zod' },
      measured: againstFloor('libraries'),
      note: 'above 1x: our own modules and what they build at load time',
    });
    rows.push({
      section,
      name,
      floorName: 'the same code as one file',
      pivot: { subject: group, column: 'init vs one file' },
      measured: againstFloor('singleFile', {
        'KiB loaded, ours vs floor': `${Math.round(ours.bytes / 1024)} vs ${Math.round(singleFile.bytes / 1024)}`,
      }),
      note: 'below 1x: what the chunks loaded on first use keep out of the cold start',
    });
    rows.push({
      section,
      name: `${group}: bundle size`,
      floorName: 'same SDK commands + jose + zod',
      pivot: { subject: group, column: 'size vs SDK + jose + zod' },
      measured: measure([ours.bytes / 1024], [libraries.bytes / 1024], 'KiB'),
      note: `largest: ${largestContributors(ours)}`,
    });
  }
  return rows;
}
