import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// A conflict left in prose passes every compiler and linter; only a reader would notice it.
const markerLine = /^(<{7}|>{7})( .*)?$|^={7}$/m;

describe('the repository', () => {
  it('holds no merge-conflict markers in any tracked text file', () => {
    const files = execFileSync(
      'git',
      ['ls-files', '-z', '--', '*.md', '*.ts', '*.tsx', '*.json', '*.yaml', '*.yml', '*.css', '*.html'],
      {
        encoding: 'utf8',
      },
    )
      .split('\0')
      .filter((file) => file.length > 0);
    const withMarkers = files.filter((file) => markerLine.test(readFileSync(file, 'utf8')));
    expect(withMarkers).toEqual([]);
  });
});
