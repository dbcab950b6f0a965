import type { APIGatewayProxyResult } from 'aws-lambda';
import { tenantOf } from '../../auth/principal.ts';
import { config } from '../../config/env.ts';
import { commitWrites, DynamoUnitOfWork, type DynamoWrite } from '../../db/transaction.ts';
import { ApiError } from '../../domain/errors.ts';
import { requestFingerprint } from '../../idempotency/fingerprint.ts';
import {
  commitIdempotent,
  findIdempotent,
  type IdempotencyContext,
  type IdempotentOutcome,
  type StoredResponse,
  storeIdempotent,
} from '../../idempotency/store.ts';
import type { RouteDefinition } from '../../routes/types.ts';
import { problemContentType } from '../../vocabulary/media-types.ts';
import { problemResponse, statusOf } from '../problem.ts';
import { schemaBreach } from '../validation.ts';
import {
  idempotencyHeaders,
  type PipelineInternal,
  type PipelineMiddleware,
  type PipelineRequest,
  present,
} from './internal.ts';
import type { ApiResult, OperationRun } from './types.ts';

export interface IdempotentCommitOptions {
  unitOfWork: () => DynamoUnitOfWork;
  /** Writes without an idempotency key: one TransactWriteItems. */
  commitWrites: (writes: readonly DynamoWrite[]) => Promise<void>;
  /** Writes with the idempotency record in the same TransactWriteItems, or the stored response. */
  commitIdempotent: typeof commitIdempotent;
  /** Stores an outcome that writes nothing (the operation's own 4xx). */
  storeIdempotent: typeof storeIdempotent;
  /**
   * The stored outcome under the key: read when the operation failed, and before an operation that
   * commits its own writes runs.
   */
  findIdempotent: typeof findIdempotent;
  /** Checks every result against the route's documented responses before it leaves (local and tests). */
  validateResponses: () => boolean;
}

const defaults: IdempotentCommitOptions = {
  unitOfWork: () => new DynamoUnitOfWork(),
  commitWrites,
  commitIdempotent,
  storeIdempotent,
  findIdempotent,
  validateResponses: () => config().validateResponses,
};

function toStored(result: ApiResult): StoredResponse {
  const headers: Record<string, string> = { ...result.headers };
  if (result.binary) {
    headers['Content-Type'] = result.binary.contentType;
    return { statusCode: result.status, headers, body: result.binary.base64 };
  }
  if (result.text) {
    headers['Content-Type'] = result.text.contentType;
    return { statusCode: result.status, headers, body: result.text.body };
  }
  if (result.body !== undefined) headers['Content-Type'] ??= 'application/json';
  const body = result.json ?? (result.body === undefined ? '' : JSON.stringify(result.body));
  return { statusCode: result.status, headers, body };
}

/** Local stage and tests only. */
function validateResponse(route: RouteDefinition, result: ApiResult): void {
  const spec = route.responses[result.status];
  if (result.text && spec?.alternatives?.[result.text.contentType] !== undefined) return;
  const schema = spec?.schema;
  if (!schema) {
    if (!route.responses[result.status])
      throw new Error(`${route.operationId} answered undocumented ${result.status}`);
    return;
  }
  const breach = schemaBreach(schema, result.body);
  if (breach !== undefined) {
    throw new Error(`${route.operationId} ${result.status} response breaks its schema: ${breach}`);
  }
}

type Outcome = IdempotentOutcome | { kind: 'plain'; response: StoredResponse };

/**
 * A replayed problem names the request that answers it: the stored body carries the first request's
 * `request_id`, which is rewritten to this one's, so the body and X-Request-ID always agree.
 */
function withRequestId(response: StoredResponse, requestId: string | undefined): StoredResponse {
  if (requestId === undefined || response.headers['Content-Type'] !== problemContentType) return response;
  try {
    const problem = JSON.parse(response.body) as unknown;
    if (typeof problem !== 'object' || problem === null || !('request_id' in problem)) return response;
    return { ...response, body: JSON.stringify({ ...problem, request_id: requestId }) };
  } catch {
    return response;
  }
}

function respond(internal: PipelineInternal, outcome: Outcome): APIGatewayProxyResult {
  if (outcome.kind !== 'plain') internal.idempotencyStatus = outcome.kind;
  const { statusCode, headers, body } =
    outcome.kind === 'reused' ? withRequestId(outcome.response, internal.requestId) : outcome.response;
  const contentType = headers['Content-Type'];
  const binary = contentType !== undefined && !/json|^text\//i.test(contentType);
  return {
    statusCode,
    headers: { ...headers, ...idempotencyHeaders(internal) },
    body,
    ...(binary ? { isBase64Encoded: true } : {}),
  };
}

/**
 * The operation's own refusals are stored under the key: a 4xx it decided. Not stored: 5xx, anything
 * unexpected, and answers that ask for a retry (Retry-After: a key in flight, a rate limit), so the
 * retry runs the operation again.
 */
function storable(error: Error): error is ApiError {
  return (
    error instanceof ApiError &&
    error.code !== 'IdempotencyConflict' &&
    error.retryAfter === undefined &&
    statusOf(error) < 500
  );
}

/**
 * The operation's writes and its idempotency record commit together (one TransactWriteItems), or a
 * stored response replays. The handler runs the operation and commits through `internal.beginRun`;
 * an error the operation itself answers (4xx) is stored under the key as well, so a retry replays it,
 * and any other failure gives way to a response stored under the key before.
 */
export function idempotentCommit(options: Partial<IdempotentCommitOptions> = {}): PipelineMiddleware {
  const settings = { ...defaults, ...options };

  const commit = async (internal: PipelineInternal, writes: readonly DynamoWrite[], result: ApiResult) => {
    const route = present(internal.route, 'route (requestContext)');
    if (settings.validateResponses()) validateResponse(route, result);
    const stored = toStored(result);
    if (internal.idempotency) {
      const now = present(internal.now, 'arrival time (requestContext)');
      return respond(internal, await settings.commitIdempotent(internal.idempotency, writes, stored, now));
    }
    await settings.commitWrites(writes);
    return respond(internal, { kind: 'plain', response: stored });
  };

  const idempotentCommitBefore = (request: PipelineRequest): void => {
    const { event, internal } = request;
    const parsed = present(internal.request, 'request (validation)');
    if (parsed.idempotencyKey !== undefined) {
      const idempotency: IdempotencyContext = {
        tenant: tenantOf(parsed.principal),
        operationId: parsed.route.operationId,
        key: parsed.idempotencyKey,
        fingerprint: requestFingerprint(event.pathParameters ?? {}, internal.body),
      };
      internal.idempotency = idempotency;
      // Its writes are committed before the record could be: run it again only under an unused key.
      if (parsed.route.commitsOwnWrites) {
        internal.answerOfUsedKey = async () => {
          const now = present(internal.now, 'arrival time (requestContext)');
          const outcome = await settings.findIdempotent(idempotency, now);
          return outcome && respond(internal, outcome);
        };
      }
    }
    internal.beginRun = (): OperationRun => {
      const uow = settings.unitOfWork();
      return { uow, commit: (result) => commit(internal, uow.writes, result) };
    };
  };

  /** A 4xx of the operation: stored under the key, or the outcome a twin stored first. */
  const storeRefusal = async (request: PipelineRequest, error: ApiError): Promise<void> => {
    const { event, internal } = request;
    const context = present(internal.idempotency, 'idempotency (idempotentCommit)');
    const requestId = present(internal.requestId, 'request id (requestContext)');
    const problem = problemResponse(error, event.path ?? '/', requestId);
    const { 'X-Request-ID': _requestId, ...headers } = problem.headers;
    const outcome = await settings.storeIdempotent(
      context,
      { statusCode: problem.statusCode, headers, body: problem.body },
      present(internal.now, 'arrival time (requestContext)'),
    );
    if (outcome.kind === 'reused') request.response = respond(internal, outcome);
    else internal.idempotencyStatus = 'created';
  };

  /**
   * Any other failure (5xx, a key in flight, a state that moved on): a response already stored under
   * the key wins, so a retry never sees a failure the first request did not have. One GetItem, on the
   * failure path only; when the read fails too, the original failure stands.
   */
  const replayStored = async (request: PipelineRequest): Promise<void> => {
    const { internal } = request;
    const context = present(internal.idempotency, 'idempotency (idempotentCommit)');
    let outcome: IdempotentOutcome | undefined;
    try {
      outcome = await settings.findIdempotent(
        context,
        present(internal.now, 'arrival time (requestContext)'),
      );
    } catch (lookupError) {
      if (lookupError instanceof ApiError) request.error = lookupError;
      return;
    }
    if (outcome) request.response = respond(internal, outcome);
  };

  const idempotentCommitOnError = async (request: PipelineRequest): Promise<void> => {
    const { internal, error } = request;
    // `idempotency` is set by this middleware's `before`, the last one, so an error here came from the
    // operation or its commit (docs/architecture.md, Idempotency).
    if (!internal.idempotency || !error) return;
    try {
      if (storable(error)) await storeRefusal(request, error);
      else await replayStored(request);
    } catch (storeError) {
      request.error = storeError instanceof Error ? storeError : new Error(String(storeError));
    }
  };

  return { before: idempotentCommitBefore, onError: idempotentCommitOnError };
}
