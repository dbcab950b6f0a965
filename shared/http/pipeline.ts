import middy, { type MiddlewareObj } from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpSecurityHeaders from '@middy/http-security-headers';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { authenticate } from '../auth/authenticate.ts';
import { OAuthError } from '../auth/oauth-error.ts';
import type { ClientCertificate, Principal } from '../auth/principal.ts';
import { config } from '../config/env.ts';
import { commitWrites, DynamoUnitOfWork } from '../db/transaction.ts';
import { ApiError, ConcurrentChangeError, MalformedBodyError, ValidationError } from '../domain/errors.ts';
import type { UnitOfWork } from '../domain/unit-of-work.ts';
import { requestFingerprint } from '../idempotency/fingerprint.ts';
import {
  commitIdempotent,
  type IdempotencyContext,
  type IdempotentOutcome,
  type StoredResponse,
  storeIdempotent,
} from '../idempotency/store.ts';
import { logger } from '../observability/logger.ts';
import type {
  FunctionGroup,
  RouteAuth,
  RouteBody,
  RouteDefinition,
  RouteHeaders,
  RouteParams,
  RouteQuery,
} from '../routes/types.ts';
import { idempotencyKeyHeader } from '../schemas/common.ts';
import { oauthErrorResponse } from './oauth-errors.ts';
import { problemResponse, statusOf } from './problem.ts';
import { resolveRequestId } from './request-id.ts';
import { parsePart } from './validation.ts';

export interface ApiRequest<R extends RouteDefinition = RouteDefinition> {
  route: R;
  requestId: string;
  /** The time the request arrived; every timestamp a request writes derives from it. */
  now: Date;
  body: RouteBody<R>;
  query: RouteQuery<R>;
  params: RouteParams<R>;
  headers: RouteHeaders<R>;
  /** Every request header, names in lower case. */
  rawHeaders: Readonly<Record<string, string | undefined>>;
  principal: R['auth'] extends RouteAuth ? Principal : null;
  clientCertificate: ClientCertificate | null;
  /** Writes staged here commit after the handler returns, with the idempotency record. */
  uow: UnitOfWork;
  idempotencyKey: string | undefined;
}

export interface ApiResult {
  status: number;
  body?: unknown;
  /** `body` already serialized (a memoized representation): sent as it is, never serialized again. */
  json?: string;
  headers?: Record<string, string>;
  /** A non-JSON body (image, SVG), base64-encoded as API Gateway expects. */
  binary?: { contentType: string; base64: string };
}

export type Implementation<R extends RouteDefinition> = (request: ApiRequest<R>) => Promise<ApiResult>;

/** One implementation per route of a function's route module, keyed by operation id. */
export type Implementations<T extends Record<string, RouteDefinition>> = {
  [K in keyof T]: Implementation<T[K]>;
};

const defaultMaxBodyBytes = 64 * 1024;

/** Headers that matter for a JSON API; the browser-page ones (permissions, COEP, ...) only add bytes. */
const apiSecurityHeaders = {
  contentSecurityPolicy: {
    'default-src': "'none'",
    'frame-ancestors': "'none'",
    'base-uri': '',
    'form-action': '',
    'report-to': '',
    'require-trusted-types-for': '',
  },
  crossOriginEmbedderPolicy: false,
  permissionsPolicy: false,
  originAgentCluster: false,
  dnsPrefetchControl: false,
  downloadOptions: false,
  permittedCrossDomainPolicies: false,
};

interface PipelineState {
  requestId: string;
  now: Date;
  route: RouteDefinition | undefined;
  request: ApiRequest | undefined;
  uow: DynamoUnitOfWork;
  principal: Principal | null;
  idempotency: IdempotencyContext | undefined;
  /** Set once the operation itself runs: only its own outcomes are stored under an idempotency key. */
  operationStarted: boolean;
  idempotencyStatus: 'created' | 'reused' | undefined;
  /** Runs the operation (again, after a lost race) on the request with the current unit of work. */
  run: (() => Promise<ApiResult>) | undefined;
}

type PipelineEvent = APIGatewayProxyEvent & { pipeline?: PipelineState };

function stateOf(event: PipelineEvent): PipelineState {
  if (!event.pipeline) throw new Error('Pipeline state missing: the context middleware did not run');
  return event.pipeline;
}

function headerValue(headers: APIGatewayProxyEvent['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === wanted) return value ?? undefined;
  }
  return undefined;
}

function clientCertificateOf(event: APIGatewayProxyEvent): ClientCertificate | null {
  const cert = event.requestContext?.identity?.clientCert;
  if (!cert) return null;
  return {
    pem: cert.clientCertPem,
    subjectDN: cert.subjectDN,
    issuerDN: cert.issuerDN,
    serialNumber: cert.serialNumber,
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
  };
}

/** Request id, route resolution (404/405), body limit (413) and the one place errors become responses. */
function apiContext(
  groupRoutes: readonly RouteDefinition[],
): MiddlewareObj<PipelineEvent, APIGatewayProxyResult> {
  return {
    before: (request) => {
      const event = request.event;
      // A warm container serves many requests: keys of the previous one must not leak into this one's logs.
      logger.resetKeys();
      const requestId = resolveRequestId(headerValue(event.headers, 'x-request-id'));
      event.pipeline = {
        requestId,
        now: new Date(),
        route: undefined,
        request: undefined,
        uow: new DynamoUnitOfWork(),
        principal: null,
        idempotency: undefined,
        operationStarted: false,
        idempotencyStatus: undefined,
        run: undefined,
      };
      logger.appendKeys({ request_id: requestId, resource: event.resource, method: event.httpMethod });

      const sameResource = groupRoutes.filter((route) => route.path === event.resource);
      const route = sameResource.find((candidate) => candidate.method === event.httpMethod);
      if (!route) {
        if (sameResource.length === 0) {
          throw new ApiError('ResourceNotFound', `No operation at ${event.path}.`);
        }
        const allow = sameResource.map((candidate) => candidate.method).join(', ');
        throw new ApiError(
          'MethodNotAllowed',
          `${event.httpMethod} is not allowed here. Allowed: ${allow}.`,
          {
            headers: { Allow: allow },
          },
        );
      }
      event.pipeline.route = route;

      const size = event.body ? Buffer.byteLength(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : 0;
      const limit = route.maxBodyBytes ?? defaultMaxBodyBytes;
      if (size > limit) {
        throw new ApiError('PayloadTooLarge', `The request body is ${size} bytes; the limit is ${limit}.`, {
          details: { limit_bytes: limit },
        });
      }
    },
    after: (request) => {
      const state = stateOf(request.event);
      if (request.response)
        request.response.headers = { ...request.response.headers, 'X-Request-ID': state.requestId };
    },
    onError: (request) => {
      const event = request.event;
      const state = event.pipeline;
      const requestId = state?.requestId ?? resolveRequestId(undefined);
      if (request.response) {
        // An earlier onError (an idempotent replay) already answered.
        request.response.headers = { ...request.response.headers, 'X-Request-ID': requestId };
        return;
      }
      const error = request.error;
      if (error instanceof OAuthError) {
        logger.info('Request refused', { error: error.error, status: error.status });
      } else if (!(error instanceof ApiError)) {
        logger.error('Request failed', { error: error as Error });
      } else if (statusOf(error) >= 500) {
        logger.error('Request failed', { code: error.code, error });
      } else {
        logger.info('Request refused', { code: error.code, status: statusOf(error) });
      }
      const response =
        state?.route?.errorFormat === 'oauth'
          ? oauthErrorResponse(error, requestId)
          : problemResponse(error, event.path ?? '/', requestId);
      request.response = { ...response, headers: { ...response.headers, ...idempotencyHeaders(state) } };
    },
  };
}

function idempotencyHeaders(state: PipelineState | undefined): Record<string, string> {
  if (!state?.idempotency || !state.idempotencyStatus) return {};
  return { 'Idempotency-Key': state.idempotency.key, 'Idempotency-Status': state.idempotencyStatus };
}

function parseFormBody(body: string): Record<string, string> {
  const form = new URLSearchParams(body);
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    // RFC 6749 section 3.2: parameters must not be repeated.
    if (key in values)
      throw new ValidationError(`The parameter ${key} is repeated.`, [{ path: key, message: 'repeated' }]);
    values[key] = value;
  }
  return values;
}

const jsonParser = httpJsonBodyParser();

/** JSON through middy's parser (400 for malformed JSON, 415 for another media type); forms for OAuth. */
function requestBody(): MiddlewareObj<PipelineEvent, APIGatewayProxyResult> {
  return {
    before: async (request) => {
      const event = request.event;
      const route = stateOf(event).route;
      if (!route?.request?.body) return;
      if (!event.body) {
        (event as { body: unknown }).body = undefined;
        return;
      }
      if (route.request.bodyType === 'form') {
        const contentType = event.headers['content-type'] ?? '';
        if (!/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
          throw new ApiError(
            'UnsupportedMediaType',
            'Send the parameters as application/x-www-form-urlencoded.',
          );
        }
        const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
        (event as { body: unknown }).body = parseFormBody(raw);
        return;
      }
      try {
        await jsonParser.before?.(request as never);
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 415) throw new ApiError('UnsupportedMediaType', 'Send the body as application/json.');
        throw new MalformedBodyError('The request body is not valid JSON.', { cause: error });
      }
    },
  };
}

/** Bearer token, scope and client-certificate binding, for routes that name a scope. */
function authorization(): MiddlewareObj<PipelineEvent, APIGatewayProxyResult> {
  return {
    before: async (request) => {
      const event = request.event;
      const state = stateOf(event);
      const route = state.route;
      if (!route?.auth) return;
      const principal = await authenticate({
        auth: route.auth,
        authorization: event.headers.authorization,
        clientCertificate: clientCertificateOf(event),
      });
      logger.appendKeys({ account_id: principal.accountId ?? undefined, subject: principal.subject });
      state.principal = principal;
    },
  };
}

/** zod over path, query, headers and body; unknown fields are refused by the strict schemas. */
function validation(): MiddlewareObj<PipelineEvent, APIGatewayProxyResult> {
  return {
    before: (request) => {
      const event = request.event;
      const state = stateOf(event);
      const route = state.route;
      if (!route) return;
      const spec = route.request ?? {};
      const rawHeaders = event.headers as Record<string, string | undefined>;
      const rawBody: unknown = event.body;
      state.request = {
        route,
        requestId: state.requestId,
        now: state.now,
        params: spec.params ? parsePart(spec.params, event.pathParameters ?? {}, 'path') : undefined,
        query: spec.query ? parsePart(spec.query, event.queryStringParameters ?? {}, 'query') : undefined,
        headers: spec.headers ? parsePart(spec.headers, rawHeaders, 'headers') : undefined,
        body: spec.body ? parsePart(spec.body, rawBody, 'body') : undefined,
        rawHeaders,
        principal: state.principal,
        clientCertificate: clientCertificateOf(event),
        uow: state.uow,
        idempotencyKey: undefined,
      } as ApiRequest;

      if (route.idempotency) {
        const key = rawHeaders['idempotency-key'];
        if (key === undefined) {
          if (route.idempotency === 'required') {
            throw new ValidationError('The Idempotency-Key header is required for this operation.', [
              { path: 'headers.idempotency-key', message: 'Required' },
            ]);
          }
        } else {
          const parsed = parsePart(idempotencyKeyHeader, key, 'headers.idempotency-key');
          const principal = state.principal;
          state.request.idempotencyKey = parsed;
          state.idempotency = {
            tenant: principal?.accountId ?? `employee:${principal?.subject ?? 'anonymous'}`,
            operationId: route.operationId,
            key: parsed,
            fingerprint: requestFingerprint(event.pathParameters ?? {}, rawBody),
          };
        }
      }
      state.operationStarted = true;
    },
  };
}

function toStored(result: ApiResult): StoredResponse {
  const headers: Record<string, string> = { ...result.headers };
  if (result.binary) {
    headers['Content-Type'] = result.binary.contentType;
    return { statusCode: result.status, headers, body: result.binary.base64 };
  }
  if (result.body !== undefined) headers['Content-Type'] ??= 'application/json';
  const body = result.json ?? (result.body === undefined ? '' : JSON.stringify(result.body));
  return { statusCode: result.status, headers, body };
}

function validateResponse(route: RouteDefinition, result: ApiResult): void {
  const schema = route.responses[result.status]?.schema;
  if (!schema) {
    if (!route.responses[result.status])
      throw new Error(`${route.operationId} answered undocumented ${result.status}`);
    return;
  }
  const parsed = schema.safeParse(result.body);
  if (!parsed.success) {
    throw new Error(
      `${route.operationId} ${result.status} response breaks its schema: ${parsed.error.message}`,
    );
  }
}

/** Runs of one operation when its commit keeps losing races (ConcurrentChangeError). */
const maxRuns = 3;

/** Commits staged writes (with the idempotency record) and shapes the API Gateway result. */
function commitAndRespond(): MiddlewareObj<PipelineEvent, APIGatewayProxyResult> {
  const respond = (
    state: PipelineState,
    outcome: IdempotentOutcome | { kind: 'plain'; response: StoredResponse },
  ) => {
    if (outcome.kind !== 'plain') state.idempotencyStatus = outcome.kind;
    const { statusCode, headers, body } = outcome.response;
    const binary = headers['Content-Type'] !== undefined && !/json/.test(headers['Content-Type']);
    return {
      statusCode,
      headers: { ...headers, ...idempotencyHeaders(state) },
      body,
      ...(binary ? { isBase64Encoded: true } : {}),
    };
  };

  const commit = async (state: PipelineState, result: ApiResult) => {
    if (state.route && config().validateResponses) validateResponse(state.route, result);
    const stored = toStored(result);
    if (state.idempotency) {
      return respond(state, await commitIdempotent(state.idempotency, state.uow.writes, stored, state.now));
    }
    await commitWrites(state.uow.writes);
    return respond(state, { kind: 'plain', response: stored });
  };

  return {
    after: async (request) => {
      const state = stateOf(request.event);
      let result = request.response as unknown as ApiResult;
      for (let run = 1; ; run++) {
        try {
          request.response = await commit(state, result);
          return;
        } catch (error) {
          // Lost a race whose outcome still allows the operation: run it again on fresh reads.
          if (!(error instanceof ConcurrentChangeError) || run >= maxRuns || !state.run) throw error;
          state.uow = new DynamoUnitOfWork();
          if (state.request) state.request.uow = state.uow;
          result = await state.run();
        }
      }
    },
    onError: async (request) => {
      const state = request.event.pipeline;
      const error = request.error;
      // Only the operation's own 4xx is stored; validation before it ran, and 5xx, are not (decisions.md).
      if (!state?.idempotency || !state.operationStarted || !(error instanceof ApiError)) return;
      if (error.code === 'IdempotencyConflict' || statusOf(error) >= 500) return;
      const problem = problemResponse(error, request.event.path ?? '/', state.requestId);
      const { 'X-Request-ID': _requestId, ...headers } = problem.headers;
      try {
        const outcome = await storeIdempotent(
          state.idempotency,
          { statusCode: problem.statusCode, headers, body: problem.body },
          state.now,
        );
        if (outcome.kind === 'reused') request.response = respond(state, outcome);
        else state.idempotencyStatus = 'created';
      } catch (storeError) {
        request.error = storeError as Error;
      }
    },
  };
}

/**
 * One Lambda per function group: every route of the group's route module (shared/routes/<area>.ts) in
 * `implementations`, dispatched on API Gateway's resource template and method, behind the same
 * middleware stack. A function imports only its own module, so it builds only its own schemas.
 */
export function createApiHandler<T extends Record<string, RouteDefinition>>(
  groupRoutes: T,
  implementations: Implementations<T>,
) {
  const routeList: RouteDefinition[] = Object.values(groupRoutes);
  const groups = new Set<FunctionGroup>(routeList.map((route) => route.group));
  if (groups.size !== 1)
    throw new Error(`A function serves one group; these routes name ${[...groups].join(', ')}`);
  const byOperation = implementations as unknown as Record<string, Implementation<RouteDefinition>>;
  for (const route of routeList) {
    if (!byOperation[route.operationId]) throw new Error(`No implementation for ${route.operationId}`);
  }
  return middy<PipelineEvent, APIGatewayProxyResult, Error, Context>()
    .use(httpSecurityHeaders(apiSecurityHeaders))
    .use(apiContext(routeList))
    .use(httpHeaderNormalizer())
    .use(requestBody())
    .use(authorization())
    .use(validation())
    .use(commitAndRespond())
    .handler(async (event) => {
      const state = stateOf(event);
      if (!state.route || !state.request) throw new Error('Route not resolved');
      const implementation = byOperation[state.route.operationId];
      if (!implementation) throw new Error(`No implementation for ${state.route.operationId}`);
      const request = state.request;
      state.run = () => implementation(request);
      return (await state.run()) as unknown as APIGatewayProxyResult;
    });
}

/** The API Gateway handler type every function exports. */
export type ApiHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
