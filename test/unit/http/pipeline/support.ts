import type { LogItemExtraInput, LogItemMessage } from '@aws-lambda-powertools/logger/types';
import type { APIGatewayEventClientCertificate, APIGatewayProxyEvent } from 'aws-lambda';
import { buildProxyEvent } from '../../../../infra/local/api-event.ts';
import { lambdaContext } from '../../../../infra/local/functions.ts';
import { partnerCertificateSubject } from '../../../../shared/auth/certificate-binding.ts';
import type { EmployeePrincipal, PartnerPrincipal } from '../../../../shared/auth/principal.ts';
import { defaultPartnerCaSubject } from '../../../../shared/config/env.ts';
import type { PipelineInternal, PipelineRequest } from '../../../../shared/http/pipeline/internal.ts';
import type { RouteDefinition } from '../../../../shared/routes/types.ts';

export const partner: PartnerPrincipal = {
  kind: 'partner',
  accountId: '0b3c6a7e-0000-4000-8000-000000000001',
  subject: 'pts_client',
  scopes: ['webhooks'],
  tokenId: 'token-1',
  tokenGeneration: 0,
};

export const employee: EmployeePrincipal = {
  kind: 'employee',
  subject: 'employee-42',
  scopes: ['identity.account:*'],
  roles: ['admin'],
  tokenId: 'token-2',
  issuedAt: 0,
};

export const clientCert: APIGatewayEventClientCertificate = {
  clientCertPem: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
  // As the partner CA issues them: the exact subject and issuer the certificate binding requires.
  subjectDN: partnerCertificateSubject('0b3c6a7e-0000-4000-8000-000000000001'),
  issuerDN: defaultPartnerCaSubject,
  serialNumber: '01',
  validity: { notBefore: 'Jan  1 00:00:00 2030 GMT', notAfter: 'Jan  1 00:00:00 2031 GMT' },
};

/** A route of the `meta` group with what a test needs, everything else empty. */
export function testRoute(overrides: Partial<RouteDefinition>): RouteDefinition {
  return {
    operationId: 'testOperation',
    method: 'POST',
    path: '/v2/things',
    hosts: ['api'],
    group: 'meta',
    summary: 'test',
    tags: [],
    auth: null,
    responses: { 200: { description: 'ok' } },
    ...overrides,
  };
}

export interface EventSpec {
  method?: string;
  resource?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  pathParameters?: Record<string, string> | null;
  query?: string;
  clientCert?: APIGatewayEventClientCertificate | null;
}

/** The event API Gateway (the local stage's builder) sends for this request. */
export function eventOf(spec: EventSpec = {}): APIGatewayProxyEvent {
  const resource = spec.resource ?? '/v2/things';
  return buildProxyEvent({
    method: spec.method ?? 'POST',
    path: spec.path ?? resource,
    rawQuery: spec.query ?? '',
    rawHeaders: Object.entries(spec.headers ?? {}).flat(),
    body: typeof spec.body === 'string' ? Buffer.from(spec.body) : (spec.body ?? Buffer.alloc(0)),
    resource,
    pathParameters: spec.pathParameters ?? null,
    sourceIp: '127.0.0.1',
    clientCert: spec.clientCert === undefined ? clientCert : spec.clientCert,
    stage: 'v2',
    requestId: 'gateway-request',
    now: new Date('2030-01-01T00:00:00Z'),
  });
}

/** A middy request as the middlewares receive it, with the state earlier ones would have left. */
export function requestOf(event: APIGatewayProxyEvent, internal: PipelineInternal = {}): PipelineRequest {
  return {
    event,
    context: lambdaContext('meta', 29_000, 'eu-west-1'),
    response: undefined,
    error: undefined,
    internal,
  };
}

/** The state the request-context middleware leaves for a resolved route. */
export function resolved(route: RouteDefinition, extra: PipelineInternal = {}): PipelineInternal {
  return {
    requestId: 'req-1',
    now: new Date('2030-01-01T00:00:00Z'),
    route,
    clientCertificate: null,
    ...extra,
  };
}

/** A logger that records what it was told, per level. */
export function recordingLogger() {
  const lines: { level: 'info' | 'error'; message: LogItemMessage; attributes: unknown }[] = [];
  const keys: Record<string, unknown>[] = [];
  let resets = 0;
  return {
    lines,
    keys,
    resets: () => resets,
    info: (message: LogItemMessage, ...attributes: LogItemExtraInput) => {
      lines.push({ level: 'info', message, attributes: attributes[0] });
    },
    error: (message: LogItemMessage, ...attributes: LogItemExtraInput) => {
      lines.push({ level: 'error', message, attributes: attributes[0] });
    },
    appendKeys: (attributes: Record<string, unknown>) => {
      keys.push(attributes);
    },
    resetKeys: () => {
      resets++;
    },
  };
}
