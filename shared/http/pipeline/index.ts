import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { ConcurrentChangeError } from '../../domain/errors.ts';
import { employeeTwinsOf } from '../../routes/employee-twins.ts';
import type { FunctionGroup, RouteDefinition } from '../../routes/types.ts';
import { dailyUsage } from '../../usage-plans/daily-usage.ts';
import { auditTrail } from './audit.ts';
import { authorization } from './authorization.ts';
import { idempotentCommit } from './commit.ts';
import { cors } from './cors.ts';
import { deprecation } from './deprecation.ts';
import { errorResponses } from './errors.ts';
import { type PipelineInternal, type PipelineRequest, present } from './internal.ts';
import { rateLimitPolicy } from './rate-limit-policy.ts';
import { requestBody } from './request-body.ts';
import { requestContext } from './request-context.ts';
import { type RequestLogOptions, requestLog } from './request-log.ts';
import { requestMetrics } from './request-metrics.ts';
import { apiSecurityHeaders } from './security-headers.ts';
import type { Implementations, Operation } from './types.ts';
import { validation } from './validation.ts';

export type { ApiHandler, ApiRequest, ApiResult, Implementation, Implementations } from './types.ts';

/** Runs of one operation when its commit keeps losing races (ConcurrentChangeError); then 503. */
export const maxRuns = 3;

/**
 * Runs the operation and commits its writes. A commit that lost a race the operation can still win
 * (ConcurrentChangeError) runs it again on fresh reads with a new unit of work.
 */
async function runOperation(
  operation: Operation,
  internal: PipelineInternal,
): Promise<APIGatewayProxyResult> {
  const request = present(internal.request, 'request (validation)');
  const beginRun = present(internal.beginRun, 'unit of work (idempotentCommit)');
  const earlier = await internal.answerOfUsedKey?.();
  if (earlier) return earlier;
  for (let run = 1; ; run++) {
    const { uow, commit } = beginRun();
    // Each run gets its unit of work on the same parsed request: a copy per run costs more than it protects.
    const result = await operation(Object.assign(request, { uow }));
    try {
      return await commit(result);
    } catch (error) {
      if (!(error instanceof ConcurrentChangeError) || run >= maxRuns) throw error;
    }
  }
}

export interface ApiHandlerOptions {
  /**
   * How the request log's lines are written (docs/support.md, Request log); `false` writes none, which
   * only the bench does, to measure what recording costs a request.
   */
  requestLog?: Partial<RequestLogOptions> | false;
}

/**
 * One Lambda per function group: every route of the group's route module (shared/routes/<area>.ts) in
 * `implementations`, dispatched on API Gateway's resource template and method, behind the same
 * middleware stack. A function imports only its own module, so it builds only its own schemas. The
 * employee twin of each `/v2/admin` route is served too, by the same implementation.
 */
export function createApiHandler<T extends Record<string, RouteDefinition>>(
  groupRoutes: T,
  implementations: Implementations<T>,
  options: ApiHandlerOptions = {},
) {
  const declared = Object.entries(groupRoutes);
  const twins: RouteDefinition[] = Object.values(employeeTwinsOf(groupRoutes));
  const routeList: RouteDefinition[] = [...Object.values(groupRoutes), ...twins];
  const groups = new Set<FunctionGroup>(routeList.map((route) => route.group));
  if (groups.size !== 1)
    throw new Error(`A function serves one group; these routes name ${[...groups].join(', ')}`);
  const operations = new Map<RouteDefinition, Operation>();
  const implementationOf = new Map<string, Operation>();
  for (const [key, route] of declared) {
    const implementation = implementations[key];
    if (typeof implementation !== 'function') throw new Error(`No implementation for ${route.operationId}`);
    // Validation parsed every part with this route's schemas and checked the principal's audience.
    operations.set(route, implementation as Operation);
    implementationOf.set(route.operationId, implementation as Operation);
  }
  for (const twin of twins) {
    const implementation = twin.twinOf === undefined ? undefined : implementationOf.get(twin.twinOf);
    if (!implementation) throw new Error(`No implementation for ${twin.operationId}`);
    operations.set(twin, implementation);
  }

  // middy passes the handler the request's event and context, not the request: the last `before`
  // files the request's state under its event (one object per invocation), and the handler takes it.
  const stateOfEvent = new WeakMap<APIGatewayProxyEvent, PipelineInternal>();
  const handOver = ({ event, internal }: PipelineRequest): void => {
    if (stateOfEvent.has(event)) throw new Error('One event object is being handled twice at once');
    stateOfEvent.set(event, internal);
  };
  const takeHandedOver = (event: APIGatewayProxyEvent): PipelineInternal => {
    const internal = stateOfEvent.get(event);
    if (!internal) throw new Error('The request state was not handed over to its handler');
    stateOfEvent.delete(event);
    return internal;
  };

  const stack = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context, PipelineInternal>()
    .use(apiSecurityHeaders())
    .use(cors());
  if (options.requestLog !== false) stack.use(requestLog(options.requestLog));
  return (
    stack
      // After and onError run in reverse: these see the final answer, errors already turned into problems.
      .use(requestMetrics())
      .use(rateLimitPolicy({ dailyUsage }))
      .use(deprecation())
      .use(errorResponses())
      .use(requestContext({ routes: routeList }))
      .use(httpHeaderNormalizer())
      .use(requestBody())
      .use(authorization())
      .use(validation())
      .use(idempotentCommit())
      .use(auditTrail())
      .before(handOver)
      .handler(async (event) => {
        const internal = takeHandedOver(event);
        const route = present(internal.route, 'route (requestContext)');
        const operation = operations.get(route);
        if (!operation) throw new Error(`No implementation for ${route.operationId}`);
        return await runOperation(operation, internal);
      })
  );
}
