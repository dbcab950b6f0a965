import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { profileOptions } from '../infra/local/config.ts';
import { nowMs } from './alternate.ts';
import { countRoundTrips, type Harness, startHarness } from './harness.ts';
import { type HotOperation, hotOperations, type Invocation } from './operations.ts';
import { type CpuProfile, type ProfileSummary, summarizeProfile } from './profile-summary.ts';

const log = (message: string) => process.stderr.write(`[profile] ${message}\n`);

interface Profiled {
  summary: ProfileSummary;
  wallMsPerCall: number;
  /** process.cpuUsage (user + system): CPU time spent, unlike samples, not inflated by waiting for a core. */
  cpuMsPerCall: number;
  roundTripsPerCall: number;
}

async function profiled(
  session: Session,
  calls: number,
  arm: Invocation,
  keep: string | undefined,
): Promise<Profiled> {
  let roundTrips = 0;
  // Every event is built before the profiler starts: building it is the caller's work, not ours.
  const armed = await Promise.all(Array.from({ length: calls }, () => arm()));
  await session.post('Profiler.start');
  const started = nowMs();
  const cpuBefore = process.cpuUsage();
  for (const call of armed) {
    const { commands } = await countRoundTrips(call);
    roundTrips += commands.length;
  }
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = nowMs() - started;
  const { profile } = await session.post('Profiler.stop');
  if (keep) await writeFile(keep, JSON.stringify(profile));
  return {
    summary: summarizeProfile(profile as CpuProfile),
    wallMsPerCall: wallMs / calls,
    cpuMsPerCall: (cpu.user + cpu.system) / 1000 / calls,
    roundTripsPerCall: roundTrips / calls,
  };
}

/**
 * Samples are wall-clock: on a busy machine a function also collects the time it waited for a core.
 * Their shares are kept and scaled to the CPU time the process really spent (process.cpuUsage).
 */
function scaled(profiled: Profiled, calls: number) {
  const factor = profiled.summary.busyMs > 0 ? profiled.cpuMsPerCall / profiled.summary.busyMs : 0;
  const perCall = (ms: number) => ms * factor * 1000;
  return {
    areas: new Map(profiled.summary.areas.map(({ area, ms }) => [area, perCall(ms)])),
    functions: new Map(profiled.summary.functions.map(({ name, ms }) => [name, perCall(ms)])),
    cpuUs: profiled.cpuMsPerCall * 1000,
    calls,
  };
}

function differences(ours: Map<string, number>, floor: Map<string, number>) {
  return [...new Set([...ours.keys(), ...floor.keys()])]
    .map((key) => ({ key, ours: ours.get(key) ?? 0, floor: floor.get(key) ?? 0 }))
    .map((row) => ({ ...row, extra: row.ours - row.floor }))
    .sort((a, b) => b.extra - a.extra);
}

const us = (value: number) => `${Math.round(value)}`;

function report(
  operation: HotOperation,
  calls: number,
  oursProfile: Profiled,
  floorProfile: Profiled,
): string {
  const ours = scaled(oursProfile, calls);
  const floor = scaled(floorProfile, calls);
  const areas = differences(ours.areas, floor.areas).filter(
    (row) => Math.abs(row.extra) >= 5 || row.ours >= 20,
  );
  const functions = differences(ours.functions, floor.functions).slice(0, 15);
  return [
    `### ${operation.name}`,
    '',
    `${calls} calls each; floor: ${operation.floorName}. CPU of this process per call ${us(ours.cpuUs)} µs ` +
      `vs ${us(floor.cpuUs)} µs (on top: ${us(ours.cpuUs - floor.cpuUs)} µs); wall per call ` +
      `${oursProfile.wallMsPerCall.toFixed(2)} ms vs ${floorProfile.wallMsPerCall.toFixed(2)} ms; DynamoDB ` +
      `requests per call ${oursProfile.roundTripsPerCall.toFixed(2)} vs ${floorProfile.roundTripsPerCall.toFixed(2)}.`,
    '',
    '| area | ours µs/call | floor µs/call | on top µs/call |',
    '| --- | --- | --- | --- |',
    ...areas.map((row) => `| ${row.key} | ${us(row.ours)} | ${us(row.floor)} | ${us(row.extra)} |`),
    '',
    'Functions with the most CPU on top of the floor (self time, µs/call):',
    '',
    ...functions.map((row) => `- ${us(row.extra)} ${row.key}`),
    '',
  ].join('\n');
}

async function profileOperation(
  harness: Harness,
  session: Session,
  operation: HotOperation,
  calls: number,
  dir: string | undefined,
): Promise<string> {
  const warmup = Math.min(50, calls);
  const prepared = await operation.prepare(harness, warmup + calls);
  if (typeof prepared === 'string') return `### ${operation.name}\n\nn/a: ${prepared}\n`;
  const floor = operation.floor(harness);
  for (let index = 0; index < warmup; index++) {
    await (await prepared())();
    await (await floor())();
  }
  const slug = operation.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  const ours = await profiled(session, calls, prepared, dir && join(dir, `${slug}.cpuprofile`));
  const bare = await profiled(session, calls, floor, dir && join(dir, `${slug}-floor.cpuprofile`));
  return report(operation, calls, ours, bare);
}

export async function runProfiles(): Promise<void> {
  const options = profileOptions();
  const calls = options.calls ?? 300;
  const workDir = await mkdtemp(join(tmpdir(), 'partner-api-profile-'));
  if (options.dir) await mkdir(options.dir, { recursive: true });
  const harness = await startHarness({
    stateDir: join(workDir, 'stage'),
    log: (message) => log(`stage: ${message}`),
    stageProcess: 'child',
  });
  const session = new Session();
  session.connect();
  const sections: string[] = [];
  try {
    // 100 µs sampling: a warm call is a few hundred µs of CPU, so each gets a handful of samples.
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    const wanted = hotOperations.filter(
      (operation) => !options.only || options.only.some((part) => operation.name.includes(part)),
    );
    for (const operation of wanted) {
      log(operation.name);
      sections.push(await profileOperation(harness, session, operation, calls, options.dir));
    }
  } finally {
    session.disconnect();
    await harness.stop();
    await rm(workDir, { recursive: true, force: true });
  }
  console.log(sections.join('\n'));
}
