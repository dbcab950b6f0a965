import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ConflictError,
  type ErrorCode,
  errorCodes,
  MalformedBodyError,
  NotFoundError,
  ValidationError,
} from '../../../shared/domain/errors.ts';
import { problemResponse, statusOf, toProblem } from '../../../shared/http/problem.ts';

const statusOfCode = (code: ErrorCode) => statusOf(new ApiError(code, 'x'));

describe('problem responses', () => {
  it('maps every error code to the status docs/contract.md (Error codes) gives it', () => {
    expect(statusOfCode('ValidationError')).toBe(422);
    expect(statusOfCode('Unauthorized')).toBe(401);
    expect(statusOfCode('Forbidden')).toBe(403);
    for (const code of [
      'ResourceNotFound',
      'BookingNotFound',
      'CatalogResourceNotFound',
      'EsimNotFound',
      'WebhookNotFound',
    ] as const) {
      expect(statusOfCode(code)).toBe(404);
    }
    for (const code of errorCodes.filter((c) =>
      /AlreadyExists|Conflict|InvalidState|^BookingAlready/.test(c),
    )) {
      expect(statusOfCode(code)).toBe(409);
    }
    expect(statusOfCode('EsimPoolExhausted')).toBe(409);
    expect(statusOfCode('RateLimitExceeded')).toBe(429);
    expect(statusOfCode('InternalError')).toBe(500);
    expect(statusOfCode('ServiceUnavailable')).toBe(503);
  });

  it('answers 400 rather than 422 for a body that is not JSON at all', () => {
    const response = problemResponse(new MalformedBodyError(), '/v2/b2b/webhooks', 'req-1');

    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({
      code: 'ValidationError',
      status: 400,
      request_id: 'req-1',
    });
  });

  it('lists every invalid field under details.errors', () => {
    const problem = toProblem(
      new ValidationError('bad', [{ path: 'body.email', message: 'Invalid email' }]),
      '/v2/b2b/booking/lounges',
      'req-2',
    );

    expect(problem).toEqual({
      code: 'ValidationError',
      title: 'The request is not valid',
      status: 422,
      instance: '/v2/b2b/booking/lounges',
      detail: 'bad',
      details: { errors: [{ path: 'body.email', message: 'Invalid email' }] },
      request_id: 'req-2',
    });
  });

  it('never reveals the message of an unexpected error', () => {
    const response = problemResponse(new Error('connection string postgres://secret'), '/x', 'req-3');

    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(JSON.parse(response.body).code).toBe('InternalError');
  });

  it('sends Retry-After for 503 and for errors that ask for it', () => {
    expect(
      problemResponse(new ApiError('ServiceUnavailable', 'down'), '/x', 'r').headers['Retry-After'],
    ).toBe('5');
    const inFlight = new ConflictError('IdempotencyConflict', 'in flight', { retryAfter: 2 });
    expect(problemResponse(inFlight, '/x', 'r').headers['Retry-After']).toBe('2');
    expect(
      problemResponse(new NotFoundError('BookingNotFound', 'no'), '/x', 'r').headers['Retry-After'],
    ).toBeUndefined();
  });

  it('uses the problem+json media type and carries the request id header', () => {
    const response = problemResponse(new NotFoundError('WebhookNotFound', 'no'), '/x', 'req-4');

    expect(response.headers).toMatchObject({
      'Content-Type': 'application/problem+json',
      'X-Request-ID': 'req-4',
    });
  });
});
