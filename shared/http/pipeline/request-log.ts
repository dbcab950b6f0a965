import { performance } from 'node:perf_hooks';
import { ScopeRefusedError } from '../../auth/authenticate.ts';
import { ApiError } from '../../domain/errors.ts';
import { writeRequestLine } from '../../observability/request-log.ts';
import type { RequestLogLine } from '../../schemas/requests.ts';
import type { PipelineMiddleware, PipelineRequest } from './internal.ts';

export interface RequestLogOptions {
  write: (line: RequestLogLine) => void;
  /** A monotonic clock in milliseconds, for the duration. */
  elapsed: () => number;
}

const defaults: RequestLogOptions = { write: writeRequestLine, elapsed: () => performance.now() };

/** The problem code of an answer the pipeline did not throw itself (a replayed 4xx): read from its body. */
function codeInBody(body: string | undefined): string | null {
  if (!body) return null;
  try {
    const { code } = JSON.parse(body) as { code?: unknown };
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

/** The path as the partner sent it, without a query string: a query may carry what a path never does. */
const withoutQuery = (path: string): string => {
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
};

/**
 * One request log line per request that carried a valid partner token: accepted, or refused with 403
 * for a missing scope (the token proved the account). A request refused before that (no token, a bad
 * one, another account's certificate) has no account to file it under, and is not recorded. The line
 * names the request and its outcome only: never a body, a token, a header or a query string.
 */
export function requestLineOf(
  request: PipelineRequest,
  startedAt: number,
  now: number,
): RequestLogLine | undefined {
  const { event, internal, response, error } = request;
  const principal = internal.principal ?? (error instanceof ScopeRefusedError ? error.principal : undefined);
  if (!response || principal?.kind !== 'partner' || !internal.route || !internal.now || !internal.requestId)
    return undefined;
  const status = response.statusCode;
  return {
    kind: 'request',
    account_id: principal.accountId,
    request_id: internal.requestId,
    received_at: internal.now.toISOString(),
    method: event.httpMethod,
    path: withoutQuery(event.path),
    operation_id: internal.route.operationId,
    status,
    code: status < 400 ? null : error instanceof ApiError ? error.code : codeInBody(response.body),
    duration_ms: Math.round((now - startedAt) * 1000) / 1000,
    client_id: principal.subject,
    idempotency_status: internal.idempotencyStatus ?? null,
  };
}

/** Writes the request log line once the answer is final (docs/support.md, Request log). */
export function requestLog(options: Partial<RequestLogOptions> = {}): PipelineMiddleware {
  const { write, elapsed } = { ...defaults, ...options };

  const requestLogBefore = (request: PipelineRequest): void => {
    request.internal.startedAt = elapsed();
  };
  const requestLogAfter = (request: PipelineRequest): void => {
    const started = request.internal.startedAt;
    if (started === undefined) return;
    const line = requestLineOf(request, started, elapsed());
    if (line) write(line);
  };

  return { before: requestLogBefore, after: requestLogAfter, onError: requestLogAfter };
}
