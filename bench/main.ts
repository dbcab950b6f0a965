import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchOptions } from '../infra/local/config.ts';
import { type Harness, startHarness } from './harness.ts';
import { publishResults } from './publish.ts';
import { formatSummary, formatTable, notApplicable, type Row } from './report.ts';
import { catalogScale } from './sections/catalog-scale.ts';
import { coldStart } from './sections/cold-start.ts';
import { operationCost } from './sections/cost.ts';
import { httpThroughput } from './sections/http.ts';
import { rateLimitCost } from './sections/limits.ts';
import { pipelineOverhead } from './sections/pipeline.ts';
import { soak } from './sections/soak.ts';
import { warmLatency } from './sections/warm.ts';
import { webhookDispatch } from './sections/webhooks.ts';
import { benchSettings } from './settings.ts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const settings = benchSettings();
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

type StageSection = (options: {
  harness: Harness;
  settings: typeof settings;
  log: typeof log;
}) => Promise<Row[]>;

/** In table order. A section that fails becomes one n/a row with its error, and the others still run. */
const stageSections: { section: string; run: StageSection }[] = [
  // First, on a fresh stage: a cold start serves its first request against the stage's DynamoDB.
  { section: '1 cold start', run: (options) => coldStart({ ...options, projectRoot, workDir }) },
  { section: '4 pipeline', run: pipelineOverhead },
  { section: '2 warm latency', run: warmLatency },
  // After the warm section, on a warm stage; its collectors only count inside its own calls.
  { section: '9 cost', run: operationCost },
  { section: '5 HTTP', run: httpThroughput },
  { section: '7 soak', run: soak },
  { section: '6 webhooks', run: webhookDispatch },
  { section: '7 rate limits', run: rateLimitCost },
  // Last: it publishes catalogs of thousands of lounges on the stage.
  { section: '8 scale', run: catalogScale },
];

/** `BENCH_ONLY=2,5` runs those sections alone (section 3 comes with 2): for working on one of them. */
const { only, functions, output: outputOverride } = benchOptions();
/**
 * `npm run bench -- --publish`: a full run of every section rewrites bench/results.json and
 * docs/bench.md. Without it a run changes no file of the repository, so only a change that means to
 * move a figure publishes one.
 */
const { values: flags } = parseArgs({ options: { publish: { type: 'boolean', default: false } } });
if (flags.publish && (settings.mode !== 'full' || only || functions || outputOverride)) {
  throw new Error(
    '--publish needs a full run of every section (no BENCH_QUICK, BENCH_ONLY, BENCH_FUNCTIONS or BENCH_OUTPUT)',
  );
}
const selected = (section: string) => !only || only.includes(section.split(' ')[0] ?? '');

async function guarded(section: string, run: () => Promise<Row[]>): Promise<Row[]> {
  const sectionStarted = Date.now();
  try {
    return await run();
  } catch (error) {
    log(`${section} failed: ${(error as Error).stack ?? String(error)}`);
    return [notApplicable(section, 'section failed', '', (error as Error).message.split('\n')[0] ?? 'error')];
  } finally {
    log(`${section}: ${((Date.now() - sectionStarted) / 1000).toFixed(1)} s`);
  }
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: projectRoot,
      encoding: 'utf8',
    }).trim();
  } catch {
    return undefined;
  }
}

const started = Date.now();
const loadBefore = loadavg();
const workDir = await mkdtemp(join(tmpdir(), 'partner-api-bench-'));
log(`${settings.mode} run; scratch in ${workDir}`);
const rows: Row[] = [];
try {
  const wanted = stageSections.filter(({ section }) => selected(section));
  if (wanted.length > 0) {
    log('starting the local stage (in memory, free ports)');
    const stateDir = join(workDir, 'stage');
    const harness = await startHarness({ stateDir, log: (message) => log(`stage: ${message}`) });
    try {
      for (const { section, run } of wanted) {
        rows.push(...(await guarded(section, () => run({ harness, settings, log }))));
      }
    } finally {
      await harness.stop();
    }
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}

// Sections run in the order that needs the fewest restarts; the table reads in section order.
rows.sort((a, b) => Number.parseInt(a.section, 10) - Number.parseInt(b.section, 10));
const table = formatTable(rows);
const cpu = cpus();
const results = {
  date: new Date(started).toISOString(),
  mode: settings.mode,
  settings,
  durationSeconds: Math.round((Date.now() - started) / 1000),
  machine: {
    cpuModel: cpu[0]?.model,
    cpus: cpu.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    platform: `${process.platform} ${release()} ${process.arch}`,
    loadAverageBefore: loadBefore.map((value) => Number(value.toFixed(2))),
    loadAverageAfter: loadavg().map((value) => Number(value.toFixed(2))),
  },
  node: process.version,
  commit: gitCommit(),
  rows,
  table,
  summary: formatSummary(rows),
};
const output =
  outputOverride ??
  (flags.publish
    ? join(projectRoot, 'bench', 'results.json')
    : join(tmpdir(), `partner-api-bench-${settings.mode}.json`));
await writeFile(output, `${JSON.stringify(results, null, 2)}\n`);
if (flags.publish) await publishResults(projectRoot, results);
console.log(table);
log(`done in ${results.durationSeconds} s; results in ${output}`);
