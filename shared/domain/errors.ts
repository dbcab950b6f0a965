/**
 * Typed domain errors. Handlers and services throw these; `shared/http/problem.ts` turns them into
 * RFC 9457 problem objects, so the HTTP status of every code is decided in exactly one place.
 */
export const errorCodes = [
  'Unauthorized',
  'Forbidden',
  'ResourceNotFound',
  'RateLimitExceeded',
  'InternalServerError',
  'AlreadyCompanyMember',
  'ValidationError',
  'BookingNotFound',
  'CatalogResourceNotFound',
  'CatalogResourceConflict',
  'PassNotReady',
  'PassServiceTypeMismatch',
  'BookingAlreadyConfirmed',
  'BookingAlreadyCanceled',
  'IdempotencyConflict',
  'ContractAlreadyExists',
  'WebhookNotFound',
  'WebhookAlreadyExists',
  'WebhookInvalidState',
  'InternalError',
  'ServiceUnavailable',
  'AmenityResourceConflict',
  'EsimNotFound',
  'EsimPoolExhausted',
  'EsimTopupUnavailable',
  'EsimResellerAlreadyLinked',
  // Added by this service where partner-api.md has no code for a plain HTTP failure (docs/errors.md).
  'MethodNotAllowed',
  'PayloadTooLarge',
  'UnsupportedMediaType',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface FieldError {
  path: string;
  message: string;
}

export interface ApiErrorOptions extends ErrorOptions {
  details?: Record<string, unknown>;
  /** Seconds, sent as Retry-After (409 in-flight idempotency, 429, 503). */
  retryAfter?: number;
  headers?: Record<string, string>;
}

/** Base of every error that reaches a partner with its own code. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  readonly retryAfter: number | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
    this.headers = options.headers;
  }
}

export class ValidationError extends ApiError {
  readonly errors: FieldError[];
  constructor(message: string, errors: FieldError[] = [], options: ApiErrorOptions = {}) {
    super('ValidationError', message, { ...options, details: { ...options.details, errors } });
    this.name = 'ValidationError';
    this.errors = errors;
  }
}

/** Body that is not JSON at all: 400 rather than 422 (decisions.md). */
export class MalformedBodyError extends ApiError {
  constructor(message = 'The request body is not valid JSON.', options: ApiErrorOptions = {}) {
    super('ValidationError', message, options);
    this.name = 'MalformedBodyError';
  }
}

export class UnauthorizedError extends ApiError {
  constructor(message = 'Authentication is required.', options: ApiErrorOptions = {}) {
    super('Unauthorized', message, options);
    this.name = 'UnauthorizedError';
  }
}

export class ForbiddenError extends ApiError {
  constructor(message: string, options: ApiErrorOptions = {}) {
    super('Forbidden', message, options);
    this.name = 'ForbiddenError';
  }
}

export type NotFoundCode =
  | 'ResourceNotFound'
  | 'BookingNotFound'
  | 'CatalogResourceNotFound'
  | 'EsimNotFound'
  | 'WebhookNotFound';

export class NotFoundError extends ApiError {
  constructor(code: NotFoundCode, message: string, options: ApiErrorOptions = {}) {
    super(code, message, options);
    this.name = 'NotFoundError';
  }
}

export type ConflictCode =
  | 'IdempotencyConflict'
  | 'BookingAlreadyConfirmed'
  | 'BookingAlreadyCanceled'
  | 'PassNotReady'
  | 'PassServiceTypeMismatch'
  | 'WebhookAlreadyExists'
  | 'WebhookInvalidState'
  | 'ContractAlreadyExists'
  | 'CatalogResourceConflict'
  | 'AmenityResourceConflict'
  | 'AlreadyCompanyMember'
  | 'EsimPoolExhausted'
  | 'EsimTopupUnavailable'
  | 'EsimResellerAlreadyLinked';

export class ConflictError extends ApiError {
  constructor(code: ConflictCode, message: string, options: ApiErrorOptions = {}) {
    super(code, message, options);
    this.name = 'ConflictError';
  }
}

export class ServiceUnavailableError extends ApiError {
  constructor(message = 'The service is temporarily unavailable.', options: ApiErrorOptions = {}) {
    super('ServiceUnavailable', message, { retryAfter: 5, ...options });
    this.name = 'ServiceUnavailableError';
  }
}

/**
 * A write lost a race with a concurrent change whose result still allows the operation (the service
 * issued a booking while the partner canceled it). The HTTP pipeline runs the operation again on fresh
 * reads; only if the race repeats does the caller get the 503 with Retry-After.
 */
export class ConcurrentChangeError extends ServiceUnavailableError {
  constructor(message: string, options: ApiErrorOptions = {}) {
    super(message, { retryAfter: 1, ...options });
    this.name = 'ConcurrentChangeError';
  }
}
