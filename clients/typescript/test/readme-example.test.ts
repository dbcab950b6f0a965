import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { examplePath, readmeExample } from './readme-example.ts';

describe("the client README's example", () => {
  it('is examples/quickstart.ts, character for character (the file an integration test runs)', async () => {
    const [shown, file] = await Promise.all([readmeExample(), readFile(examplePath, 'utf8')]);

    expect(shown).toBe(file);
  });
});
