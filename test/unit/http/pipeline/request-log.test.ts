import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ScopeRefusedError } from '../../../../shared/auth/authenticate.ts';
import { ApiError, ForbiddenError } from '../../../../shared/domain/errors.ts';
import { requestLineOf, requestLog } from '../../../../shared/http/pipeline/request-log.ts';
import { requestLinePrefix, writeRequestLine } from '../../../../shared/observability/request-log.ts';
import { type RequestLogLine, requestLogLineSchema } from '../../../../shared/schemas/requests.ts';
import { employee, eventOf, partner, requestOf, resolved, testRoute } from './support.ts';

const secrets = {
  token: 'eyJhbGciOiJFUzI1NiJ9.c2VjcmV0LXRva2Vu.c2lnbmF0dXJl',
  clientSecret: 'client-secret-7f3a9c1e',
  webhookSecret: 'whsec_c2VjcmV0LXdlYmhvb2s=',
  inQuery: 'query-secret-5b2d',
};

const createThing = testRoute({ operationId: 'createThing', path: '/v2/things' });

/** A request to `createThing` carrying a secret in every place a request can carry one. */
function requestWithSecrets() {
  return requestOf(
    eventOf({
      method: 'POST',
      path: '/v2/things',
      query: `token=${secrets.inQuery}`,
      headers: {
        Authorization: `Bearer ${secrets.token}`,
        'X-Client-Secret': secrets.clientSecret,
        'Idempotency-Key': 'key-1',
      },
      body: JSON.stringify({ client_secret: secrets.clientSecret, secret: secrets.webhookSecret }),
    }),
    resolved(createThing, { principal: partner, idempotencyStatus: 'created' }),
  );
}

describe('the request log line of a request', () => {
  it('names the request and its outcome, the account and the application', () => {
    const request = requestWithSecrets();
    request.response = { statusCode: 201, body: '{"id":"thing-1"}' };

    const line = requestLineOf(request, 1000, 1012.3456);

    expect(line).toEqual({
      kind: 'request',
      account_id: partner.accountId,
      request_id: 'req-1',
      received_at: '2030-01-01T00:00:00.000Z',
      method: 'POST',
      path: '/v2/things',
      operation_id: 'createThing',
      status: 201,
      code: null,
      duration_ms: 12.346,
      client_id: partner.subject,
      idempotency_status: 'created',
    });
    expect(requestLogLineSchema.parse(line)).toEqual(line);
  });

  it('holds no body, token, header value or query string', () => {
    const request = requestWithSecrets();
    request.response = { statusCode: 201, body: JSON.stringify({ secret: secrets.webhookSecret }) };

    const text = JSON.stringify(requestLineOf(request, 0, 1));

    for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
    expect(text).not.toContain('Bearer');
    expect(text).not.toContain('key-1');
  });

  it('gives the problem code of an error the pipeline answered', () => {
    const request = requestWithSecrets();
    request.error = new ApiError('ValidationError', 'bad');
    request.response = { statusCode: 422, body: '{}' };

    expect(requestLineOf(request, 0, 1)?.code).toBe('ValidationError');
  });

  it('gives the problem code of a replayed error from its body', () => {
    const request = requestWithSecrets();
    request.response = { statusCode: 409, body: JSON.stringify({ code: 'BookingAlreadyCanceled' }) };

    expect(requestLineOf(request, 0, 1)?.code).toBe('BookingAlreadyCanceled');
  });

  it("records a request refused for a missing scope under the token's account", () => {
    const refused = requestOf(eventOf(), resolved(createThing));
    refused.error = new ScopeRefusedError(partner, 'The access token lacks the scope things:write.', {
      details: { required_scope: 'things:write', provided_scopes: [] },
    });
    refused.response = { statusCode: 403, body: '{"code":"Forbidden"}' };

    expect(requestLineOf(refused, 0, 1)).toMatchObject({
      account_id: partner.accountId,
      client_id: partner.subject,
      status: 403,
      code: 'Forbidden',
    });
  });

  it('records nothing for a request without an accepted partner token', () => {
    const refused = requestOf(eventOf(), resolved(createThing));
    refused.response = { statusCode: 401, body: '{"code":"Unauthorized"}' };
    const byEmployee = requestOf(eventOf(), resolved(createThing, { principal: employee }));
    byEmployee.response = { statusCode: 200, body: '{}' };
    const unrouted = requestOf(eventOf(), { requestId: 'req-1', principal: partner });
    unrouted.response = { statusCode: 404, body: '{}' };
    const otherCertificate = requestOf(eventOf(), resolved(createThing));
    otherCertificate.error = new ForbiddenError('The client certificate belongs to another account.');
    otherCertificate.response = { statusCode: 403, body: '{"code":"Forbidden"}' };

    expect(requestLineOf(refused, 0, 1)).toBeUndefined();
    expect(requestLineOf(byEmployee, 0, 1)).toBeUndefined();
    expect(requestLineOf(unrouted, 0, 1)).toBeUndefined();
    expect(requestLineOf(otherCertificate, 0, 1)).toBeUndefined();
  });

  it('is written once per answered request, with the time the pipeline spent on it', async () => {
    const written: RequestLogLine[] = [];
    let clock = 100;
    const middleware = requestLog({ write: (line) => written.push(line), elapsed: () => clock });
    const request = requestWithSecrets();

    middleware.before?.(request);
    clock = 104.5;
    request.response = { statusCode: 201, body: '{}' };
    await middleware.after?.(request);

    expect(written).toHaveLength(1);
    expect(written[0]?.duration_ms).toBe(4.5);
  });
});

describe('writing a request line', () => {
  let write: MockInstance<typeof process.stdout.write>;
  beforeEach(() => {
    write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  afterEach(() => write.mockRestore());

  it('is one JSON line on standard output that starts as every request line does', () => {
    const request = requestWithSecrets();
    request.response = { statusCode: 201, body: '{}' };
    const line = requestLineOf(request, 0, 1) as RequestLogLine;

    writeRequestLine(line);

    expect(write).toHaveBeenCalledTimes(1);
    const text = String(write.mock.calls[0]?.[0]);
    expect(text.startsWith(requestLinePrefix)).toBe(true);
    expect(text.endsWith('\n')).toBe(true);
    expect(JSON.parse(text)).toEqual(line);
  });
});
