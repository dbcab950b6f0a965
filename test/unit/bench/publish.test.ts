import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PublishedResults, publishResults } from '../../../bench/publish.ts';

const results: PublishedResults = {
  date: '2026-11-24T20:21:00.000Z',
  durationSeconds: 479,
  commit: 'abc1234',
  node: 'v24.0.0',
  machine: {
    cpuModel: 'Test CPU',
    cpus: 2,
    memoryGiB: 8,
    platform: 'linux x64',
    loadAverageBefore: [0.5],
    loadAverageAfter: [1.5],
  },
  summary: '| new summary |',
};

describe('publishing a bench run', () => {
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'bench-publish-'));
    await mkdir(join(root, 'docs'));
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('rewrites what docs/bench.md holds between its markers and leaves the README alone', async () => {
    const readme = '# Project\n<!-- bench:summary -->\nold\n<!-- /bench:summary -->\n';
    await writeFile(join(root, 'README.md'), readme);
    await writeFile(
      join(root, 'docs', 'bench.md'),
      [
        'Run of <!-- bench:date -->old<!-- /bench:date -->',
        '<!-- bench:summary -->\nold\n<!-- /bench:summary -->',
        '<!-- bench:machine -->\nold\n<!-- /bench:machine -->',
      ].join('\n'),
    );

    await publishResults(root, results);

    const bench = await readFile(join(root, 'docs', 'bench.md'), 'utf8');
    expect(bench).toContain('Run of <!-- bench:date -->2026-11-24 20:21 UTC<!-- /bench:date -->');
    expect(bench).toContain('<!-- bench:summary -->\n| new summary |\n<!-- /bench:summary -->');
    expect(bench).toContain('commit `abc1234`, 479 s: 2 × Test CPU, 8 GiB');
    expect(await readFile(join(root, 'README.md'), 'utf8')).toBe(readme);
  });
});
