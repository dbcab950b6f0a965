import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiError } from '../../shared/domain/errors.ts';
import { corsPreflightHeaders } from '../../shared/http/cors.ts';
import { problemResponse } from '../../shared/http/problem.ts';
import { routesForStage } from '../../shared/routes/index.ts';
import type { Host } from '../../shared/routes/types.ts';
import { type Clock, processClock } from '../../shared/util/clock.ts';
import type { Stage } from '../../shared/vocabulary/stage.ts';
import { buildProxyEvent, catchAllResource, clientCertificateFields, matchRoute } from './api-event.ts';
import { type FunctionModules, lambdaContext } from './functions.ts';
import { answerRateLimitFields, type LocalFloodRules, type LocalUsagePlans, type Metered } from './limits.ts';
import { type LocalListener, listenLocally } from './listen.ts';

/** API Gateway's payload quota for REST APIs. */
export const gatewayMaxBodyBytes = 10 * 1024 * 1024;
/** API Gateway's integration timeout. */
const integrationTimeoutMs = 29_000;

export interface GatewayOptions {
  host: Host;
  port: number;
  stage: Stage;
  region: string;
  tls: { key: string; cert: string };
  /** The truststore: when set, a client certificate signed by it is required (mutual TLS). */
  clientCa?: string;
  /** The browser apps' origins this host admits: CORS preflights are answered here, as API Gateway's OPTIONS methods do. */
  corsOrigins?: readonly string[];
  functions: FunctionModules;
  log: (message: string) => void;
  /** The partner API's usage plans and authorizer: metered routes are counted per account. */
  usagePlans?: LocalUsagePlans;
  /** The auth API's WAF rate rules: floods per source address and per client. */
  floodRules?: LocalFloodRules;
  /** The gateway's time (the events' requestTimeEpoch); tests that move the usage plans' clock pass theirs. */
  clock?: Clock;
  /**
   * The caller's address the events carry instead of the socket's: a test's own gateway plays a
   * caller at another address with it. Fixed per gateway, so no request can choose its own.
   */
  sourceAddress?: string;
  /**
   * A static site on the same origin (CloudFront's default behavior in AWS): it answers every request
   * whose path does not start with `apiPrefix` (the eSIM page, docs/esim.md).
   */
  site?: { apiPrefix: string; listener: (request: IncomingMessage, response: ServerResponse) => void };
}

export type Gateway = LocalListener;

interface Reply {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

function json(statusCode: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    statusCode,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: Buffer.from(JSON.stringify(value)),
  };
}

function fromProblem(response: { statusCode: number; headers: Record<string, string>; body: string }): Reply {
  return { statusCode: response.statusCode, headers: response.headers, body: Buffer.from(response.body) };
}

/** Reads the body up to the limit; past it, the rest is drained unread so the client still gets the 413. */
async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | 'tooLarge'> {
  const declared = Number(request.headers['content-length'] ?? 0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (declared <= limit && size <= limit) chunks.push(chunk);
  }
  return declared > limit || size > limit ? 'tooLarge' : Buffer.concat(chunks);
}

/** API Gateway refuses malformed proxy results with 502; so does this gateway. */
function toReply(result: APIGatewayProxyResult | undefined): Reply {
  if (
    !result ||
    typeof result.statusCode !== 'number' ||
    (result.body !== undefined && typeof result.body !== 'string')
  ) {
    throw new Error('Malformed Lambda proxy response');
  }
  const headers: Record<string, string[]> = {};
  const add = (name: string, value: string) => {
    const existing = Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase()) ?? name;
    headers[existing] = [...(headers[existing] ?? []), value];
  };
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
    for (const value of values) add(name, String(value));
  }
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    const known = Object.keys(headers).some((key) => key.toLowerCase() === name.toLowerCase());
    if (!known) add(name, String(value));
  }
  if (!Object.keys(headers).some((key) => key.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = ['application/json'];
  }
  const body = Buffer.from(result.body ?? '', result.isBase64Encoded ? 'base64' : 'utf8');
  return { statusCode: result.statusCode, headers, body };
}

/** Sets a header, replacing one of the same name in any case (the gateway's fields win). */
function setHeaders(reply: Reply, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    for (const key of Object.keys(reply.headers)) {
      if (key.toLowerCase() === name.toLowerCase()) delete reply.headers[key];
    }
    reply.headers[name] = value;
  }
}

function replyHeader(reply: Reply, name: string): string | undefined {
  const key = Object.keys(reply.headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : reply.headers[key];
  return Array.isArray(value) ? value.join(', ') : value;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** API Gateway hands the Lambda its authorizer's context as strings, beside the principal id. */
function authorizerContextOf(result: {
  principalId: string;
  context: Record<string, string | number | boolean>;
}) {
  return {
    principalId: result.principalId,
    ...Object.fromEntries(Object.entries(result.context).map(([key, value]) => [key, String(value)])),
  };
}

function traceId(now: Date): string {
  return `Root=1-${Math.floor(now.getTime() / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;
}

/**
 * One API Gateway custom domain: TLS (mutual when `clientCa` is set), resource matching over the
 * route table entries of this host, the REST proxy event, the Lambda of the route's group invoked in
 * process, and the proxy result written back.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const routes = routesForStage(options.stage).filter((route) => route.hosts.includes(options.host));

  async function invoke(group: string, event: APIGatewayProxyEvent): Promise<Reply> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), integrationTimeoutMs);
    });
    try {
      const handler = await options.functions.handler<APIGatewayProxyEvent, APIGatewayProxyResult>(group);
      const context = lambdaContext(group, integrationTimeoutMs, options.region);
      const result = await Promise.race([handler(event, context), timeout]);
      if (result === 'timeout') return json(504, { message: 'Endpoint request timed out' });
      return toReply(result);
    } catch (error) {
      options.log(
        `${group} failed on ${event.httpMethod} ${event.path}: ${(error as Error).stack ?? String(error)}`,
      );
      return json(502, { message: 'Internal server error' });
    } finally {
      clearTimeout(timer);
    }
  }

  async function respond(request: IncomingMessage, port: number): Promise<Reply> {
    const requestId = randomUUID();
    const now = (options.clock ?? processClock).now();
    const [path = '/', rawQuery = ''] = (request.url ?? '/').split(/\?(.*)/s);
    const body = await readBody(request, gatewayMaxBodyBytes);
    if (body === 'tooLarge') {
      const error = new ApiError(
        'PayloadTooLarge',
        `The request body exceeds ${gatewayMaxBodyBytes} bytes.`,
        {
          details: { limit_bytes: gatewayMaxBodyBytes },
        },
      );
      return fromProblem(problemResponse(error, path, requestId));
    }
    const method = request.method ?? 'GET';
    if (method === 'OPTIONS' && options.corsOrigins?.length) {
      const origin = request.headers.origin;
      return {
        statusCode: 204,
        headers: corsPreflightHeaders(origin, options.corsOrigins) ?? {},
        body: Buffer.alloc(0),
      };
    }
    const match = matchRoute(routes, method, path);
    const socket = request.socket as TLSSocket;
    const peer = options.clientCa ? socket.getPeerX509Certificate() : undefined;
    const sourceIp = options.sourceAddress ?? socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
    const flooding = options.floodRules?.check({
      sourceIp,
      authorization: header(request, 'authorization'),
      contentType: header(request, 'content-type'),
      body,
    });
    if (flooding) {
      // WAF answers before API Gateway sees the request: no route, no Lambda.
      const reply = fromProblem(problemResponse(flooding, path, requestId));
      setHeaders(reply, { 'Content-Type': 'application/json' });
      return reply;
    }
    let metered: Metered | undefined;
    try {
      metered =
        match.kind === 'operation' && match.route.auth
          ? await options.usagePlans?.meter(header(request, 'authorization'))
          : undefined;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The authorizer failed: API Gateway's AUTHORIZER_FAILURE response (a 503 problem), no Lambda.
      options.log(`authorizer failed: ${String(error.cause)}`);
      return fromProblem(problemResponse(error, path, requestId));
    }
    if (metered?.refusal) {
      // API Gateway's THROTTLED or QUOTA_EXCEEDED response: the Lambda never runs.
      const reply = fromProblem(problemResponse(metered.refusal, path, requestId));
      setHeaders(reply, { ...metered.headers, 'Cache-Control': 'no-store' });
      return reply;
    }
    const forwarded = [
      ['X-Forwarded-For', sourceIp],
      ['X-Forwarded-Port', String(port)],
      ['X-Forwarded-Proto', 'https'],
      ['X-Amzn-Trace-Id', traceId(now)],
    ].filter(([name]) => request.headers[(name as string).toLowerCase()] === undefined);
    const event = buildProxyEvent({
      method,
      path,
      rawQuery,
      rawHeaders: [...request.rawHeaders, ...forwarded.flat()] as string[],
      body,
      resource: match.kind === 'unknown' ? catchAllResource : match.route.path,
      pathParameters: Object.keys(match.pathParameters).length > 0 ? match.pathParameters : null,
      sourceIp,
      clientCert: peer ? clientCertificateFields(peer) : null,
      stage: options.stage,
      requestId,
      now,
    });
    if (metered) event.requestContext.authorizer = authorizerContextOf(metered.authorizer);
    const reply = await invoke(match.kind === 'unknown' ? 'meta' : match.route.group, event);
    if (metered) setHeaders(reply, answerRateLimitFields(metered, replyHeader(reply, 'ratelimit')));
    reply.headers['x-amzn-RequestId'] = requestId;
    return reply;
  }

  const server: Server = createServer(
    {
      key: options.tls.key,
      cert: options.tls.cert,
      minVersion: 'TLSv1.2',
      ...(options.clientCa ? { ca: options.clientCa, requestCert: true, rejectUnauthorized: true } : {}),
    },
    (request: IncomingMessage, response: ServerResponse) => {
      if (options.site && !(request.url ?? '/').startsWith(options.site.apiPrefix)) {
        options.site.listener(request, response);
        return;
      }
      const port = (server.address() as AddressInfo).port;
      respond(request, port)
        .then((reply) => {
          response.writeHead(reply.statusCode, reply.headers);
          response.end(request.method === 'HEAD' ? undefined : reply.body);
        })
        .catch((error: unknown) => {
          options.log(`gateway error: ${(error as Error).stack ?? String(error)}`);
          if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify({ message: 'Internal server error' }));
        });
    },
  );
  return listenLocally(server, options.port);
}
