import { ApiError, type ErrorCode, MalformedBodyError } from '../domain/errors.ts';

/** The one table that decides the HTTP status of every error code (decisions.md, Wire conventions). */
export const statusByCode: Record<ErrorCode, number> = {
  ValidationError: 422,
  Unauthorized: 401,
  Forbidden: 403,
  ResourceNotFound: 404,
  BookingNotFound: 404,
  CatalogResourceNotFound: 404,
  EsimNotFound: 404,
  WebhookNotFound: 404,
  MethodNotAllowed: 405,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  AlreadyCompanyMember: 409,
  CatalogResourceConflict: 409,
  PassNotReady: 409,
  PassServiceTypeMismatch: 409,
  BookingAlreadyConfirmed: 409,
  BookingAlreadyCanceled: 409,
  IdempotencyConflict: 409,
  ContractAlreadyExists: 409,
  WebhookAlreadyExists: 409,
  WebhookInvalidState: 409,
  AmenityResourceConflict: 409,
  EsimPoolExhausted: 409,
  EsimTopupUnavailable: 409,
  EsimResellerAlreadyLinked: 409,
  RateLimitExceeded: 429,
  InternalServerError: 500,
  InternalError: 500,
  ServiceUnavailable: 503,
};

const titleByCode: Record<ErrorCode, string> = {
  ValidationError: 'The request is not valid',
  Unauthorized: 'Authentication failed',
  Forbidden: 'Access denied',
  ResourceNotFound: 'Resource not found',
  BookingNotFound: 'Booking not found',
  CatalogResourceNotFound: 'Catalog item not found',
  EsimNotFound: 'eSIM not found',
  WebhookNotFound: 'Webhook subscription not found',
  MethodNotAllowed: 'Method not allowed',
  PayloadTooLarge: 'Request body too large',
  UnsupportedMediaType: 'Unsupported media type',
  AlreadyCompanyMember: 'Already a company member',
  CatalogResourceConflict: 'Catalog item conflict',
  PassNotReady: 'Pass not ready',
  PassServiceTypeMismatch: 'Pass belongs to another service type',
  BookingAlreadyConfirmed: 'Booking already confirmed',
  BookingAlreadyCanceled: 'Booking already canceled',
  IdempotencyConflict: 'Idempotency key conflict',
  ContractAlreadyExists: 'Contract already exists',
  WebhookAlreadyExists: 'Webhook subscription already exists',
  WebhookInvalidState: 'Operation not allowed in the subscription state',
  AmenityResourceConflict: 'Amenity conflict',
  EsimPoolExhausted: 'eSIM pool exhausted',
  EsimTopupUnavailable: 'Top-up unavailable',
  EsimResellerAlreadyLinked: 'Reseller already linked',
  RateLimitExceeded: 'Too many requests',
  InternalServerError: 'Internal server error',
  InternalError: 'Internal error',
  ServiceUnavailable: 'Service temporarily unavailable',
};

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

export const problemContentType = 'application/problem+json';

export function statusOf(error: ApiError): number {
  return error instanceof MalformedBodyError ? 400 : statusByCode[error.code];
}

/** Anything thrown that is not an ApiError is an internal failure, and its message never leaves. */
export function toProblem(error: unknown, instance: string, requestId: string): Problem {
  if (!(error instanceof ApiError)) {
    return {
      code: 'InternalError',
      title: titleByCode.InternalError,
      status: 500,
      instance,
      detail: 'An unexpected error occurred. Quote the request_id when contacting support.',
      request_id: requestId,
    };
  }
  return {
    code: error.code,
    title: titleByCode[error.code],
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
