import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { partitionAccessTable } from '../../support/table-access.ts';

describe('docs/architecture.md', () => {
  it('states who writes and reads each partition group as the function registry declares it', () => {
    const doc = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
    const table = /<!-- partition-access:start -->\n([\s\S]*?)\n<!-- partition-access:end -->/.exec(doc)?.[1];

    expect(table).toBe(partitionAccessTable());
  });
});
