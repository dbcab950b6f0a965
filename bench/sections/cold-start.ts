import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { functionBundleOptions } from '../../infra/constructs/bundle.ts';
import { benchOptions, inheritedPath } from '../../infra/local/config.ts';
import { lambdaContext } from '../../infra/local/functions.ts';
import { alternate } from '../alternate.ts';
import { region } from '../environment.ts';
import type { Harness } from '../harness.ts';
import { measure, type Row } from '../report.ts';
import type { BenchSettings } from '../settings.ts';
import { median } from '../stats.ts';
import {
  type FirstAnswer,
  type FirstInvocation,
  FirstInvocationFixtures,
  failureOf,
  firstInvocations,
} from './first-invocations.ts';

const run = promisify(execFile);
const section = '1 cold start';
/** A cold start (init + first request) within 1.5x of its floor's (issue 33, item 8). */
export const coldStartBudget = 1.5;

/**
 * Measured in the fresh process itself: Node's own bootstrap is Lambda's, not ours. CPU time is the
 * figure: loading a bundle is CPU-bound, and unlike wall time it does not count the moments a
 * neighbour held the core (on an idle machine the two agree; the wall times are reported too). With
 * an event file, the handler then serves that first request or event: its caller waits for init and
 * it alike.
 * With a schema probe instead, the entry reports what building and first parsing its schemas cost.
 */
const coldStartTimer = `import { readFileSync } from 'node:fs';
const cpuMs = (used) => (used.user + used.system) / 1000;
const started = performance.now();
let cpu = process.cpuUsage();
const loaded = await import(process.argv[2]);
const imported = performance.now();
const timing = { importMs: imported - started, importCpuMs: cpuMs(process.cpuUsage(cpu)), processMs: imported };
if (process.argv[3]) {
  const { event, context, timeoutMs } = JSON.parse(readFileSync(process.argv[3], 'utf8'));
  context.getRemainingTimeInMillis = () => timeoutMs;
  cpu = process.cpuUsage();
  const before = performance.now();
  const result = await loaded.handler(event, context);
  const answer = { statusCode: result?.statusCode, batchItemFailures: result?.batchItemFailures?.length, effect: result?.policyDocument?.Statement?.[0]?.Effect };
  const { rss, heapUsed } = process.memoryUsage();
  Object.assign(timing, { firstMs: performance.now() - before, firstCpuMs: cpuMs(process.cpuUsage(cpu)), answer, rssMiB: rss / 2 ** 20, heapMiB: heapUsed / 2 ** 20 });
} else if (loaded.schemasBuilt) {
  Object.assign(timing, await loaded.schemasBuilt());
}
process.stdout.write(JSON.stringify(timing));
process.exit(0);
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
  VENUE_BASE_URL: 'https://venue.bench.invalid',
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

/** An entry that imports exactly these bindings and keeps them alive, and a handler (by default one that does nothing). */
export function floorEntry(
  imports: ImportsByModule,
  handler = 'export const handler = async () => keep.length;',
): string {
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
  lines.push(`export const keep = [${kept.join(', ')}];`, handler);
  return lines.join('\n');
}

/** The route modules a handler imports (shared/routes/<name>.ts): its schemas. */
export function routeModulesOf(handlerSource: string, projectRoot: string): string[] {
  return [...handlerSource.matchAll(/from '(?:\.\.\/)+shared\/routes\/([a-z-]+)\.ts'/g)].map(([, name]) =>
    join(projectRoot, 'shared', 'routes', `${name}.ts`),
  );
}

/**
 * An entry that loads zod and the validation module first (the floor has zod), then times importing
 * the function's route modules (building their schemas) and parsing the first request with them, as
 * the pipeline does.
 */
export function schemaProbeEntry(projectRoot: string, routeModules: readonly string[]): string {
  const file = (path: string) => JSON.stringify(join(projectRoot, path));
  return `const cpuMs = (used) => (used.user + used.system) / 1000;
export async function schemasBuilt() {
  const { parsePart } = await import(${file('shared/http/validation.ts')});
  const request = process.argv[4] ? JSON.parse((await import('node:fs')).readFileSync(process.argv[4], 'utf8')) : undefined;
  let cpu = process.cpuUsage();
  const modules = [${routeModules.map((module) => `await import(${JSON.stringify(module)})`).join(', ')}];
  const buildCpuMs = cpuMs(process.cpuUsage(cpu));
  cpu = process.cpuUsage();
  const route = modules.flatMap((module) => Object.values(module).flatMap((group) => Object.values(group)))
    .find((candidate) => candidate.operationId === request?.operationId);
  if (request?.operationId && !route) throw new Error('no route module of the function defines ' + request.operationId);
  if (route?.request) {
    const { event } = request;
    const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    const body = !event.body ? undefined : route.request.bodyType === 'form' ? Object.fromEntries(new URLSearchParams(event.body)) : JSON.parse(event.body);
    const { params, query, headers: headerSchema, body: bodySchema } = route.request;
    if (params) parsePart(params, event.pathParameters ?? {}, 'path');
    if (query) parsePart(query, event.queryStringParameters ?? {}, 'query');
    if (headerSchema) parsePart(headerSchema, headers, 'headers');
    if (bodySchema) parsePart(bodySchema, body, 'body');
  }
  return { buildCpuMs, parseCpuMs: cpuMs(process.cpuUsage(cpu)) };
}
`;
}

/** The floor's one bare DynamoDB call, on a client built as ours is (shared/db/client.ts). */
const bareGetItem = `import { DynamoDBClient as FloorClient, GetItemCommand as FloorGetItem } from '@aws-sdk/client-dynamodb';
export const handler = async () => {
  const client = new FloorClient({ region: process.env.AWS_REGION, endpoint: process.env.DYNAMODB_ENDPOINT, maxAttempts: 3 });
  await client.send(new FloorGetItem({ TableName: process.env.MAIN_TABLE_NAME, Key: { pk: { S: 'BENCH#floor' }, sk: { S: 'ITEM' } } }));
  return { statusCode: 200 };
};
`;

async function projectSources(projectRoot: string, bundle: Bundle): Promise<string[]> {
  // Modules a plugin generates are named `namespace:path`.
  const files = Object.keys(bundle.inputs).filter(
    (input) => !input.includes('node_modules/') && input.endsWith('.ts') && !/^[a-z-]+:/.test(input),
  );
  return Promise.all(files.map((file) => readFile(join(projectRoot, file), 'utf8')));
}

interface Timing {
  importMs: number;
  importCpuMs: number;
  processMs: number;
  /** Of the first invocation, when one was served. */
  firstMs?: number;
  /** Resident set and heap after init and the first request: the function's footprint (section 9, memory). */
  rssMiB?: number;
  heapMiB?: number;
  firstCpuMs?: number;
  answer?: FirstAnswer;
  /** The function's last line on stderr (its error logs), to say why an invocation failed. */
  lastLog?: string;
  /** Of a schema probe. */
  buildCpuMs?: number;
  parseCpuMs?: number;
}

async function timeColdStart(
  timer: string,
  file: string,
  env: Record<string, string>,
  requestFile?: string,
): Promise<Timing> {
  const args = [timer, pathToFileURL(file).href, ...(requestFile ? [requestFile] : [])];
  const { stdout, stderr } = await run(process.execPath, args, { env });
  const lastLog = stderr.trim().split('\n').at(-1);
  // The timing is the last line: a request's log line (the request log, docs/support.md) may precede it.
  return {
    ...(JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Timing),
    ...(lastLog ? { lastLog } : {}),
  };
}

async function timeSchemaProbe(
  timer: string,
  file: string,
  env: Record<string, string>,
  requestFile?: string,
): Promise<Timing> {
  const args = [timer, pathToFileURL(file).href, '', requestFile ?? ''];
  const { stdout } = await run(process.execPath, args, { env });
  return JSON.parse(stdout) as Timing;
}

/** An event file of the function's first invocation, the same path for each of its cold starts. */
async function writeEventFile(dir: string, group: string, invocation: FirstInvocation): Promise<string> {
  const file = join(dir, `${group}-event.json`);
  const timeoutMs = invocation.timeoutMs ?? 29_000;
  const context = lambdaContext(group, timeoutMs, region);
  const event = await invocation.event();
  await writeFile(file, JSON.stringify({ operationId: invocation.operationId, event, context, timeoutMs }));
  return file;
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

export async function functionGroups(projectRoot: string): Promise<string[]> {
  const names = await readdir(join(projectRoot, 'functions'));
  return names.filter((name) => existsSync(join(projectRoot, 'functions', name, 'handler.ts'))).sort();
}

export async function coldStart(options: {
  projectRoot: string;
  workDir: string;
  harness: Harness;
  settings: BenchSettings;
  log: (message: string) => void;
}): Promise<Row[]> {
  const { projectRoot, workDir, harness, settings, log } = options;
  const dir = join(workDir, 'cold-start');
  await mkdir(dir, { recursive: true });
  const timer = join(dir, 'timer.mjs');
  await writeFile(timer, coldStartTimer);
  // The functions' environment on the stage: its DynamoDB, its secrets, the seeded tables.
  const env = { ...lambdaEnvironment, ...harness.stage.endpoints.environment, PATH: inheritedPath() };
  const wanted = benchOptions().functions;
  const groups = (await functionGroups(projectRoot)).filter((group) => !wanted || wanted.includes(group));
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
  const probeEntries: Record<string, string> = {};
  const sdkPackages = new Map<string, string>();
  const requestFiles = new Map<string, string>();
  const invocations = new Map<string, FirstInvocation>();
  /** Why a function's cold start has no figure. */
  const unmeasured = new Map<string, string>();
  const fixtures = new FirstInvocationFixtures(harness, dir);
  try {
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
      floorEntries[`${group}-floor`] = join(dir, `${group}-floor.mjs`);
      await writeFile(join(dir, `${group}-floor.mjs`), floorEntry(imports, bareGetItem));
      if (sdkImports.size > 0) {
        floorEntries[`${group}-sdk`] = join(dir, `${group}-sdk.mjs`);
        await writeFile(join(dir, `${group}-sdk.mjs`), floorEntry(sdkImports));
      }
      const first = firstInvocations[group];
      if (!first) {
        unmeasured.set(group, 'no first invocation defined in bench/sections/first-invocations.ts');
      } else {
        try {
          const invocation = await first(fixtures);
          invocations.set(group, invocation);
          requestFiles.set(group, await writeEventFile(dir, group, invocation));
        } catch (error) {
          unmeasured.set(group, `its first invocation could not be prepared: ${firstLine(error)}`);
        }
      }
      const routeModules = routeModulesOf(await readFile(entries[group] as string, 'utf8'), projectRoot);
      if (routeModules.length > 0) {
        probeEntries[group] = join(dir, `${group}-schemas.mjs`);
        await writeFile(probeEntries[group] as string, schemaProbeEntry(projectRoot, routeModules));
      }
    }
    log('cold start: bundling the floors and the schema probes');
    const floors = await bundleAll(projectRoot, join(dir, 'floors'), floorEntries, { inject: [] });
    const probes = await bundleAll(projectRoot, join(dir, 'probes'), probeEntries, { inject: [] });

    const rows: Row[] = [];
    for (const group of groups) {
      log(`cold start: ${group}`);
      const ours = handlers[group] as Bundle;
      const libraries = floors[`${group}-libraries`] as Bundle;
      const floor = floors[`${group}-floor`] as Bundle;
      const sdk = floors[`${group}-sdk`];
      const probe = probes[group];
      const sdkNames = sdkPackages.get(group) ?? '';
      const requestFile = requestFiles.get(group);

      const singleFile = singleFiles[group] as Bundle;
      const candidates: Record<string, Bundle> = {
        ours,
        singleFile,
        empty,
        libraries,
        ...(sdk ? { sdk } : {}),
      };
      const timings = new Map<string, Timing[]>(
        [...Object.keys(candidates), 'served', 'floor', 'probe'].map((key) => [key, []]),
      );
      const contenders = Object.entries(candidates).map(([key, candidate]) => async () => {
        const timing = await timeColdStart(timer, candidate.file, lambdaEnvironment);
        timings.get(key)?.push(timing);
        return timing.importCpuMs;
      });
      const invocation = invocations.get(group);
      if (requestFile && invocation) {
        const served = { ...env, ...invocation.environment, PATH: inheritedPath() };
        // Init and the first invocation, against the stage: ours with an event of its own each time,
        // and the floor's bare GetItem. A failed invocation leaves the row without a figure.
        contenders.push(async () => {
          if (unmeasured.has(group)) return 0;
          try {
            await writeEventFile(dir, group, invocation);
            const timing = await timeColdStart(timer, ours.file, served, requestFile);
            const failure = failureOf(timing.answer);
            if (failure)
              throw new Error(timing.lastLog ? `${failure}; it logged ${timing.lastLog}` : failure);
            timings.get('served')?.push(timing);
            return timing.importCpuMs;
          } catch (error) {
            unmeasured.set(group, `its first invocation failed: ${firstLine(error)}`);
            log(`cold start: ${group}'s first invocation failed: ${(error as Error).message}`);
            return 0;
          }
        });
        contenders.push(async () => {
          const timing = await timeColdStart(timer, floor.file, env, requestFile);
          timings.get('floor')?.push(timing);
          return timing.importCpuMs;
        });
      }
      if (probe) {
        contenders.push(async () => {
          const timing = await timeSchemaProbe(timer, probe.file, env, requestFile);
          timings.get('probe')?.push(timing);
          return timing.importCpuMs;
        });
      }
      await alternate(settings.cold.repetitions, contenders);
      const cpu = (key: string) => timings.get(key)?.map((timing) => timing.importCpuMs) ?? [];
      const served = (key: string) =>
        timings.get(key)?.map((timing) => timing.importCpuMs + (timing.firstCpuMs ?? 0)) ?? [];
      const wall = (key: string, field: 'importMs' | 'processMs' = 'importMs') =>
        median(timings.get(key)?.map((timing) => timing[field]) ?? []).toFixed(1);
      const againstFloor = (key: string, notes: Record<string, string> = {}) =>
        measure(cpu('ours'), cpu(key), 'ms', {
          'wall ms, ours vs floor': `${wall('ours')} vs ${wall(key)}`,
          ...notes,
        });
      const coldStartName = `${group}: cold start (init + first request, CPU time)`;
      const coldStartFloor = `same SDK commands + jose + zod, one bare GetItem`;
      const coldStartColumn = `cold start vs SDK + jose + zod + GetItem (budget ≤ ${coldStartBudget}x)`;
      const coldStartUnmeasured = unmeasured.get(group);
      if (!coldStartUnmeasured) {
        const footprint = (key: string, field: 'rssMiB' | 'heapMiB') =>
          median(timings.get(key)?.map((timing) => timing[field] ?? 0) ?? []).toFixed(0);
        const firstWall = (key: string) =>
          median(timings.get(key)?.map((timing) => timing.importMs + (timing.firstMs ?? 0)) ?? []).toFixed(1);
        const measured = measure(served('served'), served('floor'), 'ms', {
          'init CPU ms, ours vs floor': `${median(cpu('served')).toFixed(1)} vs ${median(cpu('floor')).toFixed(1)}`,
          'wall ms, ours vs floor': `${firstWall('served')} vs ${firstWall('floor')}`,
          'RSS MiB after the first request, ours vs floor': `${footprint('served', 'rssMiB')} vs ${footprint('floor', 'rssMiB')}`,
          'heap MiB after the first request': footprint('served', 'heapMiB'),
        });
        rows.push({
          section,
          name: coldStartName,
          floorName: coldStartFloor,
          pivot: { subject: group, column: coldStartColumn, withFigures: true },
          measured,
          budget: { description: `≤ ${coldStartBudget}x`, met: measured.ratio <= coldStartBudget },
          ...(invocation?.note ? { note: invocation.note } : {}),
        });
      } else {
        rows.push({
          section,
          name: coldStartName,
          floorName: coldStartFloor,
          pivot: { subject: group, column: coldStartColumn },
          notApplicable: coldStartUnmeasured,
        });
      }
      if (probe) {
        const schemaMs =
          timings.get('probe')?.map((timing) => (timing.buildCpuMs ?? 0) + (timing.parseCpuMs ?? 0)) ?? [];
        const build = median(timings.get('probe')?.map((timing) => timing.buildCpuMs ?? 0) ?? []);
        const parse = median(timings.get('probe')?.map((timing) => timing.parseCpuMs ?? 0) ?? []);
        rows.push({
          section,
          name: `${group}: schemas (route modules built + first request parsed, CPU time)`,
          floorName: 'the cold start it is part of',
          pivot: { subject: group, column: 'schemas, share of cold start', withFigures: true },
          measured: measure(schemaMs, requestFile ? served('served') : cpu('ours'), 'ms', {
            'build ms': build.toFixed(1),
            'first parse ms': parse.toFixed(1),
          }),
          note: requestFile ? 'part of the cold start above' : 'part of the init (no first request measured)',
        });
      }
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
        rows.push({
          section,
          name,
          floorName: `SDK clients only (${sdkNames})`,
          pivot: {
            subject: group,
            column: 'init vs SDK clients only (the former budget)',
            withFigures: true,
          },
          measured: againstFloor('sdk'),
          note: 'for comparison with the figures before issue 33 (docs/bench.md)',
        });
      } else {
        rows.push({
          section,
          name,
          floorName: 'SDK clients only',
          pivot: { subject: group, column: 'init vs SDK clients only (the former budget)' },
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
  } finally {
    await fixtures.close();
  }
}
