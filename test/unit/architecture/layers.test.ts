import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The module specifiers of a TypeScript source: static imports (type-only ones too, which a bundler
 * would erase but which still tie the layers together), side-effect imports, re-exports and dynamic
 * imports. Biome formats every file, so declarations have one shape.
 */
function importsOf(source: string): string[] {
  const patterns = [
    /^\s*import\s+(?:type\s+)?[\w$*\s{},]+?\s+from\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /^\s*export\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] ?? ''));
}

function sourcesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(folder, name).split('\\').join('/'))
    .sort();
}

/** Repository-relative targets of a file's relative imports, package names as they are. */
function dependenciesOf(file: string): string[] {
  return importsOf(readFileSync(join(root, file), 'utf8')).map((specifier) =>
    specifier.startsWith('.')
      ? relative(root, resolve(root, dirname(file), specifier))
          .split('\\')
          .join('/')
      : specifier,
  );
}

const graph = new Map(
  [...sourcesUnder('shared'), ...sourcesUnder('functions')].map((file) => [file, dependenciesOf(file)]),
);
const domainFiles = [...graph.keys()].filter((file) => file.startsWith('shared/domain/'));

/** Pure helpers outside the domain that it may use: they import nothing with side effects. */
const pureHelpers = [
  'shared/auth/scopes.ts',
  'shared/auth/oauth-error.ts',
  'shared/auth/basic-credentials.ts',
];
const forbiddenFolders = [
  'shared/db/',
  'shared/storage/',
  'shared/queues/',
  'shared/config/',
  'shared/secrets/',
  'shared/net/',
  'shared/pki/',
  'shared/observability/',
  'shared/http/',
  'shared/idempotency/',
  'shared/auth/',
  'functions/',
];
const forbiddenPackages = ['@aws-sdk/', 'aws-lambda', '@aws-lambda-powertools/', '@middy/'];

function forbidden(target: string): boolean {
  if (pureHelpers.includes(target)) return false;
  return (
    forbiddenFolders.some((folder) => target.startsWith(folder)) ||
    forbiddenPackages.some((name) => target === name || target.startsWith(name))
  );
}

/** The chain of imports from `start` to the first file `stop` accepts, if any. */
function pathFrom(start: string, stop: (file: string) => boolean): string[] | undefined {
  const cameFrom = new Map<string, string>([[start, start]]);
  const queue = [start];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const next of graph.get(file) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      if (stop(next)) {
        const chain = [next];
        for (let step = file; step !== start; step = cameFrom.get(step) ?? start) chain.unshift(step);
        return [start, ...chain];
      }
      if (graph.has(next)) queue.push(next);
    }
  }
  return undefined;
}

describe('the import scanner', () => {
  it('sees every form an import takes', () => {
    const source = [
      "import 'reflect-metadata';",
      "import { randomUUID } from 'node:crypto';",
      "import type { Page } from '../ports.ts';",
      'import {',
      '  type Booking,',
      '  passStatusOf,',
      "} from './model.ts';",
      "import * as z from 'zod';",
      "export { parseBasicCredentials } from './basic-credentials.ts';",
      "export type * from './types.ts';",
      "  const { signPartnerCsr } = await import('./certificates.ts');",
      "const text = 'not an import from here';",
    ].join('\n');

    expect(importsOf(source).sort()).toEqual(
      [
        'reflect-metadata',
        'node:crypto',
        '../ports.ts',
        './model.ts',
        'zod',
        './basic-credentials.ts',
        './types.ts',
        './certificates.ts',
      ].sort(),
    );
  });

  it('reads the imports of the domain', () => {
    expect(domainFiles).toContain('shared/domain/booking/service.ts');
    expect(graph.get('shared/domain/booking/service.ts')).toContain('shared/domain/booking/ports.ts');
  });
});

describe('the domain layer', () => {
  it('imports no adapter, no configuration, no secret store and no AWS package', () => {
    const violations = domainFiles.flatMap((file) =>
      (graph.get(file) ?? []).filter(forbidden).map((target) => `${file} imports ${target}`),
    );

    expect(violations).toEqual([]);
  });

  it('reaches none of them through other modules either', () => {
    const chains = domainFiles.flatMap((file) => {
      const chain = pathFrom(file, forbidden);
      return chain ? [chain.join(' -> ')] : [];
    });

    expect(chains).toEqual([]);
  });

  it('forms no import cycle with shared/db: no chain of imports leads from the domain into it', () => {
    const intoDb = domainFiles.flatMap((file) => {
      const chain = pathFrom(file, (target) => target.startsWith('shared/db/'));
      return chain ? [chain.join(' -> ')] : [];
    });

    expect(intoDb).toEqual([]);
    // The other direction is the design: the stores implement the domain's ports.
    expect(
      pathFrom('shared/db/entities/booking.ts', (target) => target.startsWith('shared/domain/')),
    ).toBeDefined();
  });
});

describe('the functions', () => {
  it('are composition roots: no AWS SDK call and no item mapping of their own, adapters do both', () => {
    const functionFiles = [...graph.keys()].filter((file) => file.startsWith('functions/'));
    const violations = functionFiles.flatMap((file) =>
      (graph.get(file) ?? [])
        .filter((target) => target.startsWith('@aws-sdk/'))
        .map((target) => `${file} imports ${target}`),
    );

    expect(functionFiles).toContain('functions/webhook-dispatcher/handler.ts');
    expect(violations).toEqual([]);
  });
});
