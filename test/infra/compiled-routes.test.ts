import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { util as zodUtil } from 'zod/v4/core';
import {
  compiledParsersModule,
  compiledRouteModule,
  noImports,
  parserSource,
} from '../../infra/constructs/compiled-routes.ts';
import { projectRoot } from '../../infra/constructs/entries.ts';
import { compiledParser } from '../../infra/local/compiled-parsers.ts';
import { loadSeedCatalog } from '../../infra/local/seed-catalog.ts';
import { eventImageSchema, recoveryJobImageSchema } from '../../shared/db/entities/webhook-message-stored.ts';
import { catalogRecords, contractTerms } from '../../shared/domain/catalog/catalog-stored.ts';
import { routes } from '../../shared/routes/index.ts';
import type { RequestPart, RouteDefinition } from '../../shared/routes/types.ts';
import { eager, idempotencyKeyHeader } from '../../shared/schemas/common.ts';
import { type CompiledParser, type SchemaParser, unparsed } from '../../shared/schemas/compiled.ts';

const routesDir = join(projectRoot, 'shared', 'routes');
const routeModules = readdirSync(routesDir).filter(
  (name) =>
    name.endsWith('.ts') &&
    // The table's own modules, and the operation names catalog administration's handler reads.
    !['index.ts', 'types.ts', 'employee-twins.ts', 'catalog-item-names.ts'].includes(name),
);
const workDir = mkdtempSync(join(tmpdir(), 'compiled-routes-'));

type Runtime = Record<string, Record<string, RouteDefinition>>;

/** A route module as a function's bundle gets it, loaded from a file of its own. */
async function compiled(file: string): Promise<Runtime> {
  const target = join(workDir, `${file}.mjs`);
  writeFileSync(target, await compiledRouteModule(join(routesDir, file)));
  return (await import(pathToFileURL(target).href)) as Runtime;
}

interface SampleEvent {
  pathParameters: Record<string, string> | null;
  queryStringParameters: Record<string, string> | null;
  headers: Record<string, string>;
  body: string | null;
}

/** What `npm run invoke` fills the sample events' placeholders with, as values of the same shape. */
const placeholderValues: Record<string, string> = {
  account_id: '5b0c1a7e-0000-4000-8000-000000000001',
  uuid: '5b0c1a7e-0000-4000-8000-000000000002',
  client_id: 'client-1',
  client_secret: 'secret-1',
  csr_pem: '-----BEGIN CERTIFICATE REQUEST-----\\nMIIB\\n-----END CERTIFICATE REQUEST-----\\n',
};

/** The valid values of each part: the sample event of the operation (events/, built from the schemas). */
function sampleParts(operationId: string): Partial<Record<RequestPart, unknown>> {
  const template = readFileSync(join(projectRoot, 'events', `${operationId}.json`), 'utf8');
  const event = JSON.parse(
    template.replace(
      /\{\{(\w+)(:\w+)?\}\}/g,
      (_placeholder, name: string) => placeholderValues[name] ?? name,
    ),
  ) as SampleEvent;
  let body: unknown = event.body ?? undefined;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      body = Object.fromEntries(new URLSearchParams(body as string));
    }
  }
  return {
    params: event.pathParameters ?? {},
    query: event.queryStringParameters ?? {},
    headers: Object.fromEntries(
      Object.entries(event.headers).map(([name, value]) => [name.toLowerCase(), value]),
    ),
    body,
  };
}

const replacements: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  201,
  '',
  ' ',
  'x',
  ' padded ',
  '0',
  '-1',
  '1.5',
  '51',
  'true',
  'GBP',
  'lhr',
  '2026-11-24T08:00:00Z',
  '2026-11-24T08:00:00+01:00',
  '5b0c1a7e-0000-4000-8000-000000000001',
  'A'.repeat(300),
  true,
  [],
  ['x'],
  {},
];

/** The value, then every value one change away from it at any depth up to three: the refusals zod makes. */
function variants(value: unknown, depth = 0): unknown[] {
  const found: unknown[] = [value];
  if (depth > 2) return found;
  if (Array.isArray(value)) {
    found.push([...value, ...value], value.slice(1));
    value.forEach((item, index) => {
      for (const changed of variants(item, depth + 1).slice(1)) found.push(value.with(index, changed));
    });
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    found.push({ ...record, unexpected_field: 'x' });
    for (const [key, item] of Object.entries(record)) {
      const { [key]: _removed, ...without } = record;
      found.push(without);
      for (const replacement of replacements) found.push({ ...record, [key]: replacement });
      for (const changed of variants(item, depth + 1).slice(1)) found.push({ ...record, [key]: changed });
    }
  }
  return found;
}

const parts: readonly RequestPart[] = ['params', 'query', 'headers', 'body'];

/**
 * Runs a compiled parser on each value: where it answers, zod must accept the value and give the same
 * output. Returns how many values it answered.
 */
function answeredAsZod(
  parser: CompiledParser,
  schema: z.core.$ZodType,
  values: readonly unknown[],
  context = '',
): number {
  let answered = 0;
  for (const value of values) {
    const fast = parser(value);
    if (fast === unparsed) continue;
    answered++;
    const slow = z.safeParse(eager(schema), value);
    expect(slow.success, `${context} ${JSON.stringify(value)}`).toBe(true);
    expect(fast, `${context} ${JSON.stringify(value)}`).toEqual(slow.data);
  }
  return answered;
}

describe('request parsers compiled at build time', () => {
  it('answer exactly as zod does, or leave the value to zod, for every route and part', async () => {
    let answered = 0;
    let checked = 0;
    for (const file of routeModules) {
      const runtime = await compiled(file);
      for (const [exportName, group] of Object.entries(runtime)) {
        for (const [key, route] of Object.entries(group)) {
          const declared = (routes as Record<string, RouteDefinition>)[key];
          expect(declared, `${exportName}.${key}`).toBeDefined();
          const samples = sampleParts(route.operationId);
          for (const part of parts) {
            const schema = declared?.request?.[part];
            const parser = route.compiled?.[part];
            if (!schema || !parser) continue;
            const inputs = variants(samples[part] ?? {});
            checked += inputs.length;
            answered += answeredAsZod(parser, schema, inputs, `${route.operationId} ${part}`);
          }
        }
      }
    }
    // The compiled path must carry real traffic: the valid samples and their valid neighbours.
    expect(answered).toBeGreaterThan(500);
    expect(checked).toBeGreaterThan(answered);
  });

  it('answer every sample request zod accepts without zod', async () => {
    const unanswered: string[] = [];
    for (const file of routeModules) {
      const runtime = await compiled(file);
      for (const [key, route] of Object.values(runtime).flatMap((group) => Object.entries(group))) {
        const samples = sampleParts(route.operationId);
        for (const part of parts) {
          const parser = route.compiled?.[part];
          const schema = (routes as Record<string, RouteDefinition>)[key]?.request?.[part];
          if (!parser || !schema || !z.safeParse(eager<z.core.$ZodType>(schema), samples[part] ?? {}).success)
            continue;
          if (parser(samples[part] ?? {}) === unparsed) unanswered.push(`${route.operationId} ${part}`);
        }
      }
    }
    expect(unanswered).toEqual([]);
  });

  it('refuse a route module that exports anything beside its route groups: the build stops', async () => {
    const file = join(workDir, 'mixed.ts');
    writeFileSync(
      file,
      [
        "export const probeRoutes = { probe: { operationId: 'probe', method: 'GET', path: '/probe', responses: {} } };",
        'export function helper() { return 1; }',
      ].join('\n'),
    );

    await expect(compiledRouteModule(file)).rejects.toThrow(/exports route groups only, not helper/);
  });

  it('parse the Idempotency-Key as its schema does', () => {
    const imports = noImports();
    const source = parserSource(idempotencyKeyHeader, imports);
    expect(source).toBeDefined();
    const names = [...imports.zodHelpers];
    const values = names.map((name) => (zodUtil as Record<string, unknown>)[name]);
    const parser = new Function(...names, `return ${source}`)(...values) as (input: unknown) => unknown;
    for (const key of ['k', 'key-1', '5b0c1a7e-0000-4000-8000-000000000001', 'A'.repeat(256)]) {
      expect(parser(key)).toBe(key);
    }
    for (const key of ['', 'two words', 'A'.repeat(257), 'ключ', 7]) {
      expect(parser(key)).toBe(unparsed);
      expect(z.safeParse(idempotencyKeyHeader, key).success).toBe(false);
    }
  });
});

describe("the catalog's record parsers compiled at build time", () => {
  it('answer the seed catalog, and every record one change away, exactly as zod does or not at all', async () => {
    const seed = await loadSeedCatalog();
    const empty = { hubs: [], amenities: [], lounges: [], fast_tracks: [], tariffs: [] };
    // One record of each kind at a time, changed: the whole catalog changed everywhere is too many.
    const catalogs: unknown[] = [seed.records];
    for (const [kind, records] of Object.entries(seed.records)) {
      for (const changed of variants(records[0])) catalogs.push({ ...empty, [kind]: [changed] });
    }
    const terms = [seed.defaultContract, ...seed.partnerContracts].flatMap((contract) => variants(contract));
    const recordsParser = compiledParser(catalogRecords);
    const termsParser = compiledParser(contractTerms);
    if (!recordsParser || !termsParser) throw new Error('No compiled parser for the stored catalog');

    expect(recordsParser(seed.records)).toEqual(z.parse(eager(catalogRecords), seed.records));
    expect(
      answeredAsZod(recordsParser, catalogRecords, catalogs) +
        answeredAsZod(termsParser, contractTerms, terms),
    ).toBeGreaterThan(100);
  });

  it("are what a bundle's catalog store reads with: the parser first, zod for a record it leaves", async () => {
    const target = join(workDir, 'catalog-parsers.mjs');
    writeFileSync(
      target,
      await compiledParsersModule(join(projectRoot, 'shared', 'db', 'entities', 'catalog-parsers.ts')),
    );
    const { catalogRecordsParser } = (await import(pathToFileURL(target).href)) as Record<
      string,
      SchemaParser<unknown>
    >;
    const seed = await loadSeedCatalog();
    const broken = { ...seed.records, hubs: [{ ...seed.records.hubs[0], timezone: 'Nowhere/Atlantis' }] };

    expect(await catalogRecordsParser?.parse(seed.records)).toEqual(
      z.parse(eager(catalogRecords), seed.records),
    );
    await expect(catalogRecordsParser?.parse(broken)).rejects.toThrow(/IANA time zone name/);
  });
});

describe("the webhook queue's message parsers compiled at build time", () => {
  it('answer events and recovery jobs, and every one a change away, exactly as zod does or not at all', () => {
    const event = {
      pk: 'EVENT#e-1',
      entity: 'Event',
      event_id: 'e-1',
      account_id: '5b0c1a7e-0000-4000-8000-000000000001',
      event: 'booking.status.changed',
      timestamp: '2026-11-24T08:00:00.000Z',
      ordering_key: 'BOOKING#b-1',
      data: { booking_id: 'b-1', status: 'CONFIRMED' },
      redelivery_claim: 'claim-1',
    };
    const job = { recovery_id: 'r-1', webhook_id: 'w-1', account_id: 'a-1', event_ids: ['e-1', 'e-2'] };
    let answered = 0;
    for (const [schema, sample] of [
      [eventImageSchema, event],
      [recoveryJobImageSchema, job],
    ] as const) {
      const parser = compiledParser(schema);
      if (!parser) throw new Error('No compiled parser for a queue message');
      expect(parser(sample)).toEqual(z.parse(schema, sample));
      answered += answeredAsZod(parser, schema, variants(sample));
    }
    expect(answered).toBeGreaterThan(20);
  });
});
