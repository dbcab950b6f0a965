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

/**
 * The layers, lowest first. A file imports files of its own layer and of the layers it names, never
 * of a layer above; no exception. The model (the domain and the zod schemas of what crosses the wire
 * or is stored) is one layer because the two use each other: schemas refine with the domain's rules,
 * the catalog's records are schemas. Configuration and the model know nothing of each other.
 */
const layers = [
  { name: 'vocabulary', folders: ['shared/vocabulary/', 'shared/util/'], mayImport: [] },
  { name: 'configuration', folders: ['shared/config/'], mayImport: ['vocabulary'] },
  { name: 'model', folders: ['shared/domain/', 'shared/schemas/'], mayImport: ['vocabulary'] },
  { name: 'route table', folders: ['shared/routes/'], mayImport: ['vocabulary', 'model'] },
  {
    name: 'adapters',
    folders: [
      'shared/aws/',
      'shared/crypto/',
      'shared/secrets/',
      'shared/observability/',
      'shared/db/',
      'shared/storage/',
      'shared/queues/',
      'shared/net/',
      'shared/pki/',
      'shared/auth/',
      'shared/idempotency/',
      'shared/usage-plans/',
    ],
    mayImport: ['vocabulary', 'configuration', 'model', 'route table'],
  },
  {
    name: 'HTTP',
    folders: ['shared/http/', 'shared/openapi/'],
    mayImport: ['vocabulary', 'configuration', 'model', 'route table', 'adapters'],
  },
  {
    name: 'functions',
    folders: ['functions/'],
    mayImport: ['vocabulary', 'configuration', 'model', 'route table', 'adapters', 'HTTP'],
  },
] as const;
type Layer = (typeof layers)[number];

function layerOf(file: string): Layer | undefined {
  return layers.find((layer) => layer.folders.some((folder) => file.startsWith(folder)));
}

const awsPackages = ['@aws-sdk/', 'aws-lambda', '@aws-lambda-powertools/', '@middy/'];
const isAwsPackage = (target: string) =>
  awsPackages.some((name) => target === name || target.startsWith(name));
const isPackage = (target: string) => !target.startsWith('shared/') && !target.startsWith('functions/');
/** Layers that run anywhere: no AWS SDK, no Lambda types, no middleware framework. */
const awsFree: readonly Layer['name'][] = ['vocabulary', 'configuration', 'model', 'route table'];

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

describe('the layers', () => {
  it('hold every file of shared/ and functions/', () => {
    expect([...graph.keys()].filter((file) => layerOf(file) === undefined)).toEqual([]);
  });

  it('import only their own layer and the layers below it', () => {
    const upward = [...graph].flatMap(([file, targets]) => {
      const layer = layerOf(file);
      const allowed: readonly string[] = [layer?.name ?? '', ...(layer?.mayImport ?? [])];
      return targets
        .filter((target) => !isPackage(target) && !allowed.includes(layerOf(target)?.name ?? ''))
        .map((target) => `${file} (${layer?.name}) imports ${target} (${layerOf(target)?.name})`);
    });

    expect(upward).toEqual([]);
  });

  it('leave the vocabulary free of every package: it is plain TypeScript', () => {
    const imports = [...graph]
      .filter(([file]) => layerOf(file)?.name === 'vocabulary')
      .flatMap(([file, targets]) => targets.filter(isPackage).map((target) => `${file} imports ${target}`));

    expect(imports).toEqual([]);
  });

  it('keep AWS out of the vocabulary, configuration, model and route table', () => {
    const imports = [...graph]
      .filter(([file]) => awsFree.includes(layerOf(file)?.name ?? 'functions'))
      .flatMap(([file, targets]) =>
        targets.filter(isAwsPackage).map((target) => `${file} imports ${target}`),
      );

    expect(imports).toEqual([]);
  });

  it('never import the tools around the service (infra, scripts, bench, tests)', () => {
    const imports = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => /^(infra|scripts|bench|test|console|clients)\//.test(target))
        .map((target) => `${file} imports ${target}`),
    );

    expect(imports).toEqual([]);
  });

  it('leave the domain free of AWS through any chain of imports', () => {
    const chains = domainFiles.flatMap((file) => {
      const chain = pathFrom(file, isAwsPackage);
      return chain ? [chain.join(' -> ')] : [];
    });

    expect(chains).toEqual([]);
    // The stores implement the domain's ports: adapters import the model, never the reverse.
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
