import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../../shared/auth/principal.ts';
import type { DynamoWrite } from '../../../../shared/db/transaction.ts';
import {
  ApiError,
  ConflictError,
  NotFoundError,
  ServiceUnavailableError,
  ValidationError,
} from '../../../../shared/domain/errors.ts';
import { idempotentCommit } from '../../../../shared/http/pipeline/commit.ts';
import type { PipelineInternal } from '../../../../shared/http/pipeline/internal.ts';
import type { ParsedRequest } from '../../../../shared/http/pipeline/types.ts';
import { requestFingerprint } from '../../../../shared/idempotency/fingerprint.ts';
import type {
  IdempotencyContext,
  IdempotentOutcome,
  StoredResponse,
} from '../../../../shared/idempotency/store.ts';
import type { RouteDefinition } from '../../../../shared/routes/types.ts';
import { employee, eventOf, partner, requestOf, resolved, testRoute } from './support.ts';

const route = testRoute({
  operationId: 'createThing',
  idempotency: 'optional',
  responses: { 201: { description: 'created' }, 200: { description: 'replayed' } },
});
const write: DynamoWrite = {
  description: 'thing',
  item: { Put: { TableName: 'main-test', Item: { pk: 'T', sk: 'T' } } },
};

function parsedRequest(overrides: Partial<ParsedRequest> = {}): ParsedRequest {
  return {
    route,
    requestId: 'req-1',
    now: new Date('2030-01-01T00:00:00Z'),
    body: undefined,
    query: undefined,
    params: undefined,
    headers: undefined,
    rawHeaders: {},
    sourceAddress: '127.0.0.1',
    principal: partner,
    clientCertificate: null,
    idempotencyKey: undefined,
    ...overrides,
  };
}

/** Stores that record what they were asked and answer as told; `found`: what a lookup of the key finds. */
function fakeStores(
  answer: 'created' | 'reused' = 'created',
  replayed?: StoredResponse,
  found?: StoredResponse | Error,
) {
  const calls = {
    found: [] as IdempotencyContext[],
    plain: [] as (readonly DynamoWrite[])[],
    idempotent: [] as {
      context: IdempotencyContext;
      writes: readonly DynamoWrite[];
      stored: StoredResponse;
    }[],
    stored: [] as { context: IdempotencyContext; response: StoredResponse }[],
  };
  const outcome = (response: StoredResponse): IdempotentOutcome =>
    answer === 'created' ? { kind: 'created', response } : { kind: 'reused', response: replayed ?? response };
  return {
    calls,
    options: {
      commitWrites: async (writes: readonly DynamoWrite[]) => {
        calls.plain.push(writes);
      },
      commitIdempotent: async (
        context: IdempotencyContext,
        writes: readonly DynamoWrite[],
        stored: StoredResponse,
      ) => {
        calls.idempotent.push({ context, writes, stored });
        return outcome(stored);
      },
      storeIdempotent: async (context: IdempotencyContext, response: StoredResponse) => {
        calls.stored.push({ context, response });
        return outcome(response);
      },
      findIdempotent: async (context: IdempotencyContext): Promise<IdempotentOutcome | undefined> => {
        calls.found.push(context);
        if (found instanceof Error) throw found;
        return found ? { kind: 'reused', response: found } : undefined;
      },
      validateResponses: () => true,
    },
  };
}

function started(
  options: Parameters<typeof idempotentCommit>[0],
  request: Partial<ParsedRequest> = {},
  state: { body?: unknown; pathParameters?: Record<string, string>; target?: RouteDefinition } = {},
) {
  const middleware = idempotentCommit(options);
  const parsed = parsedRequest({ ...request, route: state.target ?? route });
  const pipelineRequest = requestOf(
    eventOf({ path: '/v2/things', pathParameters: state.pathParameters ?? null }),
    resolved(state.target ?? route, { request: parsed, principal: parsed.principal, body: state.body }),
  );
  middleware.before?.(pipelineRequest);
  return { middleware, request: pipelineRequest, internal: pipelineRequest.internal };
}

function beginRun(internal: PipelineInternal) {
  if (!internal.beginRun) throw new Error('no run');
  return internal.beginRun();
}

describe('the idempotent-commit middleware', () => {
  it('scopes the key to the account of a partner and fingerprints the path and body', () => {
    const { internal } = started(
      fakeStores().options,
      { idempotencyKey: 'key-1' },
      { body: { name: 'Ada' }, pathParameters: { thingID: 't-1' } },
    );

    expect(internal.idempotency).toEqual({
      tenant: partner.accountId,
      operationId: 'createThing',
      key: 'key-1',
      fingerprint: requestFingerprint({ thingID: 't-1' }, { name: 'Ada' }),
    });
  });

  it('scopes the key of an employee to the employee', () => {
    const principal: Principal = employee;
    const { internal } = started(fakeStores().options, { idempotencyKey: 'key-1', principal });

    expect(internal.idempotency?.tenant).toBe('employee:employee-42');
  });

  it('commits the staged writes on their own when there is no key, as a JSON answer', async () => {
    const stores = fakeStores();
    const { internal } = started(stores.options);
    const run = beginRun(internal);
    run.uow.stage(write);

    const response = await run.commit({
      status: 201,
      body: { id: 't-1' },
      headers: { Location: '/v2/things/t-1' },
    });

    expect(stores.calls.plain).toEqual([[write]]);
    expect(stores.calls.idempotent).toEqual([]);
    expect(response).toEqual({
      statusCode: 201,
      headers: { Location: '/v2/things/t-1', 'Content-Type': 'application/json' },
      body: '{"id":"t-1"}',
    });
  });

  it('sends a memoized representation as it is, and an empty body without a content type', async () => {
    const { internal } = started(fakeStores().options);

    const memoized = await beginRun(internal).commit({ status: 200, body: { a: 1 }, json: '{"a": 1}' });
    const empty = await beginRun(internal).commit({ status: 200 });

    expect(memoized.body).toBe('{"a": 1}');
    expect(empty).toEqual({ statusCode: 200, headers: {}, body: '' });
  });

  it('answers a binary result base64-encoded with its own content type', async () => {
    const { internal } = started(fakeStores().options);

    const response = await beginRun(internal).commit({
      status: 200,
      binary: { contentType: 'image/png', base64: 'AAEC' },
    });

    expect(response).toEqual({
      statusCode: 200,
      headers: { 'Content-Type': 'image/png' },
      body: 'AAEC',
      isBase64Encoded: true,
    });
  });

  it('commits the writes with the idempotency record and names the key in the answer', async () => {
    const stores = fakeStores();
    const { internal } = started(stores.options, { idempotencyKey: 'key-1' });
    const run = beginRun(internal);
    run.uow.stage(write);

    const response = await run.commit({ status: 201, body: { id: 't-1' } });

    expect(stores.calls.plain).toEqual([]);
    expect(stores.calls.idempotent).toMatchObject([{ context: { key: 'key-1' }, writes: [write] }]);
    expect(response.headers).toMatchObject({ 'Idempotency-Key': 'key-1', 'Idempotency-Status': 'created' });
    expect(internal.idempotencyStatus).toBe('created');
  });

  it('replays the stored answer when the key was used before', async () => {
    const first: StoredResponse = {
      statusCode: 201,
      headers: { 'Content-Type': 'application/json' },
      body: '{"id":"first"}',
    };
    const { internal } = started(fakeStores('reused', first).options, { idempotencyKey: 'key-1' });

    const response = await beginRun(internal).commit({ status: 201, body: { id: 'second' } });

    expect(response).toEqual({
      statusCode: 201,
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': 'key-1',
        'Idempotency-Status': 'reused',
      },
      body: '{"id":"first"}',
    });
  });

  it('gives every run a fresh unit of work', () => {
    const { internal } = started(fakeStores().options);
    const first = beginRun(internal);
    first.uow.stage(write);

    const second = beginRun(internal);

    expect(second.uow).not.toBe(first.uow);
  });

  it('refuses an answer the route does not document while responses are validated', async () => {
    const { internal } = started(fakeStores().options);

    await expect(beginRun(internal).commit({ status: 418 })).rejects.toThrow(
      'createThing answered undocumented 418',
    );
  });

  it('lets any answer through when responses are not validated', async () => {
    const { internal } = started({ ...fakeStores().options, validateResponses: () => false });

    await expect(beginRun(internal).commit({ status: 418 })).resolves.toMatchObject({ statusCode: 418 });
  });

  it('stores the operation’s own 4xx under the key, without the request id header', async () => {
    const stores = fakeStores();
    const { middleware, request, internal } = started(stores.options, { idempotencyKey: 'key-1' });
    request.error = new NotFoundError('ResourceNotFound', 'No such thing.');

    await middleware.onError?.(request);

    expect(stores.calls.stored).toHaveLength(1);
    const stored = stores.calls.stored[0]?.response;
    expect(stored?.statusCode).toBe(404);
    expect(stored?.headers).toEqual({ 'Content-Type': 'application/problem+json' });
    expect(JSON.parse(stored?.body ?? '{}')).toMatchObject({ code: 'ResourceNotFound', request_id: 'req-1' });
    expect(internal.idempotencyStatus).toBe('created');
    expect(request.response).toBeUndefined();
  });

  it('answers with the stored outcome when a twin stored its 4xx first', async () => {
    const twin: StoredResponse = {
      statusCode: 409,
      headers: { 'Content-Type': 'application/problem+json' },
      body: '{"code":"BookingAlreadyConfirmed"}',
    };
    const { middleware, request } = started(fakeStores('reused', twin).options, { idempotencyKey: 'key-1' });
    request.error = new ConflictError('BookingAlreadyConfirmed', 'confirmed');

    await middleware.onError?.(request);

    expect(request.response).toEqual({
      statusCode: 409,
      headers: {
        'Content-Type': 'application/problem+json',
        'Idempotency-Key': 'key-1',
        'Idempotency-Status': 'reused',
      },
      body: '{"code":"BookingAlreadyConfirmed"}',
    });
  });

  it('stores no 5xx, no IdempotencyConflict, no answer asking for a retry, nothing without a key and nothing unexpected', async () => {
    const stores = fakeStores();
    const withKey = started(stores.options, { idempotencyKey: 'key-1' });
    const withoutKey = started(stores.options);
    const cases = [
      { ...withKey, error: new ServiceUnavailableError() },
      { ...withKey, error: new ConflictError('IdempotencyConflict', 'in flight') },
      { ...withKey, error: new ApiError('RateLimitExceeded', 'slow down', { retryAfter: 30 }) },
      { ...withKey, error: new Error('boom') },
      { ...withoutKey, error: new ValidationError('bad') },
    ];

    for (const { middleware, request, error } of cases) {
      request.error = error;
      await middleware.onError?.(request);
    }

    expect(stores.calls.stored).toEqual([]);
  });

  it('replays the response stored under the key when the operation fails with a 5xx', async () => {
    const first: StoredResponse = {
      statusCode: 202,
      headers: { 'Content-Type': 'application/json' },
      body: '{"booking_id":"b-1"}',
    };
    const stores = fakeStores('created', undefined, first);
    const { middleware, request } = started(stores.options, { idempotencyKey: 'key-1' });
    request.error = new ServiceUnavailableError();

    await middleware.onError?.(request);

    expect(stores.calls.found).toMatchObject([{ key: 'key-1' }]);
    expect(request.response).toEqual({
      statusCode: 202,
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': 'key-1',
        'Idempotency-Status': 'reused',
      },
      body: '{"booking_id":"b-1"}',
    });
  });

  it('replays the stored response when the key is found in flight, or an unexpected error occurs', async () => {
    const first: StoredResponse = { statusCode: 200, headers: {}, body: '' };
    for (const error of [new ConflictError('IdempotencyConflict', 'in flight'), new Error('boom')]) {
      const { middleware, request } = started(fakeStores('created', undefined, first).options, {
        idempotencyKey: 'key-1',
      });
      request.error = error;

      await middleware.onError?.(request);

      expect(request.response?.statusCode).toBe(200);
    }
  });

  it('answers IdempotencyConflict when the failed request’s key holds another body’s response', async () => {
    const conflict = new ConflictError('IdempotencyConflict', 'another body');
    const stores = fakeStores('created', undefined, conflict);
    const { middleware, request } = started(stores.options, { idempotencyKey: 'key-1' });
    request.error = new ServiceUnavailableError();

    await middleware.onError?.(request);

    expect(request.error).toBe(conflict);
    expect(request.response).toBeUndefined();
  });

  it('keeps the failure when nothing is stored under the key, or the lookup fails too', async () => {
    for (const found of [undefined, new Error('database down')]) {
      const failure = new ServiceUnavailableError();
      const { middleware, request } = started(fakeStores('created', undefined, found).options, {
        idempotencyKey: 'key-1',
      });
      request.error = failure;

      await middleware.onError?.(request);

      expect(request.error).toBe(failure);
      expect(request.response).toBeUndefined();
    }
  });

  it('looks nothing up for a 4xx it can store: the conditional write finds the stored one itself', async () => {
    const stores = fakeStores();
    const { middleware, request } = started(stores.options, { idempotencyKey: 'key-1' });
    request.error = new NotFoundError('ResourceNotFound', 'No such thing.');

    await middleware.onError?.(request);

    expect(stores.calls.found).toEqual([]);
    expect(stores.calls.stored).toHaveLength(1);
  });

  it('names this request in a replayed problem body, as X-Request-ID does', async () => {
    const twin: StoredResponse = {
      statusCode: 409,
      headers: { 'Content-Type': 'application/problem+json' },
      body: JSON.stringify({ code: 'BookingAlreadyCanceled', request_id: 'first-request' }),
    };
    const { middleware, request } = started(fakeStores('reused', twin).options, { idempotencyKey: 'key-1' });
    request.error = new ConflictError('BookingAlreadyCanceled', 'canceled');

    await middleware.onError?.(request);

    expect(JSON.parse(request.response?.body ?? '{}')).toEqual({
      code: 'BookingAlreadyCanceled',
      request_id: 'req-1',
    });
  });

  it('stores nothing for a refusal before the operation ran', async () => {
    const stores = fakeStores();
    const middleware = idempotentCommit(stores.options);
    const request = requestOf(eventOf(), resolved(route));
    request.error = new ValidationError('The Idempotency-Key header is required for this operation.');

    await middleware.onError?.(request);

    expect(stores.calls.stored).toEqual([]);
  });

  it('answers with the store’s failure when the outcome could not be stored', async () => {
    const failure = new Error('store down');
    const { middleware, request } = started(
      {
        ...fakeStores().options,
        storeIdempotent: async () => {
          throw failure;
        },
      },
      { idempotencyKey: 'key-1' },
    );
    request.error = new NotFoundError('ResourceNotFound', 'No such thing.');

    await middleware.onError?.(request);

    expect(request.error).toBe(failure);
  });

  describe('for an operation that commits its own writes', () => {
    const selfCommitting = testRoute({
      operationId: 'confirmThing',
      idempotency: 'optional',
      commitsOwnWrites: true,
      responses: { 200: { description: 'confirmed' } },
    });
    const first: StoredResponse = {
      statusCode: 200,
      headers: { 'Content-Type': 'application/json' },
      body: '{"id":"first"}',
    };

    /** Answers every key lookup with `outcome`, recording the contexts asked about. */
    function lookup(outcome: () => Promise<IdempotentOutcome | undefined>) {
      const asked: IdempotencyContext[] = [];
      return {
        asked,
        findIdempotent: async (context: IdempotencyContext) => {
          asked.push(context);
          return outcome();
        },
      };
    }

    it('replays the answer a used key already has, before the operation runs', async () => {
      const found = lookup(async () => ({ kind: 'reused', response: first }));
      const { internal } = started(
        { ...fakeStores().options, findIdempotent: found.findIdempotent },
        { idempotencyKey: 'key-1' },
        { target: selfCommitting, pathParameters: { thingID: 't-1' } },
      );

      const answer = await internal.answerOfUsedKey?.();

      expect(found.asked).toEqual([internal.idempotency]);
      expect(answer).toEqual({
        statusCode: 200,
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': 'key-1',
          'Idempotency-Status': 'reused',
        },
        body: '{"id":"first"}',
      });
    });

    it('refuses a key used with another request with 409 IdempotencyConflict, before the operation runs', async () => {
      const conflict = new ConflictError('IdempotencyConflict', 'used with another request');
      const found = lookup(async () => {
        throw conflict;
      });
      const { internal } = started(
        { ...fakeStores().options, findIdempotent: found.findIdempotent },
        { idempotencyKey: 'key-1' },
        { target: selfCommitting },
      );

      await expect(internal.answerOfUsedKey?.()).rejects.toBe(conflict);
    });

    it('lets the operation run under an unused key', async () => {
      const found = lookup(async () => undefined);
      const { internal } = started(
        { ...fakeStores().options, findIdempotent: found.findIdempotent },
        { idempotencyKey: 'key-1' },
        { target: selfCommitting },
      );

      await expect(internal.answerOfUsedKey?.()).resolves.toBeUndefined();
      expect(found.asked).toHaveLength(1);
      expect(internal.idempotencyStatus).toBeUndefined();
    });

    it('looks up no key without one, nor for an operation whose writes commit with the record', () => {
      const withoutKey = started(fakeStores().options, {}, { target: selfCommitting });
      const committedTogether = started(fakeStores().options, { idempotencyKey: 'key-1' });

      expect(withoutKey.internal.answerOfUsedKey).toBeUndefined();
      expect(committedTogether.internal.answerOfUsedKey).toBeUndefined();
    });
  });
});
