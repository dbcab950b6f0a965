import type { Logger } from '@aws-lambda-powertools/logger';
import { OAuthError } from '../../auth/oauth-error.ts';
import { ApiError } from '../../domain/errors.ts';
import { logger } from '../../observability/logger.ts';
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

/**
 * The one place an error becomes a response: an RFC 9457 problem, RFC 6749 terms on the token
 * endpoint, or an HTML page on the routes a browser opens; with X-Request-ID, and the idempotency
 * headers once the key was used.
 */
export function errorResponses(options: Partial<ErrorResponsesOptions> = {}): PipelineMiddleware {
  const { logger: log } = { ...defaults, ...options };

  const errorResponsesOnError = (request: PipelineRequest): void => {
    const { event, internal, error } = request;
    const requestId = internal.requestId ?? resolveRequestId(undefined);
    if (request.response) {
      // An earlier onError (an idempotent replay) already answered.
      request.response.headers = { ...request.response.headers, 'X-Request-ID': requestId };
      return;
    }
    const format = internal.route?.errorFormat ?? 'problem';
    if (error instanceof OAuthError) {
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
