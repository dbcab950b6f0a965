import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  ServiceUnavailableError,
  UnauthorizedError,
} from '../../../../shared/domain/errors.ts';
import { errorResponses } from '../../../../shared/http/pipeline/errors.ts';
import type { PipelineInternal } from '../../../../shared/http/pipeline/internal.ts';
import { OAuthError } from '../../../../shared/vocabulary/oauth-error.ts';
import { eventOf, recordingLogger, requestOf, resolved, testRoute } from './support.ts';

const route = testRoute({});
const tokenRoute = testRoute({ errorFormat: 'oauth', path: '/oauth/v2/token' });

async function answer(error: Error, internal: PipelineInternal = resolved(route)) {
  const logger = recordingLogger();
  const request = requestOf(eventOf({ path: '/v2/things/t-1' }), internal);
  request.error = error;
  await errorResponses({ logger }).onError?.(request);
  return { response: request.response, logger };
}

describe('the error-responses middleware', () => {
  it('turns an API error into a problem with the request id, and logs the refusal at info', async () => {
    const { response, logger } = await answer(
      new UnauthorizedError('No token.', { headers: { 'WWW-Authenticate': 'Bearer' } }),
    );

    expect(response?.statusCode).toBe(401);
    expect(response?.headers).toEqual({
      'Content-Type': 'application/problem+json',
      'X-Request-ID': 'req-1',
      'WWW-Authenticate': 'Bearer',
    });
    expect(JSON.parse(response?.body ?? '{}')).toEqual({
      code: 'Unauthorized',
      title: 'Authentication failed',
      status: 401,
      instance: '/v2/things/t-1',
      detail: 'No token.',
      request_id: 'req-1',
    });
    expect(logger.lines).toEqual([
      { level: 'info', message: 'Request refused', attributes: { code: 'Unauthorized', status: 401 } },
    ]);
  });

  it('logs a 5xx at error and answers with Retry-After', async () => {
    const error = new ServiceUnavailableError();
    const { response, logger } = await answer(error);

    expect(response?.statusCode).toBe(503);
    expect(response?.headers?.['Retry-After']).toBe('5');
    expect(logger.lines).toEqual([
      { level: 'error', message: 'Request failed', attributes: { code: 'ServiceUnavailable', error } },
    ]);
  });

  it('answers 503 ServiceUnavailable with Retry-After when DynamoDB is unreachable, slow or throttling', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
    const timeout = Object.assign(new Error('Socket timed out'), { name: 'TimeoutError' });
    const throttled = Object.assign(new Error('Rate of requests exceeds the allowed throughput'), {
      name: 'ProvisionedThroughputExceededException',
      $metadata: { httpStatusCode: 400 },
    });
    const serverError = Object.assign(new Error('Internal server error'), {
      name: 'InternalServerError',
      $metadata: { httpStatusCode: 500 },
    });

    for (const error of [refused, timeout, throttled, serverError]) {
      const { response, logger } = await answer(error);

      expect(response?.statusCode).toBe(503);
      expect(response?.headers?.['Retry-After']).toBe('2');
      expect(JSON.parse(response?.body ?? '{}')).toMatchObject({ code: 'ServiceUnavailable' });
      expect(logger.lines).toEqual([
        { level: 'error', message: 'Dependency unavailable', attributes: { error } },
      ]);
    }
  });

  it('keeps a failed condition or a validation error of the SDK a 500: a retry would fail the same way', async () => {
    const validation = Object.assign(new Error('One or more parameter values were invalid'), {
      name: 'ValidationException',
      $metadata: { httpStatusCode: 400 },
    });

    const { response } = await answer(validation);

    expect(response?.statusCode).toBe(500);
  });

  it('hides an unexpected error behind 500 InternalError and logs it at error', async () => {
    const error = new Error('password=hunter2');
    const { response, logger } = await answer(error);

    expect(response?.statusCode).toBe(500);
    expect(response?.body).not.toContain('hunter2');
    expect(JSON.parse(response?.body ?? '{}').code).toBe('InternalError');
    expect(logger.lines).toEqual([{ level: 'error', message: 'Request failed', attributes: { error } }]);
  });

  it('answers the token endpoint in OAuth terms', async () => {
    const { response, logger } = await answer(
      new OAuthError('invalid_client', 'Unknown client.'),
      resolved(tokenRoute),
    );

    expect(response?.statusCode).toBe(401);
    expect(response?.headers).toMatchObject({
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'WWW-Authenticate': 'Basic realm="token", charset="UTF-8"',
      'X-Request-ID': 'req-1',
    });
    expect(JSON.parse(response?.body ?? '{}')).toEqual({
      error: 'invalid_client',
      error_description: 'Unknown client.',
    });
    expect(logger.lines).toEqual([
      { level: 'info', message: 'Request refused', attributes: { error: 'invalid_client', status: 401 } },
    ]);
  });

  it('names the key once the operation used it', async () => {
    const { response } = await answer(
      new ConflictError('BookingAlreadyConfirmed', 'confirmed'),
      resolved(route, {
        idempotency: { tenant: 't', operationId: 'o', key: 'key-1', fingerprint: 'f' },
        idempotencyStatus: 'created',
      }),
    );

    expect(response?.statusCode).toBe(409);
    expect(response?.headers).toMatchObject({ 'Idempotency-Key': 'key-1', 'Idempotency-Status': 'created' });
  });

  it('only adds the request id to an answer an earlier middleware already gave', async () => {
    const request = requestOf(eventOf(), resolved(route));
    request.error = new ConflictError('BookingAlreadyConfirmed', 'confirmed');
    request.response = { statusCode: 409, headers: { 'Idempotency-Status': 'reused' }, body: 'stored' };

    await errorResponses({ logger: recordingLogger() }).onError?.(request);

    expect(request.response).toEqual({
      statusCode: 409,
      headers: { 'Idempotency-Status': 'reused', 'X-Request-ID': 'req-1' },
      body: 'stored',
    });
  });

  it('still answers with a fresh request id when the request context never ran', async () => {
    const { response } = await answer(new Error('early'), {});

    expect(response?.statusCode).toBe(500);
    expect(response?.headers?.['X-Request-ID']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
