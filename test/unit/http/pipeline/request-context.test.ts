import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../shared/domain/errors.ts';
import { requestContext } from '../../../../shared/http/pipeline/request-context.ts';
import { statusOf } from '../../../../shared/http/problem.ts';
import { clientCert, eventOf, recordingLogger, requestOf, testRoute } from './support.ts';

const create = testRoute({ operationId: 'createThing', method: 'POST', path: '/v2/things' });
const list = testRoute({ operationId: 'listThings', method: 'GET', path: '/v2/things' });
const upload = testRoute({ operationId: 'upload', method: 'PUT', path: '/v2/uploads', maxBodyBytes: 10 });
const routes = [create, list, upload];

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the request-context middleware', () => {
  it('resolves the route of the resource and method, with the arrival time and the certificate', () => {
    const arrival = new Date('2030-05-01T10:00:00Z');
    const request = requestOf(eventOf({ method: 'GET' }));

    requestContext({ routes, clock: () => arrival, logger: recordingLogger() }).before?.(request);

    expect(request.internal.route).toBe(list);
    expect(request.internal.now).toBe(arrival);
    expect(request.internal.clientCertificate).toMatchObject({
      subjectDN: clientCert.subjectDN,
      serialNumber: '01',
      pem: clientCert.clientCertPem,
    });
  });

  it('has no certificate when the gateway verified none', () => {
    const request = requestOf(eventOf({ clientCert: null }));

    requestContext({ routes, logger: recordingLogger() }).before?.(request);

    expect(request.internal.clientCertificate).toBeNull();
  });

  it('echoes a plain X-Request-ID whatever the case of its name, and generates one otherwise', () => {
    const echoed = requestOf(eventOf({ headers: { 'x-REQUEST-id': 'caller-id.1' } }));
    const forged = requestOf(eventOf({ headers: { 'X-Request-ID': 'two\nlines' } }));
    const middleware = requestContext({ routes, logger: recordingLogger() });

    middleware.before?.(echoed);
    middleware.before?.(forged);

    expect(echoed.internal.requestId).toBe('caller-id.1');
    expect(forged.internal.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('starts every request with fresh log keys naming the request', () => {
    const logger = recordingLogger();
    const request = requestOf(eventOf({ headers: { 'X-Request-ID': 'req-9' } }));

    requestContext({ routes, logger }).before?.(request);

    expect(logger.resets()).toBe(1);
    expect(logger.keys).toEqual([{ request_id: 'req-9', resource: '/v2/things', method: 'POST' }]);
  });

  it('answers 404 ResourceNotFound for a resource the group does not serve', () => {
    const request = requestOf(eventOf({ resource: '/v2/other', path: '/v2/other' }));
    const middleware = requestContext({ routes, logger: recordingLogger() });

    const error = refusal(() => middleware.before?.(request));

    expect(error.code).toBe('ResourceNotFound');
    expect(statusOf(error)).toBe(404);
    expect(error.message).toBe('No operation at /v2/other.');
    expect(request.internal.requestId).toBeDefined();
  });

  it('answers 405 MethodNotAllowed with the methods of the resource in Allow', () => {
    const request = requestOf(eventOf({ method: 'DELETE' }));
    const middleware = requestContext({ routes, logger: recordingLogger() });

    const error = refusal(() => middleware.before?.(request));

    expect(error.code).toBe('MethodNotAllowed');
    expect(statusOf(error)).toBe(405);
    expect(error.headers).toEqual({ Allow: 'POST, GET' });
  });

  it('refuses a body over 64 KiB by default with 413 and the limit', () => {
    const middleware = requestContext({ routes, logger: recordingLogger() });
    const atLimit = requestOf(eventOf({ body: 'x'.repeat(64 * 1024) }));
    const over = requestOf(eventOf({ body: 'x'.repeat(64 * 1024 + 1) }));

    middleware.before?.(atLimit);
    const error = refusal(() => middleware.before?.(over));

    expect(error.code).toBe('PayloadTooLarge');
    expect(statusOf(error)).toBe(413);
    expect(error.details).toEqual({ limit_bytes: 65536 });
  });

  it('takes the limit of the route first, then the one given as an option', () => {
    const byRoute = requestOf(eventOf({ method: 'PUT', resource: '/v2/uploads', body: 'x'.repeat(11) }));
    const byOption = requestOf(eventOf({ body: 'x'.repeat(101) }));
    const middleware = requestContext({ routes, maxBodyBytes: 100, logger: recordingLogger() });

    expect(refusal(() => middleware.before?.(byRoute)).details).toEqual({ limit_bytes: 10 });
    expect(refusal(() => middleware.before?.(byOption)).details).toEqual({ limit_bytes: 100 });
  });

  it('counts the decoded bytes of a base64 body', () => {
    const request = requestOf(
      eventOf({
        method: 'PUT',
        resource: '/v2/uploads',
        headers: { 'Content-Type': 'image/png' },
        body: Buffer.alloc(10),
      }),
    );

    expect(() => requestContext({ routes, logger: recordingLogger() }).before?.(request)).not.toThrow();
  });

  it('serves nothing without routes: the default is an empty group', () => {
    const error = refusal(() => requestContext({ logger: recordingLogger() }).before?.(requestOf(eventOf())));

    expect(error.code).toBe('ResourceNotFound');
  });

  it('adds X-Request-ID to the answer', () => {
    const request = requestOf(eventOf({ headers: { 'X-Request-ID': 'req-7' } }));
    const middleware = requestContext({ routes, logger: recordingLogger() });
    middleware.before?.(request);
    request.response = { statusCode: 200, headers: { 'Content-Type': 'application/json' }, body: '{}' };

    middleware.after?.(request);

    expect(request.response.headers).toEqual({ 'Content-Type': 'application/json', 'X-Request-ID': 'req-7' });
  });
});
