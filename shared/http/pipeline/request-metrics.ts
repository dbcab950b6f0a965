import { ApiError } from '../../domain/errors.ts';
import { countCreate, countRequest, countThrottle } from '../../observability/metrics.ts';
import type { PipelineMiddleware, PipelineRequest } from './internal.ts';

export interface RequestMetricsOptions {
  count: typeof countRequest;
  countCreated: typeof countCreate;
  countThrottled: typeof countThrottle;
}

const defaults: RequestMetricsOptions = {
  count: countRequest,
  countCreated: countCreate,
  countThrottled: countThrottle,
};

/**
 * Counts every answered request once, by operation and status class (a 5xx in Errors too), with the
 * partner's account as a property (docs/operations.md, Metrics). A request no route matched counts
 * under `unmatched`: a metric per unknown path would be unbounded. A route that `creates` something
 * counts a create on success, but not when the answer is the replay of an earlier one. A limit a
 * function enforces itself (the token endpoint's lockout) counts in Throttles by its policy.
 */
export function requestMetrics(options: Partial<RequestMetricsOptions> = {}): PipelineMiddleware {
  const { count, countCreated, countThrottled } = { ...defaults, ...options };

  const requestMetricsAfter = (request: PipelineRequest): void => {
    const { response, internal } = request;
    if (!response) return;
    const principal = internal.principal;
    const accountId = principal?.kind === 'partner' ? principal.accountId : undefined;
    count(internal.route?.operationId ?? 'unmatched', response.statusCode, accountId);
    const creates = internal.route?.creates;
    if (creates && response.statusCode < 300 && internal.idempotencyStatus !== 'reused') {
      countCreated(creates, accountId);
    }
    const { error } = request;
    if (error instanceof ApiError && error.code === 'RateLimitExceeded') {
      countThrottled(String(error.details?.policy ?? 'unknown'), accountId);
    }
  };

  return { after: requestMetricsAfter, onError: requestMetricsAfter };
}
