import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { InvocableFunction } from '../../shared/config/env.ts';
import type { SigningRequest } from '../../shared/pki/certificate-signing.ts';
import { routesForStage } from '../../shared/routes/index.ts';
import type { Host, RouteDefinition } from '../../shared/routes/types.ts';
import * as z from '../../shared/schemas/zod.ts';
import { identityScopes, partnerScopes } from '../../shared/vocabulary/scopes.ts';
import { buildProxyEvent } from './api-event.ts';

/**
 * Sample API Gateway events, one per operation, generated from the route table (scripts/generate-events.ts)
 * so they never drift from it. `{{...}}` placeholders are filled by `npm run invoke` from the running
 * stage (events/README.md lists them).
 */
export type Who = 'partner' | 'operator' | 'employee';

export const placeholder = {
  token: (who: Who) => `{{token:${who}}}`,
  clientCert: (who: Who) => `{{client_cert:${who}}}`,
  accountId: (who: Who) => `{{account_id:${who}}}`,
  clientId: (who: Who) => `{{client_id:${who}}}`,
  clientSecret: (who: Who) => `{{client_secret:${who}}}`,
  csrPem: '{{csr_pem}}',
  uuid: '{{uuid}}',
  now: '{{now}}',
} as const;

/** Example values by field name, where the schema alone cannot give a value the operation accepts. */
const examplesByName: Record<string, unknown> = {
  name: 'Example Travel Ltd',
  csr_pem: placeholder.csrPem,
  allowed_scopes: [...partnerScopes],
  grant_type: 'client_credentials',
  client_id: placeholder.clientId('partner'),
  client_secret: placeholder.clientSecret('partner'),
  accountID: placeholder.accountId('partner'),
};

const exampleUuid = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  format?: string;
  minimum?: number;
}

function sampleOf(schema: JsonSchema, definitions: Record<string, JsonSchema>, name?: string): unknown {
  if (name !== undefined && name in examplesByName) return examplesByName[name];
  if (schema.$ref) return sampleOf(definitions[schema.$ref.replace('#/$defs/', '')] ?? {}, definitions, name);
  if (schema.examples?.[0] !== undefined) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    return sampleOf(alternatives.find((option) => option.type !== 'null') ?? {}, definitions, name);
  }
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part, definitions)));
  const type = Array.isArray(schema.type)
    ? schema.type.find((candidate) => candidate !== 'null')
    : schema.type;
  switch (type) {
    case 'object': {
      // Required fields, and optional ones with a known example (the token request's client credentials).
      const keys = Object.keys(schema.properties ?? {}).filter(
        (key) => schema.required?.includes(key) || key in examplesByName,
      );
      return Object.fromEntries(
        keys.map((key) => [key, sampleOf(schema.properties?.[key] ?? {}, definitions, key)]),
      );
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sampleOf(schema.items ?? {}, definitions),
      );
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'uuid') return exampleUuid;
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (schema.format === 'date') return '2026-01-01';
      if (schema.format === 'email') return 'partner@example.com';
      if (schema.format === 'uri') return 'https://partner.example.com/webhooks';
      return 'string';
    default:
      return null;
  }
}

/** A value the schema accepts, built from its required fields (and the examples above). */
export function sampleValue(schema: z.core.$ZodType): unknown {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return sampleOf(json, json.$defs ?? {});
}

/** Employee-only routes are an employee's, other operations on the identity scopes an operator's, the rest a partner's. */
export function callerOf(route: RouteDefinition): Who {
  const audiences = route.auth?.audiences ?? ['partner'];
  if (!audiences.includes('partner')) return 'employee';
  const accepted = route.auth ? [route.auth.scope, ...(route.auth.alternatives ?? [])] : [];
  return accepted.some((scope) => scope.startsWith('identity.') || operatorScopes.has(scope))
    ? 'operator'
    : 'partner';
}

const operatorScopes = new Set<string>(identityScopes);

/** The local stage's default port of each host (infra/local/config.ts). */
const localPortOf: Record<Host, number> = {
  api: 8443,
  auth: 8444,
  admin: 8445,
  venue: 8449,
  es2plus: 8452,
  'esim-page': 8451,
};

/** A 1x1 PNG: the body of a sample image upload. */
const samplePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function eventFileName(route: RouteDefinition): string {
  return `${route.operationId}.json`;
}

const fixedTime = new Date('2026-01-01T00:00:00.000Z');

export function sampleEvent(route: RouteDefinition): APIGatewayProxyEvent {
  const who = callerOf(route);
  const host: Host = route.hosts.includes('api') ? 'api' : (route.hosts[0] ?? 'auth');
  const port = localPortOf[host];
  const spec = route.request ?? {};
  const pathParameters = spec.params ? (sampleValue(spec.params) as Record<string, string>) : null;
  const path = route.path.replace(/\{(\w+)\+?\}/g, (_, name: string) => pathParameters?.[name] ?? name);
  const headers: string[] = [
    'Host',
    `localhost:${port}`,
    'User-Agent',
    'partner-client/1.0',
    'Accept',
    'application/json',
  ];
  let body = Buffer.alloc(0);
  if (spec.body && spec.bodyType === 'binary') {
    headers.push('Content-Type', spec.mediaTypes?.[0] ?? 'application/octet-stream');
    body = samplePng;
  } else if (spec.body) {
    const value = sampleValue(spec.body) as Record<string, string>;
    if (spec.bodyType === 'form') {
      headers.push('Content-Type', 'application/x-www-form-urlencoded');
      // Placeholders stay readable in the form body; invoke substitutes them before sending.
      body = Buffer.from(
        Object.entries(value)
          .map(([key, item]) => `${key}=${item}`)
          .join('&'),
      );
    } else {
      headers.push('Content-Type', 'application/json');
      body = Buffer.from(JSON.stringify(value));
    }
  }
  if (route.auth) headers.push('Authorization', `Bearer ${placeholder.token(who)}`);
  if (route.idempotency) headers.push('Idempotency-Key', placeholder.uuid);
  headers.push(
    'X-Forwarded-For',
    '127.0.0.1',
    'X-Forwarded-Port',
    String(port),
    'X-Forwarded-Proto',
    'https',
  );

  const event = buildProxyEvent({
    method: route.method,
    path,
    rawQuery: '',
    rawHeaders: headers,
    body,
    resource: route.path,
    pathParameters,
    sourceIp: '127.0.0.1',
    clientCert: null,
    stage: 'local',
    requestId: 'c0ffee00-0000-4000-8000-000000000000',
    now: fixedTime,
  });
  if (host === 'api') {
    (event.requestContext.identity as { clientCert: unknown }).clientCert = placeholder.clientCert(who);
  }
  return event;
}

/** What the callers of each invoked worker send it (`<worker>.json`). */
const invokedWorkerEvents: Record<InvocableFunction, unknown> = {
  'certificate-signing': {
    csr_pem: placeholder.csrPem,
    account_id: placeholder.uuid,
    requested_at: placeholder.now,
  } satisfies SigningRequest,
};

/** Every operation the local stage serves, then every invoked worker, with its event file name and content. */
export function sampleEvents(): { file: string; group: string; content: string }[] {
  const operations = routesForStage('local').map((route) => ({
    file: eventFileName(route),
    group: route.group,
    content: `${JSON.stringify(sampleEvent(route), null, 2)}\n`,
  }));
  const invoked = Object.entries(invokedWorkerEvents).map(([worker, event]) => ({
    file: `${worker}.json`,
    group: worker,
    content: `${JSON.stringify(event, null, 2)}\n`,
  }));
  return [...operations, ...invoked];
}
