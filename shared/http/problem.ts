import { ApiError, type ErrorCode, errorCatalog, MalformedBodyError } from '../domain/errors.ts';
import { problemContentType } from '../vocabulary/media-types.ts';

export interface Problem {
  code: ErrorCode;
  title: string;
  status: number;
  instance: string;
  detail?: string;
  details?: Record<string, unknown>;
  request_id?: string;
}

export interface ProblemResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** The status of an error: its code's, except a body that is not JSON at all (400 rather than 422). */
export function statusOf(error: ApiError): number {
  return error instanceof MalformedBodyError ? 400 : errorCatalog[error.code].status;
}

/** Anything thrown that is not an ApiError is an internal failure, and its message never leaves. */
export function toProblem(error: unknown, instance: string, requestId: string): Problem {
  if (!(error instanceof ApiError)) {
    return {
      code: 'InternalError',
      title: errorCatalog.InternalError.title,
      status: errorCatalog.InternalError.status,
      instance,
      detail: 'An unexpected error occurred. Quote the request_id when contacting support.',
      request_id: requestId,
    };
  }
  return {
    code: error.code,
    title: errorCatalog[error.code].title,
    status: statusOf(error),
    instance,
    detail: error.message,
    ...(error.details === undefined ? {} : { details: error.details }),
    request_id: requestId,
  };
}

export function problemResponse(error: unknown, instance: string, requestId: string): ProblemResponse {
  const problem = toProblem(error, instance, requestId);
  const headers: Record<string, string> = { 'Content-Type': problemContentType, 'X-Request-ID': requestId };
  if (error instanceof ApiError) {
    Object.assign(headers, error.headers);
    const retryAfter = error.retryAfter ?? (problem.status === 429 || problem.status === 503 ? 5 : undefined);
    if (retryAfter !== undefined) headers['Retry-After'] = String(Math.max(1, Math.ceil(retryAfter)));
  }
  return { statusCode: problem.status, headers, body: JSON.stringify(problem) };
}
