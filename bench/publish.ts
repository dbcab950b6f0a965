import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What bench/results.json holds that docs/bench.md shows (the full table stays in the JSON). */
export interface PublishedResults {
  date: string;
  durationSeconds: number;
  commit: string | undefined;
  node: string;
  machine: {
    cpuModel: string | undefined;
    cpus: number;
    memoryGiB: number;
    platform: string;
    loadAverageBefore: number[];
    loadAverageAfter: number[];
  };
  summary: string;
}

function replaceMarked(text: string, marker: string, content: string, block: boolean): string {
  const pattern = new RegExp(`(<!-- ${marker} -->)[\\s\\S]*?(<!-- /${marker} -->)`);
  if (!pattern.test(text)) return text;
  return text.replace(pattern, (_match, open: string, close: string) =>
    block ? `${open}\n${content.trim()}\n${close}` : `${open}${content}${close}`,
  );
}

function machineLine(results: PublishedResults): string {
  const { machine } = results;
  const date = `${results.date.slice(0, 16).replace('T', ' ')} UTC`;
  return (
    `Full run of ${date}, commit \`${results.commit ?? 'unknown'}\`, ${results.durationSeconds} s: ` +
    `${machine.cpus} × ${machine.cpuModel ?? 'CPU'}, ${machine.memoryGiB} GiB, ${machine.platform}, Node ` +
    `${results.node}; load average ${machine.loadAverageBefore[0]} before, ${machine.loadAverageAfter[0]} after.`
  );
}

/**
 * Writes a full run into docs/bench.md, between its `bench:*` markers. Only `npm run bench --
 * --publish` calls it: a published figure is a commit that means to move it, not a side effect of
 * every run.
 */
export async function publishResults(projectRoot: string, results: PublishedResults): Promise<void> {
  const path = join(projectRoot, 'docs', 'bench.md');
  let text = await readFile(path, 'utf8');
  text = replaceMarked(text, 'bench:date', `${results.date.slice(0, 16).replace('T', ' ')} UTC`, false);
  text = replaceMarked(text, 'bench:summary', results.summary, true);
  text = replaceMarked(text, 'bench:machine', machineLine(results), true);
  await writeFile(path, text);
}

// `npx tsx bench/publish.ts`: publish bench/results.json again (after editing the docs by hand).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const projectRoot = join(fileURLToPath(import.meta.url), '..', '..');
  const results = JSON.parse(
    await readFile(join(projectRoot, 'bench', 'results.json'), 'utf8'),
  ) as PublishedResults;
  await publishResults(projectRoot, results);
  console.log(`published the run of ${results.date}`);
}
