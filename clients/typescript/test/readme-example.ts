import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The client's README and its example file, which the README shows whole. */
export const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
export const examplePath = fileURLToPath(new URL('../examples/quickstart.ts', import.meta.url));

/** The first TypeScript block of the README's Example section. */
export async function readmeExample(): Promise<string> {
  const readme = await readFile(readmePath, 'utf8');
  const section = readme.slice(readme.indexOf('\n## Example\n'));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('The README has no TypeScript example');
  return block;
}
