import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { ClientCertificate, Principal } from '../../auth/principal.ts';
import type { MeteringPlan } from '../../domain/quotas/ports.ts';
import type { IdempotencyContext } from '../../idempotency/store.ts';
import type { RouteDefinition } from '../../routes/types.ts';
import type { OperationRun, ParsedRequest } from './types.ts';

/**
 * What the middlewares hand each other, in middy's `request.internal`. Every field is set by one
 * middleware and read by later ones; absent until its middleware ran (or when it threw first).
 */
export type PipelineInternal = {
  /** requestLog: when the pipeline started on the request, in monotonic milliseconds. */
  startedAt?: number;
  /** requestContext */
  requestId?: string;
  /** requestContext */
  now?: Date;
  /** rateLimitPolicy: the plan the gateway metered the request with (its authorizer's context). */
  usagePlan?: MeteringPlan;
  /** rateLimitPolicy: whose daily usage the request counted in (a usage key), at the gateway's time. */
  usageCount?: { owner: string; at: Date };
  /** requestContext: the route the resource and method resolve to. */
  route?: RouteDefinition;
  /** requestContext */
  clientCertificate?: ClientCertificate | null;
  /** requestBody: the parsed body, or the raw one of a route that declares no body. */
  body?: unknown;
  /** authorization: null for a route without `auth`. */
  principal?: Principal | null;
  /** validation */
  request?: ParsedRequest;
  /** idempotentCommit: set when the request carries an Idempotency-Key. */
  idempotency?: IdempotencyContext;
  /** idempotentCommit: how the key was used, once the operation's outcome is known. */
  idempotencyStatus?: 'created' | 'reused';
  /** idempotentCommit: starts one run of the operation (again after a lost race). */
  beginRun?: () => OperationRun;
  /**
   * idempotentCommit, for a keyed request to an operation that commits its own writes: the answer the
   * key already has (a replay, or a thrown 409 IdempotencyConflict), undefined when it is unused.
   */
  answerOfUsedKey?: () => Promise<APIGatewayProxyResult | undefined>;
};

export type PipelineRequest = Request<
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  Error,
  Context,
  PipelineInternal
>;

export type PipelineMiddleware = MiddlewareObj<
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  Error,
  Context,
  PipelineInternal
>;

/** A value an earlier middleware must have set; its absence is a wiring mistake, never the caller's. */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Pipeline state missing: ${what}`);
  return value;
}

/** The idempotency headers of a response, once the key was used. */
export function idempotencyHeaders(internal: PipelineInternal): Record<string, string> {
  if (!internal.idempotency || !internal.idempotencyStatus) return {};
  return { 'Idempotency-Key': internal.idempotency.key, 'Idempotency-Status': internal.idempotencyStatus };
}
