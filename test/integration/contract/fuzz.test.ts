import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument, isLeftOutOfPartnerDocument } from '../../../shared/openapi/document.ts';
import { routesForStage } from '../../../shared/routes/index.ts';
import type { RouteDefinition } from '../../../shared/routes/types.ts';
import { partnerScopes } from '../../../shared/vocabulary/scopes.ts';
import { type ApiResponse, api, type ClientIdentity, endpoints, request, stage } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import { employeeToken } from '../../support/employees.ts';
import { onboardPartner } from '../../support/onboard.ts';
import {
  type BodyBreak,
  bodyBreaks,
  brokenBody,
  type Json,
  type JsonSchema,
  resolver,
  validValue,
} from './arbitraries.ts';

/*
 * Contract fuzzing through the real gateway: for every operation of the OpenAPI document, requests
 * its schemas accept and requests they refuse. Valid ones succeed or fail with a status the operation
 * documents, never 5xx; malformed ones answer a documented 4xx with a problem body (the OAuth error
 * body on the token endpoint) and write nothing. FUZZ_SEED fixes the run (default: a constant, so CI
 * repeats itself); FUZZ_RUNS sets the examples per property (default 10; raise it for a long run).
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_260_101);
const numRuns = Number(process.env.FUZZ_RUNS ?? 10);

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  operationId: string;
  /** Inline, or a reference to a shared one (`components.parameters`). */
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
}

interface FuzzRequest {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** A JSON value to serialize, or raw text sent as it is. */
  body?: { json: Json } | { raw: string };
}

interface FuzzedDocument {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, { 'x-error-codes'?: string[] }>;
    parameters?: Record<string, Parameter>;
  };
}

/** The local stage's document as JSON, as a client reads it (references and all). */
const document: FuzzedDocument = JSON.parse(
  JSON.stringify(
    buildOpenApiDocument({
      stage: 'local',
      apiBaseUrl: 'https://api.local',
      authBaseUrl: 'https://auth.local',
      adminBaseUrl: 'https://admin.local',
      venueBaseUrl: 'https://venue.test',
    }),
  ),
);
const resolve = resolver(document);

/** Hosts a webhook URL may name without any DNS lookup (nothing leaves loopback), valid and refused. */
const overrides = {
  url: fc.constantFrom(
    'https://127.0.0.1:9/hook',
    'https://[::1]:9/hook',
    'https://10.0.0.1/hook',
    'https://[::10.0.0.1]/hook',
    'http://127.0.0.1/hook',
  ),
};

// The SM-DP+'s ES2+ interface and the eSIM page's read are no partner operations: the document leaves
// them out (docs/esim.md).
const operations = routesForStage('local')
  .filter((route) => !isLeftOutOfPartnerDocument(route))
  .map((route) => {
    const operation = document.paths[route.path]?.[route.method.toLowerCase()];
    if (!operation) throw new Error(`${route.operationId} is not in the OpenAPI document`);
    return { route, operation };
  });

/**
 * Operations whose schema-valid request would change what every other file reads: publishing makes the
 * draft, with the items the fuzzing created in it, the stage's catalog. Their malformed requests are
 * still sent; publication is tested on tables of its own (test/integration/catalog-admin/publish.test.ts).
 */
const sharedStateChanges = new Set(['publishCatalog']);

const documentedStatuses = (operation: Operation) => Object.keys(operation.responses).map(Number);

const sharedParameter = (reference: string): Parameter => {
  const parameter = document.components.parameters?.[reference.replace('#/components/parameters/', '')];
  if (!parameter) throw new Error(`${reference} is not in the OpenAPI document`);
  return parameter;
};

const parametersIn = (operation: Operation, where: Parameter['in']) =>
  (operation.parameters ?? [])
    .map((parameter) => ('$ref' in parameter ? sharedParameter(parameter.$ref) : parameter))
    .filter((parameter) => parameter.in === where);

function bodySchema(operation: Operation): { type: string; schema: JsonSchema } | undefined {
  const [type, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  return type && content ? { type, schema: resolve(content.schema) } : undefined;
}

/** Path segments a client's URL parser would resolve away are not path parameters a server sees. */
const segment = (value: Json) =>
  fc.constant(String(value)).filter((text) => text !== '.' && text !== '..' && text.length > 0);

function validRequest(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const path = fc.record(
    Object.fromEntries(
      parametersIn(operation, 'path').map((parameter) => [
        parameter.name,
        validValue(parameter.schema, resolve, overrides, parameter.name).chain(segment),
      ]),
    ),
  );
  const queryParameters = parametersIn(operation, 'query');
  const query = fc.record(
    Object.fromEntries(
      queryParameters.map((parameter) => [
        parameter.name,
        validValue(parameter.schema, resolve, overrides, parameter.name).map(String),
      ]),
    ),
    {
      requiredKeys: queryParameters
        .filter((parameter) => parameter.required)
        .map((parameter) => parameter.name),
    },
  );
  const headers = fc.record(
    Object.fromEntries(
      parametersIn(operation, 'header')
        .filter((parameter) => parameter.required)
        .map((parameter) => [
          parameter.name,
          parameter.name === 'Idempotency-Key'
            ? fc.uuid()
            : validValue(parameter.schema, resolve).map(String),
        ]),
    ),
  );
  const body = bodySchema(operation);
  return fc.record({
    path,
    query: query as fc.Arbitrary<Record<string, string>>,
    headers: headers as fc.Arbitrary<Record<string, string>>,
    ...(body ? { body: validValue(body.schema, resolve, overrides).map((json) => ({ json })) } : {}),
  });
}

/** The ways this operation's requests can be malformed, each as a request arbitrary with its name. */
function malformedRequests(
  operation: Operation,
  route: RouteDefinition,
): fc.Arbitrary<[string, FuzzRequest]>[] {
  const valid = validRequest(operation);
  const variants: fc.Arbitrary<[string, FuzzRequest]>[] = [];
  const body = bodySchema(operation);
  if (body?.type === 'application/json') {
    for (const broken of bodyBreaks(body.schema)) {
      variants.push(
        valid.chain((request) =>
          brokenBody(
            (request.body && 'json' in request.body ? request.body.json : {}) as { [key: string]: Json },
            body.schema,
            broken,
          ).map((json): [string, FuzzRequest] => [describeBreak(broken), { ...request, body: { json } }]),
        ),
      );
    }
    variants.push(
      fc
        .tuple(valid, fc.constantFrom('{', '{"a":', 'not json', '[1,2', '{"x":1}}', '\u0000'))
        .map(([request, raw]): [string, FuzzRequest] => ['body is not JSON', { ...request, body: { raw } }]),
    );
    const limit = route.maxBodyBytes ?? 64 * 1024;
    variants.push(
      fc
        .tuple(valid, fc.integer({ min: 1, max: 4096 }))
        .map(([request, extra]): [string, FuzzRequest] => [
          'body over the size limit',
          { ...request, body: { raw: JSON.stringify({ padding: 'x'.repeat(limit + extra) }) } },
        ]),
    );
    variants.push(
      valid.map((request): [string, FuzzRequest] => [
        'wrong content type',
        {
          ...request,
          headers: { ...request.headers, 'content-type': 'text/plain' },
          body: { raw: JSON.stringify(request.body && 'json' in request.body ? request.body.json : {}) },
        },
      ]),
    );
  }
  if (body?.type === 'application/x-www-form-urlencoded') {
    for (const property of body.schema.required ?? []) {
      variants.push(
        valid.map((request): [string, FuzzRequest] => {
          const { [property]: _removed, ...rest } = (
            request.body && 'json' in request.body ? request.body.json : {}
          ) as { [key: string]: Json };
          return [`form without ${property}`, { ...request, body: { json: rest } }];
        }),
      );
    }
  }
  for (const parameter of parametersIn(operation, 'path')) {
    const bad = badParameterValue(parameter.schema);
    if (!bad) continue;
    variants.push(
      fc
        .tuple(valid, bad)
        .map(([request, value]): [string, FuzzRequest] => [
          `bad path parameter ${parameter.name}`,
          { ...request, path: { ...request.path, [parameter.name]: value } },
        ]),
    );
  }
  for (const parameter of parametersIn(operation, 'query')) {
    const bad = badParameterValue(parameter.schema);
    if (!bad) continue;
    variants.push(
      fc
        .tuple(valid, bad)
        .map(([request, value]): [string, FuzzRequest] => [
          `bad query parameter ${parameter.name}`,
          { ...request, query: { ...request.query, [parameter.name]: value } },
        ]),
    );
  }
  if (route.idempotency === 'required') {
    variants.push(
      valid.map((request): [string, FuzzRequest] => {
        const { 'Idempotency-Key': _removed, ...headers } = request.headers;
        return ['no Idempotency-Key', { ...request, headers }];
      }),
    );
  }
  return variants;
}

function describeBreak(broken: BodyBreak): string {
  return `${broken.kind} ${broken.property}`;
}

/** A value a path or query parameter's schema refuses, when its schema refuses any string. */
function badParameterValue(schema: JsonSchema): fc.Arbitrary<string> | undefined {
  const resolved = resolve(schema);
  if (resolved.enum) return fc.constantFrom('NotAValue', 'processing', '');
  if (resolved.type === 'integer') {
    return fc.oneof(
      // Not '1e3' or '': the catalog lists read those leniently as 1000 and 0 (a number coercion).
      fc.constantFrom('abc', '1.5', 'ten'),
      fc.integer({ max: (resolved.minimum ?? 0) - 1, min: -1_000_000 }).map(String),
      ...(resolved.maximum !== undefined && resolved.maximum < Number.MAX_SAFE_INTEGER
        ? [fc.integer({ min: resolved.maximum + 1, max: resolved.maximum + 1_000 }).map(String)]
        : []),
    );
  }
  if (resolved.format === 'uuid' || resolved.pattern) {
    // Values a UUID refuses; for another pattern (an identity provider's id), those it refuses too.
    const pattern = resolved.pattern === undefined ? undefined : new RegExp(resolved.pattern, 'u');
    const refused = [
      'not-a-uuid',
      '12345',
      'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
      `${randomUUID()}x`,
      'with space',
      'naïve',
    ].filter((value) => !pattern?.test(value));
    return fc.constantFrom(...refused);
  }
  if (resolved.maxLength !== undefined) {
    const maxLength = resolved.maxLength;
    return fc.integer({ min: maxLength + 1, max: maxLength + 32 }).map((length) => 'x'.repeat(length));
  }
  return undefined;
}

let partner: { identity: ClientIdentity; token: string; accountId: string };
let operatorToken: string;
let employeeAdminToken: string;

async function send(route: RouteDefinition, fuzz: FuzzRequest): Promise<ApiResponse> {
  let path = route.path;
  for (const [name, value] of Object.entries(fuzz.path))
    path = path.replace(`{${name}}`, encodeURIComponent(value));
  const query = new URLSearchParams(fuzz.query).toString();
  const host = route.hosts[0] ?? 'api';
  const asOperator = route.path.startsWith('/v2/admin');
  const headers = { ...fuzz.headers };
  const body = fuzz.body;
  if (body && 'json' in body && route.request?.bodyType === 'form') {
    return request('POST', path, {
      host,
      cert: null,
      headers,
      form: Object.fromEntries(Object.entries(body.json ?? {}).map(([key, value]) => [key, String(value)])),
    });
  }
  return request(route.method, `${path}${query ? `?${query}` : ''}`, {
    host,
    cert: host === 'api' ? (asOperator ? 'operator' : partner.identity) : null,
    ...(route.auth
      ? { token: host === 'admin' ? employeeAdminToken : asOperator ? operatorToken : partner.token }
      : {}),
    headers,
    ...(body ? { body: 'json' in body ? body.json : body.raw } : {}),
  });
}

function expectErrorBody(route: RouteDefinition, operation: Operation, response: ApiResponse): void {
  const contentType = response.headers['content-type'] ?? '';
  if (route.errorFormat === 'html') {
    expect(contentType).toMatch(/^text\/html/);
    return;
  }
  if (route.errorFormat === 'oauth') {
    expect(contentType).toMatch(/^application\/json/);
    expect(typeof response.body.error).toBe('string');
    return;
  }
  expect(contentType).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({
    status: response.status,
    title: expect.any(String),
    code: expect.any(String),
    instance: expect.any(String),
  });
  // The code is one the document lists for this status of this operation (problem answers are shared
  // in components.responses and referenced).
  const written = operation.responses[String(response.status)] as
    | { $ref?: string; 'x-error-codes'?: string[] }
    | undefined;
  const documented = written?.$ref
    ? document.components.responses[written.$ref.replace('#/components/responses/', '')]
    : written;
  if (written?.$ref) expect(documented, written.$ref).toBeDefined();
  if (documented?.['x-error-codes']) expect(documented['x-error-codes']).toContain(response.body.code);
}

/** Idempotency-Keys sent with malformed requests: none may have left a record. */
const malformedKeys = new Map<string, string>();

async function itemsOfPartner(): Promise<number> {
  const client = documentClient();
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: endpoints().tables.main,
        FilterExpression: 'account_id = :account',
        ExpressionAttributeValues: { ':account': partner.accountId },
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  client.destroy();
  return count;
}

async function idempotencyRecordsOf(keys: Iterable<string>): Promise<string[]> {
  const wanted = new Set([...keys].map((key) => encodeURIComponent(key)));
  const client = documentClient();
  const found: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: endpoints().tables.idempotency,
        ProjectionExpression: 'pk',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const pk = String(item.pk);
      if (wanted.has(pk.slice(pk.lastIndexOf('#') + 1))) found.push(pk);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  client.destroy();
  return found;
}

beforeAll(async () => {
  const onboarded = await onboardPartner(partnerScopes, 'Contract fuzz');
  partner = { identity: onboarded.identity, token: onboarded.token, accountId: onboarded.accountId };
  operatorToken = await api('operator').token();
  employeeAdminToken = await employeeToken('ada.admin');
  expect(stage().base_url).toMatch(/^https:/);
});

describe('malformed requests', () => {
  let itemsBefore = 0;

  beforeAll(async () => {
    itemsBefore = await itemsOfPartner();
  });

  afterAll(async () => {
    // Assess (for the whole block): nothing any malformed request sent was written.
    expect(malformedKeys.size).toBeGreaterThan(0);
    expect(await idempotencyRecordsOf(malformedKeys.keys())).toEqual([]);
    expect(await itemsOfPartner()).toBe(itemsBefore);
  });

  for (const { route, operation } of operations) {
    const variants = malformedRequests(operation, route);
    const title = `${route.operationId} answers a malformed request with a documented 4xx ${
      route.errorFormat === 'oauth' ? 'OAuth error' : 'problem'
    } and never 5xx`;
    if (variants.length === 0) continue;
    it(title, async () => {
      const documented = documentedStatuses(operation);
      await fc.assert(
        fc.asyncProperty(fc.oneof(...variants), async ([how, fuzz]) => {
          const key = fuzz.headers['Idempotency-Key'];
          if (key) malformedKeys.set(key, `${route.operationId}: ${how}`);
          const response = await send(route, fuzz);

          expect(response.status, `${how}: ${JSON.stringify(response.body)}`).toBeGreaterThanOrEqual(400);
          expect(response.status, how).toBeLessThan(500);
          expect(documented, `${how} answered ${response.status}`).toContain(response.status);
          expectErrorBody(route, operation, response);
        }),
        { seed, numRuns, endOnFailure: true },
      );
    });
  }
});

describe('schema-valid requests', () => {
  for (const { route, operation } of operations) {
    if (sharedStateChanges.has(route.operationId)) continue;
    it(`${route.operationId} answers a schema-valid request with a documented status, never 5xx`, async () => {
      const documented = documentedStatuses(operation);
      await fc.assert(
        fc.asyncProperty(validRequest(operation), async (fuzz) => {
          const response = await send(route, fuzz);

          expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
          expect(documented, `answered ${response.status}`).toContain(response.status);
          if (response.status >= 400) expectErrorBody(route, operation, response);
        }),
        { seed, numRuns, endOnFailure: true },
      );
    });
  }
});
