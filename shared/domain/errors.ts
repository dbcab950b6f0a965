/**
 * Typed domain errors. Handlers and services throw these; `shared/http/problem.ts` turns them into
 * RFC 9457 problem objects. Every code is declared once, here, with its HTTP status and title: the
 * problem builder, the OpenAPI enum, the gateway's own answers and the code groupings below all derive
 * from this catalog (docs/contract.md, Error codes). Plain data, so the domain depends on no HTTP module.
 */
export const errorCatalog = {
  Unauthorized: { status: 401, title: 'Authentication failed' },
  Forbidden: { status: 403, title: 'Access denied' },
  ResourceNotFound: { status: 404, title: 'Resource not found' },
  RateLimitExceeded: { status: 429, title: 'Too many requests' },
  InternalServerError: { status: 500, title: 'Internal server error' },
  AlreadyCompanyMember: { status: 409, title: 'Already a company member' },
  ValidationError: { status: 422, title: 'The request is not valid' },
  BookingNotFound: { status: 404, title: 'Booking not found' },
  CatalogResourceNotFound: { status: 404, title: 'Catalog item not found' },
  CatalogResourceConflict: { status: 409, title: 'Catalog item conflict' },
  PassNotReady: { status: 409, title: 'Pass not ready' },
  PassServiceTypeMismatch: { status: 409, title: 'Pass belongs to another service type' },
  BookingAlreadyConfirmed: { status: 409, title: 'Booking already confirmed' },
  BookingAlreadyCanceled: { status: 409, title: 'Booking already canceled' },
  IdempotencyConflict: { status: 409, title: 'Idempotency key conflict' },
  ContractAlreadyExists: { status: 409, title: 'Contract already exists' },
  WebhookNotFound: { status: 404, title: 'Webhook subscription not found' },
  WebhookAlreadyExists: { status: 409, title: 'Webhook subscription already exists' },
  WebhookInvalidState: { status: 409, title: 'Operation not allowed in the subscription state' },
  InternalError: { status: 500, title: 'Internal error' },
  ServiceUnavailable: { status: 503, title: 'Service temporarily unavailable' },
  AmenityResourceConflict: { status: 409, title: 'Amenity conflict' },
  EsimNotFound: { status: 404, title: 'eSIM not found' },
  EsimPoolExhausted: { status: 409, title: 'eSIM pool exhausted' },
  EsimTopupUnavailable: { status: 409, title: 'Top-up unavailable' },
  EsimResellerAlreadyLinked: { status: 409, title: 'Reseller already linked' },
  EsimInvalidState: { status: 409, title: 'Operation not allowed in the eSIM state' },
  EsimRefundUnavailable: { status: 409, title: 'Refund unavailable' },
  // Added by this service: a traveller's eSIM share link past its 30 days (docs/esim.md, Install help).
  EsimShareLinkExpired: { status: 410, title: 'Share link expired' },
  // Added by this service: an account or application operation invalid in its state (enable of an Active one).
  AccountInvalidState: { status: 409, title: 'Operation not allowed in the account state' },
  // Added by this service: revoking a revoked employee, or reinstating one who is not revoked.
  EmployeeInvalidState: { status: 409, title: "Operation not allowed in the employee's state" },
  ApplicationInvalidState: { status: 409, title: 'Operation not allowed in the application state' },
  // Added by this service: a 4th active certificate of an account, or revoking a revoked one (docs/accounts.md).
  CertificateLimitReached: { status: 409, title: 'The account holds the most active certificates' },
  CertificateInvalidState: { status: 409, title: 'Operation not allowed in the certificate state' },
  // Added by this service where the partner contract has no code for a plain HTTP failure (docs/contract.md, Error codes).
  MethodNotAllowed: { status: 405, title: 'Method not allowed' },
  PayloadTooLarge: { status: 413, title: 'Request body too large' },
  UnsupportedMediaType: { status: 415, title: 'Unsupported media type' },
  // Added by this service for webhook recovery (docs/webhooks.md, Recovery).
  WebhookRecoveryInProgress: { status: 409, title: 'A recovery is already running for the subscription' },
  // Added by this service for venues and their scanners (docs/venues.md).
  VenueInvalidState: { status: 409, title: 'Operation not allowed in the venue state' },
  DeviceInvalidState: { status: 409, title: 'Operation not allowed in the device state' },
  // 422 like a bad field (details.errors names body.enrollment_code), with a code of its own so a
  // scanner can tell staff to ask for a new code.
  EnrollmentCodeInvalid: { status: 422, title: 'Enrollment code unknown, used or expired' },
  // Added by this service: a venue's scanner refused a pass (docs/venues.md, Verify and redeem).
  PassAlreadyUsed: { status: 409, title: 'Pass already used' },
  PassCanceled: { status: 409, title: 'Pass canceled' },
  PassExpired: { status: 409, title: 'Pass expired' },
  PassNotValidHere: { status: 409, title: 'Pass not valid at this venue' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof errorCatalog;

/** Every code, in catalog order (the order of the OpenAPI enum). */
export const errorCodes: readonly ErrorCode[] = Object.keys(errorCatalog) as ErrorCode[];

/** The codes a status stands for, e.g. every 404 code. */
export type ErrorCodeWithStatus<S extends number> = {
  [C in ErrorCode]: (typeof errorCatalog)[C]['status'] extends S ? C : never;
}[ErrorCode];

export function errorCodesWithStatus(status: number): ErrorCode[] {
  return errorCodes.filter((code) => errorCatalog[code].status === status);
}

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

/** Body that is not JSON at all: 400 rather than 422 (docs/contract.md). */
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

export type NotFoundCode = ErrorCodeWithStatus<404>;

export class NotFoundError extends ApiError {
  constructor(code: NotFoundCode, message: string, options: ApiErrorOptions = {}) {
    super(code, message, options);
    this.name = 'NotFoundError';
  }
}

export type ConflictCode = ErrorCodeWithStatus<409>;

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
