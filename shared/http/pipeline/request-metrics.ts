import { countRequest } from '../../observability/metrics.ts';
import type { PipelineMiddleware, PipelineRequest } from './internal.ts';

export interface RequestMetricsOptions {
  count: typeof countRequest;
}

const defaults: RequestMetricsOptions = { count: countRequest };

/**
 * Counts every answered request once, by operation and status class (a 5xx in Errors too), with the
 * partner's account as a property (docs/operations.md, Metrics). A request no route matched counts
 * under `unmatched`: a metric per unknown path would be unbounded.
 */
export function requestMetrics(options: Partial<RequestMetricsOptions> = {}): PipelineMiddleware {
  const { count } = { ...defaults, ...options };

  const requestMetricsAfter = (request: PipelineRequest): void => {
    const { response, internal } = request;
    if (!response) return;
    const principal = internal.principal;
    count(
      internal.route?.operationId ?? 'unmatched',
      response.statusCode,
      principal?.kind === 'partner' ? principal.accountId : undefined,
    );
  };

  return { after: requestMetricsAfter, onError: requestMetricsAfter };
}
