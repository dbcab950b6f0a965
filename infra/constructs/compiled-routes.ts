import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { compileFn, util } from 'zod/v4/core';
import type { RequestPart, RouteDefinition } from '../../shared/routes/types.ts';
import { idempotencyKeyHeader } from '../../shared/schemas/common.ts';
import { type SchemaParser, unparsed } from '../../shared/schemas/compiled.ts';
import * as predicates from '../../shared/schemas/predicates.ts';
import * as z from '../../shared/schemas/zod.ts';
import { projectRoot } from './entries.ts';

/** zod's helpers, by file: the package exports only its entry points. */
const zodUtilFile = join(dirname(createRequire(import.meta.url).resolve('zod/v4/core')), 'util.js');

const predicatesFile = join(projectRoot, 'shared', 'schemas', 'predicates.ts');

interface GeneratedParser {
  /** The names the generated body reads, then their values. */
  names: string[];
  values: unknown[];
  body: string;
}

/**
 * zod builds a compiled parser with `new Function(...names, body)` and calls the factory with the
 * values of those names: regular expressions, enum sets, its own helpers. Reading both as they pass is
 * the one way to get at them: zod documents `withParser` for parsers generated ahead of time, but
 * exports its generator (`compileFn`) marked internal. zod is pinned, and
 * test/infra/compiled-routes.test.ts fails when what it generates stops answering or stops agreeing
 * with zod. Synchronous, so nothing else runs while `Function` is wrapped.
 */
function generate(schema: z.core.$ZodType): GeneratedParser | undefined {
  const original = globalThis.Function;
  let generated: GeneratedParser | undefined;
  globalThis.Function = new Proxy(original, {
    construct(target, args: string[]) {
      const factory = Reflect.construct(target, args) as (...values: unknown[]) => unknown;
      const names = args.slice(0, -1);
      const body = args.at(-1) ?? '';
      return (...values: unknown[]) => {
        generated = { names, values, body };
        return factory(...values);
      };
    },
  });
  try {
    compileFn(schema);
    return generated;
  } catch {
    // A schema zod cannot compile (a reference cycle, an async refinement) is parsed by zod itself.
    return undefined;
  } finally {
    globalThis.Function = original;
  }
}

const primitive = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** Where a constant of the generated code comes from when it is not written out: a module and a name. */
export interface Imports {
  zodHelpers: Set<string>;
  predicates: Set<string>;
}

export const noImports = (): Imports => ({ zodHelpers: new Set(), predicates: new Set() });

const predicateNames = new Map<unknown, string>(
  Object.entries(predicates).map(([name, predicate]) => [predicate, name]),
);

/**
 * An island: a schema zod's compiler hands to its runtime parser. The one kind we meet is a number
 * coerced from a query string, with or without a default (cursor and page sizes); zod's runtime turns
 * the value into `Number(value)` and then checks it as a number, which is what the parser below does
 * with the same schema uncoerced. Any other island sends its part to zod.
 */
function islandSource(schema: z.core.$ZodType, imports: Imports): string | undefined {
  const { def } = schema._zod;
  const coercedNumber = (candidate: z.core.$ZodType) =>
    candidate._zod.def.type === 'number' && (candidate._zod.def as { coerce?: boolean }).coerce === true;
  const uncoerced = (candidate: z.core.$ZodType) =>
    util.clone(candidate, { ...candidate._zod.def, coerce: false } as z.core.$ZodTypeDef);
  const toNumber = '(value) => { try { return Number(value); } catch { return value; } }';
  if (def.type === 'default') {
    const { innerType, defaultValue } = def as z.core.$ZodDefaultDef;
    if (!coercedNumber(innerType)) return undefined;
    const parser = parserSource(z._default(uncoerced(innerType), defaultValue as number), imports);
    return (
      parser &&
      `((parse, toNumber) => (input) => parse(input === undefined ? undefined : toNumber(input)))(${parser}, ${toNumber})`
    );
  }
  if (!coercedNumber(schema)) return undefined;
  const parser = parserSource(uncoerced(schema), imports);
  return parser && `((parse, toNumber) => (input) => parse(toNumber(input)))(${parser}, ${toNumber})`;
}

/**
 * A value the generated parser closes over, written as source, or undefined where it cannot be (a
 * callback of ours other than a listed predicate, an island of another kind): such a parser is not
 * emitted, and its part goes to zod. zod's own helpers are imported by name from the one module that
 * holds them (their source reads other members of it): zod's entry would bring all of zod along.
 */
function sourceOf(value: unknown, imports: Imports): string | undefined {
  if (value === unparsed) return 'Symbol.for("zod.compile.invalid")';
  if (value instanceof RegExp) return value.toString();
  if (value instanceof Set) {
    const members = [...value];
    return members.every(primitive) ? `new Set(${JSON.stringify(members)})` : undefined;
  }
  if (value !== null && typeof value === 'object' && '_zod' in value) {
    return islandSource(value as z.core.$ZodType, imports);
  }
  if (typeof value !== 'function') return undefined;
  if (value.name && (util as Record<string, unknown>)[value.name] === value) {
    imports.zodHelpers.add(value.name);
    return value.name;
  }
  // A built-in zod's record parser calls (`.call(input, key)`).
  if (value === Object.prototype.propertyIsEnumerable) return 'Object.prototype.propertyIsEnumerable';
  const predicate = predicateNames.get(value);
  if (predicate) {
    imports.predicates.add(predicate);
    return predicate;
  }
  const source = value.toString();
  // zod's own overwrites (`z.trim()`, `z.toUpperCase()`, `z.toLowerCase()`): closures over nothing.
  if (
    ['(input) => input.trim()', '(input) => input.toUpperCase()', '(input) => input.toLowerCase()'].includes(
      source,
    )
  ) {
    return source;
  }
  // How the island is run: `runtimeRun(schema, value)`, the schema's place holding its parser.
  if (value.name === 'runtimeRun') return '(parse, value) => parse(value)';
  // Called when a predicate answers with a promise; ours answer booleans (zod's message, zod's throw).
  if (value.name === 'throwAsync') {
    return '() => { throw new Error("Encountered Promise during synchronous parse. Use .parseAsync() instead."); }';
  }
  if (source === '() => schema._zod.def.defaultValue') {
    // zod hands out a fresh copy of a default that is an array: so does the literal, at every call.
    const fallback: unknown = value();
    const writable = primitive(fallback) || (Array.isArray(fallback) && fallback.every(primitive));
    return writable ? `() => (${JSON.stringify(fallback)})` : undefined;
  }
  return undefined;
}

type Def = z.core.$ZodTypeDef & Record<string, unknown>;

/**
 * The schema with every `lazyView` (a `z.lazy` that builds its schema on first use, for the cold
 * start) replaced by the schema it builds: zod's compiler hands any lazy schema to its runtime, because
 * a lazy schema may refer to itself. One that does (met again below itself) stays lazy.
 */
function withoutLazies(schema: z.core.$ZodType, above: readonly z.core.$ZodType[] = []): z.core.$ZodType {
  const def = schema._zod.def as Def;
  if (def.type === 'lazy') {
    const built = (schema as z.core.$ZodLazy)._zod.innerType;
    return above.includes(built) ? schema : withoutLazies(built, [...above, schema]);
  }
  let changed = false;
  const rebuilt = (child: unknown) => {
    const result = withoutLazies(child as z.core.$ZodType, [...above, schema]);
    if (result !== child) changed = true;
    return result;
  };
  const changes: Record<string, unknown> = {};
  for (const key of ['innerType', 'element', 'in', 'out', 'keyType', 'valueType'] as const) {
    if (def[key]) changes[key] = rebuilt(def[key]);
  }
  if (Array.isArray(def.options)) changes.options = def.options.map(rebuilt);
  if (def.type === 'object') {
    const shape = Object.entries(def.shape as Record<string, z.core.$ZodType>);
    changes.shape = Object.fromEntries(shape.map(([name, field]) => [name, rebuilt(field)]));
  }
  return changed ? util.clone(schema, { ...def, ...changes } as z.core.$ZodTypeDef) : schema;
}

/** The parser as an expression, or undefined when one of its values cannot be written down. */
export function parserSource(schema: z.core.$ZodType, imports: Imports = noImports()): string | undefined {
  const generated = generate(withoutLazies(schema));
  if (!generated) return undefined;
  const values = generated.values.map((value) => sourceOf(value, imports));
  if (values.some((value) => value === undefined)) return undefined;
  return `((${generated.names.join(', ')}) => (input) => {\n${generated.body.replace(/^return \(input\) => \{\n?/, '').replace(/\}\s*$/, '')}\n})(${values.join(', ')})`;
}

const requestParts: readonly RequestPart[] = ['params', 'query', 'headers', 'body'];

/** The imports of a generated module: zod's helpers and our predicates it names. */
function importLines(imports: Imports): string[] {
  const line = (names: Set<string>, file: string) =>
    names.size > 0 ? [`import { ${[...names].join(', ')} } from ${JSON.stringify(file)};`] : [];
  return [...line(imports.zodHelpers, zodUtilFile), ...line(imports.predicates, predicatesFile)];
}

/** The route as the runtime reads it: no schema (a schema's place holds `true`), no prose or OpenAPI tags. */
function runtimeMetadata(route: RouteDefinition): unknown {
  return JSON.parse(
    JSON.stringify(route, (key, value: unknown) => {
      if (value !== null && typeof value === 'object' && '_zod' in value) return true;
      if (key === 'summary' || key === 'description' || key === 'tags') return undefined;
      if (typeof value === 'function') throw new Error(`${route.operationId}: ${key} is a function`);
      return value;
    }),
  );
}

/**
 * The module a handler imports in place of a route module: each route's metadata, a parser per
 * request part zod could compile, and `declared()`, which loads the route module itself (zod and the
 * schemas) the first time a part needs zod: a part with no parser, or a value the parser refuses, whose
 * 422 then names the fields zod names.
 */
export async function compiledRouteModule(file: string): Promise<string> {
  const declared = await routeGroupsOf(file);
  if (!declared) throw new Error(`${file} exports no route group`);
  const imports = noImports();
  const lines = [`const declaredModule = () => import(${JSON.stringify(`./${basename(file)}`)});`];
  const keyed = Object.values(declared).some((group) =>
    Object.values(group).some((route) => route.idempotency),
  );
  const keyParser = keyed ? parserSource(idempotencyKeyHeader, imports) : undefined;
  if (keyParser) lines.push(`const idempotencyKey = ${keyParser};`);
  // One constant per distinct parser: the routes of one item share its path parameters' parser.
  const parserNames = new Map<string, string>();
  const shared = (parser: string) => {
    let name = parserNames.get(parser);
    if (!name) {
      name = `parser${parserNames.size}`;
      parserNames.set(parser, name);
      lines.push(`const ${name} = ${parser};`);
    }
    return name;
  };
  for (const [exportName, group] of Object.entries(declared)) {
    const routes: string[] = [];
    for (const [key, route] of Object.entries(group)) {
      const parsers: string[] = [];
      for (const part of requestParts) {
        const schema = route.request?.[part];
        const parser = schema ? parserSource(schema, imports) : undefined;
        if (parser) parsers.push(`${part}: ${shared(parser)}`);
      }
      if (route.idempotency && keyParser) parsers.push('idempotencyKey');
      routes.push(`${JSON.stringify(key)}: {
  ...${JSON.stringify(runtimeMetadata(route))},
  compiled: { ${parsers.join(',\n')} },
  declared: () => declaredModule().then((module) => module[${JSON.stringify(exportName)}][${JSON.stringify(key)}]),
}`);
    }
    lines.push(`export const ${exportName} = {\n${routes.join(',\n')}\n};`);
  }
  lines.unshift(...importLines(imports));
  return lines.join('\n');
}

type RouteGroups = Record<string, Record<string, RouteDefinition>>;

const isRouteGroup = (value: unknown) =>
  value !== null &&
  typeof value === 'object' &&
  Object.values(value).every((route: unknown) => typeof (route as RouteDefinition)?.operationId === 'string');

/**
 * A module's route groups, or undefined when it has none (shared/routes/catalog-item-names.ts). A module
 * exporting anything else beside them cannot be replaced by its compiled form: the build stops.
 */
async function routeGroupsOf(file: string): Promise<RouteGroups | undefined> {
  const exported = Object.entries((await import(pathToFileURL(file).href)) as Record<string, unknown>);
  const others = exported.filter(([, value]) => !isRouteGroup(value)).map(([name]) => name);
  if (others.length === exported.length) return undefined;
  if (others.length > 0) {
    throw new Error(
      `${file}: a route module a handler imports exports route groups only, not ${others.join(', ')}`,
    );
  }
  return Object.fromEntries(exported) as RouteGroups;
}

const routeModule = /[/\\]shared[/\\]routes[/\\][a-z-]+\.ts$/;
/** Modules exporting `schemaParser`s only (shared/schemas/compiled.ts), by name. */
const parsersModule = /[/\\]shared[/\\][a-z/-]+-parsers\.ts$/;
const compiledFile = join(projectRoot, 'shared', 'schemas', 'compiled.ts');

/**
 * A `*-parsers.ts` module as a bundle holds it: each `schemaParser` given the parser compiled from its
 * schema, the module itself (which imports its schemas with `import()`) for the rest.
 */
export async function compiledParsersModule(file: string): Promise<string> {
  const declared = Object.entries((await import(pathToFileURL(file).href)) as Record<string, unknown>);
  const imports = noImports();
  const lines: string[] = [];
  for (const [name, exported] of declared) {
    const schema = (exported as Partial<SchemaParser<unknown>>).schema;
    if (typeof schema !== 'function') throw new Error(`${file}: ${name} is not a schemaParser`);
    const parser = parserSource((await schema()) as unknown as z.core.$ZodType, imports);
    lines.push(`export const ${name} = schemaParser(declared.${name}.schema${parser ? `, ${parser}` : ''});`);
  }
  return [
    ...importLines(imports),
    `import { schemaParser } from ${JSON.stringify(compiledFile)};`,
    `import * as declared from ${JSON.stringify(file)};`,
    ...lines,
  ].join('\n');
}
/** A function's own modules: its handler and the modules beside it (functions/auth/employee-login.ts). */
const functionModule = /[/\\]functions[/\\][a-z-]+[/\\][a-z-]+\.ts$/;

/**
 * The route modules a function's own modules import (functions/<name>/*.ts) become compiled ones
 * (compiledRouteModule): zod and the schemas leave the cold start, and load with the first request a
 * parser cannot answer. Any other importer of a route module (the route table, the OpenAPI document)
 * gets the module itself.
 */
export const compiledRouteValidation: Plugin = {
  name: 'compiled-route-validation',
  setup(build) {
    build.onResolve({ filter: /[/\\]routes[/\\][a-z-]+\.ts$/ }, async ({ path, importer, resolveDir }) => {
      const file = resolve(resolveDir, path);
      if (!functionModule.test(importer) || !routeModule.test(file)) return undefined;
      return (await routeGroupsOf(file)) ? { path: file, namespace: 'compiled-routes' } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'compiled-routes' }, async ({ path }) => ({
      contents: await compiledRouteModule(path),
      loader: 'js',
      resolveDir: dirname(path),
    }));
    build.onResolve({ filter: /-parsers\.ts$/ }, ({ path, resolveDir, namespace }) => {
      const file = resolve(resolveDir, path);
      if (namespace === 'compiled-parsers' || !parsersModule.test(file)) return undefined;
      return { path: file, namespace: 'compiled-parsers' };
    });
    build.onLoad({ filter: /.*/, namespace: 'compiled-parsers' }, async ({ path }) => ({
      contents: await compiledParsersModule(path),
      loader: 'js',
      resolveDir: dirname(path),
    }));
  },
};
