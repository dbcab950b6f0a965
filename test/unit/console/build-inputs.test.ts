import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isCurrentBuild } from '../../../console/build.ts';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'console-build-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

async function record(files: Record<string, string>): Promise<void> {
  await writeFile(join(dir, '.build-inputs.json'), JSON.stringify({ files }));
}

describe('a console build directory', () => {
  it('is current while every recorded input has the content it was built from', async () => {
    await record({ 'console/csp.ts': sha256(await readFile('console/csp.ts')) });

    await expect(isCurrentBuild(dir)).resolves.toBe(true);
  });

  it('is stale when an input changed since the build', async () => {
    await record({ 'console/csp.ts': sha256(Buffer.from('an older version')) });

    await expect(isCurrentBuild(dir)).resolves.toBe(false);
  });

  it('is stale when an input is gone, or when it records no input at all', async () => {
    await record({ 'console/gone.ts': sha256(Buffer.from('')) });
    await expect(isCurrentBuild(dir)).resolves.toBe(false);

    await record({});
    await expect(isCurrentBuild(dir)).resolves.toBe(false);
  });

  it('is stale when it holds no record (never built, or built by hand)', async () => {
    await expect(isCurrentBuild(dir)).resolves.toBe(false);
  });
});
