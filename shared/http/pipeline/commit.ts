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
import { problemResponse, statusOf } from '../problem.ts';
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
  /** Reads what a used key answers, before an operation that commits its own writes runs. */
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

type Outcome = IdempotentOutcome | { kind: 'plain'; response: StoredResponse };

function respond(internal: PipelineInternal, outcome: Outcome): APIGatewayProxyResult {
  if (outcome.kind !== 'plain') internal.idempotencyStatus = outcome.kind;
  const { statusCode, headers, body } = outcome.response;
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
 * The operation's writes and its idempotency record commit together (one TransactWriteItems), or a
 * stored response replays. The handler runs the operation and commits through `internal.beginRun`;
 * an error the operation itself answers (4xx) is stored under the key as well, so a retry replays it.
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

  const idempotentCommitOnError = async (request: PipelineRequest): Promise<void> => {
    const { event, internal, error } = request;
    // Only the operation's own 4xx is stored (docs/architecture.md, Idempotency): `idempotency` is set
    // by this middleware's `before`, the last one, so an error here came from the operation or its commit.
    if (!internal.idempotency || !(error instanceof ApiError)) return;
    if (error.code === 'IdempotencyConflict' || statusOf(error) >= 500) return;
    const requestId = present(internal.requestId, 'request id (requestContext)');
    const problem = problemResponse(error, event.path ?? '/', requestId);
    const { 'X-Request-ID': _requestId, ...headers } = problem.headers;
    try {
      const outcome = await settings.storeIdempotent(
        internal.idempotency,
        { statusCode: problem.statusCode, headers, body: problem.body },
        present(internal.now, 'arrival time (requestContext)'),
      );
      if (outcome.kind === 'reused') request.response = respond(internal, outcome);
      else internal.idempotencyStatus = 'created';
    } catch (storeError) {
      request.error = storeError instanceof Error ? storeError : new Error(String(storeError));
    }
  };

  return { before: idempotentCommitBefore, onError: idempotentCommitOnError };
}
