/**
 * Summarizes a V8 CPU profile (the inspector's `Profiler.stop`, or a `.cpuprofile` of `node --cpu-prof`)
 * by where the sampled time went: areas of our code, the libraries, Node itself, idle. Self time only:
 * each sample counts once, for the function on top of the stack.
 */

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  /** Sampled milliseconds, idle excluded. */
  busyMs: number;
  idleMs: number;
  /** Busy milliseconds per area, largest first. */
  areas: { area: string; ms: number }[];
  /** Busy milliseconds per function (name and file), largest first. */
  functions: { name: string; ms: number }[];
}

const areaRules: readonly [RegExp, string][] = [
  [/node_modules\/@aws-sdk\//, 'AWS SDK'],
  [/node_modules\/@smithy\//, 'AWS SDK (smithy)'],
  [/node_modules\/@middy\//, 'middy'],
  [/node_modules\/zod\//, 'zod'],
  [/node_modules\/jose\//, 'jose'],
  [/node_modules\/@aws-lambda-powertools\//, 'Powertools'],
  [/node_modules\/(qrcode|pngjs|dijkstrajs)\//, 'qrcode'],
  [/node_modules\/fauxqs\//, 'stage: SQS emulator'],
  [/node_modules\/undici\//, 'undici'],
  [/node_modules\/([^/]+)\//, 'other libraries'],
  [/\/infra\/local\//, 'stage: gateways and pollers'],
  [/\/bench\//, 'bench harness'],
  [/\/shared\/http\/pipeline\//, 'ours: pipeline'],
  [/\/shared\/http\//, 'ours: http'],
  [/\/shared\/auth\//, 'ours: auth'],
  [/\/shared\/db\//, 'ours: db'],
  [/\/shared\/domain\//, 'ours: domain'],
  [/\/shared\//, 'ours: other shared'],
  [/\/functions\//, 'ours: handlers'],
  [/^node:|^internal\/|^$/, 'node'],
];

const specialAreas: Record<string, string> = {
  '(idle)': 'idle',
  '(garbage collector)': 'garbage collector',
  '(program)': 'node (program)',
  '(root)': 'node (program)',
};

export function areaOf(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  const special = specialAreas[functionName];
  if (special && url === '') return special;
  for (const [pattern, area] of areaRules) if (pattern.test(url)) return area;
  return 'other';
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const project = url.search(/\/(shared|functions|infra|bench)\//);
  return project >= 0 ? url.slice(project + 1) : url;
}

function sortedTotals(totals: Map<string, number>): { key: string; ms: number }[] {
  return [...totals].map(([key, ms]) => ({ key, ms })).sort((a, b) => b.ms - a.ms);
}

export function summarizeProfile(profile: CpuProfile): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let idleMs = 0;
  for (let index = 0; index < samples.length; index++) {
    const node = byId.get(samples[index] as number);
    // A sample's delta is the time since the previous one: it belongs to the previous sample's stack,
    // and the first delta to the first sample (the usual approximation, as DevTools does).
    const ms = (deltas[index + 1] ?? deltas[index] ?? 0) / 1000;
    if (!node) continue;
    const area = areaOf(node);
    if (area === 'idle') {
      idleMs += ms;
      continue;
    }
    areas.set(area, (areas.get(area) ?? 0) + ms);
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
  }
  const busyMs = [...areas.values()].reduce((sum, ms) => sum + ms, 0);
  return {
    busyMs,
    idleMs,
    areas: sortedTotals(areas).map(({ key, ms }) => ({ area: key, ms })),
    functions: sortedTotals(functions).map(({ key, ms }) => ({ name: key, ms })),
  };
}
