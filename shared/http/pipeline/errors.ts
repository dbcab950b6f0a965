import type { Logger } from '@aws-lambda-powertools/logger';
import { isThrottlingError, isTransientError } from '@smithy/core/retry';
import { ApiError, ServiceUnavailableError } from '../../domain/errors.ts';
import { logger } from '../../observability/logger.ts';
import { OAuthError } from '../../vocabulary/oauth-error.ts';
import { errorPage, htmlErrorResponse } from '../html-pages.ts';
import { oauthErrorResponse } from '../oauth-errors.ts';
import { problemResponse, statusOf } from '../problem.ts';
import { resolveRequestId } from '../request-id.ts';
import { idempotencyHeaders, type PipelineMiddleware, type PipelineRequest } from './internal.ts';

export interface ErrorResponsesOptions {
  /** Refusals (4xx) log at info, failures (5xx and anything unexpected) at error. */
  logger: Pick<Logger, 'info' | 'error'>;
}

const defaults: ErrorResponsesOptions = { logger };

/** Seconds a partner is asked to wait when a dependency (DynamoDB, Secrets Manager) is unreachable. */
export const dependencyRetryAfterSeconds = 2;

/**
 * An AWS SDK call that failed after the SDK's own retries because the service was unreachable, slow
 * or throttling (connection refused or reset, timeout, 5xx, throttling codes): a retry will likely
 * succeed, so the partner gets 503 with Retry-After rather than 500. The SDK's own classification
 * decides (the one its retry strategy uses), so the two never disagree.
 */
export function unavailableDependency(error: unknown): ServiceUnavailableError | undefined {
  if (!(error instanceof Error) || error instanceof ApiError || error instanceof OAuthError) return undefined;
  const sdkError = error as Parameters<typeof isTransientError>[0];
  if (!isTransientError(sdkError) && !isThrottlingError(sdkError)) return undefined;
  return new ServiceUnavailableError('A service this operation depends on is unavailable; retry shortly.', {
    retryAfter: dependencyRetryAfterSeconds,
    cause: error,
  });
}

/**
 * The one place an error becomes a response: an RFC 9457 problem, RFC 6749 terms on the token
 * endpoint, or an HTML page on the routes a browser opens; with X-Request-ID, and the idempotency
 * headers once the key was used.
 */
export function errorResponses(options: Partial<ErrorResponsesOptions> = {}): PipelineMiddleware {
  const { logger: log } = { ...defaults, ...options };

  const errorResponsesOnError = (request: PipelineRequest): void => {
    const { event, internal } = request;
    const requestId = internal.requestId ?? resolveRequestId(undefined);
    if (request.response) {
      // An earlier onError (an idempotent replay) already answered.
      request.response.headers = { ...request.response.headers, 'X-Request-ID': requestId };
      return;
    }
    const unavailable = unavailableDependency(request.error);
    const error = unavailable ?? request.error;
    const format = internal.route?.errorFormat ?? 'problem';
    if (unavailable) {
      log.error('Dependency unavailable', { error: request.error ?? undefined });
    } else if (error instanceof OAuthError) {
      log.info('Request refused', { error: error.error, status: error.status });
    } else if (format === 'html' && !(error instanceof ApiError) && errorPage(error).status < 500) {
      log.info('Request refused', { error: error?.name, status: errorPage(error).status });
    } else if (!(error instanceof ApiError)) {
      log.error('Request failed', { error: error ?? undefined });
    } else if (statusOf(error) >= 500) {
      log.error('Request failed', { code: error.code, error });
    } else {
      log.info('Request refused', { code: error.code, status: statusOf(error) });
    }
    const response =
      format === 'oauth'
        ? oauthErrorResponse(error, requestId)
        : format === 'html'
          ? htmlErrorResponse(error, requestId)
          : problemResponse(error, event.path ?? '/', requestId);
    request.response = { ...response, headers: { ...response.headers, ...idempotencyHeaders(internal) } };
  };

  return { onError: errorResponsesOnError };
}
