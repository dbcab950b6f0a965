import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readmePath } from './readme-example.ts';

describe("the client README's events feed example", () => {
  it('is examples/events-feed.ts, character for character (the compiler checks that file)', async () => {
    const readme = await readFile(readmePath, 'utf8');
    const section = readme.slice(readme.indexOf('\n## Catching up with the events feed\n'));
    const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    const example = await readFile(new URL('../examples/events-feed.ts', import.meta.url), 'utf8');

    expect(block).toBe(example);
  });
});
