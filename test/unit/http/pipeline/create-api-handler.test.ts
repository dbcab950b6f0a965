import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaContext } from '../../../../infra/local/functions.ts';
import { createApiHandler, type Implementations } from '../../../../shared/http/pipeline/index.ts';
import type { PipelineRequest } from '../../../../shared/http/pipeline/internal.ts';
import { apiSecurityHeaders } from '../../../../shared/http/pipeline/security-headers.ts';
import { defineRoute } from '../../../../shared/routes/types.ts';
import { useLocalConfig } from '../../auth/local-config.ts';
import { eventOf, requestOf } from './support.ts';

const routes = {
  getThing: defineRoute({
    operationId: 'getThing',
    method: 'GET',
    path: '/v2/things',
    hosts: ['api'],
    group: 'meta',
    summary: 'test',
    tags: [],
    auth: null,
    responses: { 200: { description: 'ok' } },
  }),
};
const implementations: Implementations<typeof routes> = {
  getThing: async ({ principal, requestId }) => ({ status: 200, body: { principal, requestId } }),
};
const context: Context = lambdaContext('meta', 29_000, 'eu-west-1');

let cleanUp: () => Promise<void>;
beforeAll(async () => {
  ({ cleanUp } = await useLocalConfig());
});
afterAll(() => cleanUp());

describe('createApiHandler', () => {
  it('runs the operation behind the stack: its answer carries the request id and security headers', async () => {
    const handler = createApiHandler(routes, implementations);

    const response = await handler(
      eventOf({ method: 'GET', headers: { 'X-Request-ID': 'req-42' } }),
      context,
    );

    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ principal: null, requestId: 'req-42' });
    expect(response.headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-Request-ID': 'req-42',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': expect.stringContaining("default-src 'none'"),
    });
  });

  it("gives each of many concurrent requests its own state, never another request's", async () => {
    const count = 20;
    const ids = Array.from({ length: count }, (_, index) => `req-${index}`);
    const beforeHandler = ids.map(() => gate());
    const inOperation = ids.map(() => gate());
    const allWaitingBeforeHandler = countdown(count);
    const allInOperation = countdown(count);
    const indexOf = (requestId: string | undefined) => ids.indexOf(requestId ?? '');
    const interleaved: Implementations<typeof routes> = {
      getThing: async ({ requestId }) => {
        allInOperation.arrive();
        await inOperation[indexOf(requestId)]?.promise;
        return { status: 200, body: { requestId } };
      },
    };
    // An asynchronous `before` after the pipeline's own: every request has handed its state over
    // before any handler runs, and they reach their handlers in reverse order.
    const handler = createApiHandler(routes, interleaved).before(async ({ internal }) => {
      allWaitingBeforeHandler.arrive();
      await beforeHandler[indexOf(internal.requestId)]?.promise;
    });

    const responses = Promise.all(
      ids.map((id) => handler(eventOf({ method: 'GET', headers: { 'X-Request-ID': id } }), context)),
    );
    await allWaitingBeforeHandler.done;
    for (const gate of [...beforeHandler].reverse()) gate.resolve();
    await allInOperation.done;
    // The operations finish odd ones first, then even ones.
    for (const [index, gate] of inOperation.entries()) if (index % 2 === 1) gate.resolve();
    for (const [index, gate] of inOperation.entries()) if (index % 2 === 0) gate.resolve();

    const answered = await responses;
    expect(answered.map((response) => response.statusCode)).toEqual(ids.map(() => 200));
    expect(answered.map((response) => JSON.parse(response.body).requestId)).toEqual(ids);
    expect(answered.map((response) => response.headers?.['X-Request-ID'])).toEqual(ids);
  });

  it('refuses one event object handled twice at once rather than mix the two requests', async () => {
    const release = gate();
    const handler = createApiHandler(routes, implementations).before(() => release.promise);
    const event = eventOf({ method: 'GET', headers: { 'X-Request-ID': 'req-44' } });

    const both = [handler(event, context), handler(event, context)];
    // One request waits at the gate with its state handed over; the other is answered meanwhile.
    const refused = await Promise.race(both);
    release.resolve();
    const answers = await Promise.all(both);

    expect(refused.statusCode).toBe(500);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 500]);
  });

  it('answers a refusal as a problem with the same headers', async () => {
    const handler = createApiHandler(routes, implementations);

    const response = await handler(
      eventOf({ method: 'DELETE', headers: { 'X-Request-ID': 'req-43' } }),
      context,
    );

    expect(response.statusCode).toBe(405);
    expect(response.headers).toMatchObject({
      'Content-Type': 'application/problem+json',
      Allow: 'GET',
      'X-Request-ID': 'req-43',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  it('serves the employee twin of a /v2/admin route with the same implementation', async () => {
    const adminRoutes = {
      listThings: defineRoute({
        operationId: 'listThings',
        method: 'GET',
        path: '/v2/admin/things',
        hosts: ['api'],
        group: 'admin',
        summary: 'test',
        tags: [],
        auth: { scope: 'identity.account:*' },
        responses: { 200: { description: 'ok' } },
      }),
    };
    const handler = createApiHandler(adminRoutes, {
      listThings: async ({ route }) => ({ status: 200, body: { served: route.operationId } }),
    });

    // No token: the twin's route is resolved, then refused for want of a token (no certificate asked).
    const twin = await handler(
      eventOf({ method: 'GET', resource: '/api/v1/admin/things', clientCert: null }),
      context,
    );
    const original = await handler(
      eventOf({ method: 'GET', resource: '/v2/admin/things', clientCert: null }),
      context,
    );

    expect(twin.statusCode).toBe(401);
    expect(JSON.parse(twin.body).detail).toMatch(/Bearer token is required/);
    expect(original.statusCode).toBe(401);
    expect(JSON.parse(original.body).detail).toMatch(/client certificate is required/);
  });

  it('refuses routes of two groups in one function', () => {
    const mixed = {
      ...routes,
      other: { ...routes.getThing, operationId: 'other', group: 'booking' as const },
    };

    expect(() =>
      createApiHandler(mixed, { ...implementations, other: async () => ({ status: 200 }) }),
    ).toThrow('A function serves one group; these routes name meta, booking');
  });

  it('refuses a route without an implementation (a caller the types do not reach)', () => {
    const none = {} as typeof implementations;

    expect(() => createApiHandler(routes, none)).toThrow('No implementation for getThing');
  });
});

describe('the security-headers middleware', () => {
  function headersOf(middleware: ReturnType<typeof apiSecurityHeaders>) {
    const request: PipelineRequest = requestOf(eventOf());
    request.response = { statusCode: 200, headers: {}, body: '' };
    middleware.after?.({ ...request, internal: {} });
    return request.response.headers ?? {};
  }

  it('sends the API set by default and leaves the browser-page headers out', () => {
    const headers = headersOf(apiSecurityHeaders());

    expect(headers['Content-Security-Policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox; upgrade-insecure-requests",
    );
    expect(headers['Strict-Transport-Security']).toContain('max-age=');
    expect(headers).not.toHaveProperty('Permissions-Policy');
    expect(headers).not.toHaveProperty('Cross-Origin-Embedder-Policy');
  });

  it('takes options over its defaults', () => {
    const headers = headersOf(apiSecurityHeaders({ frameOptions: { action: 'sameorigin' } }));

    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN');
  });
});

/** A promise and the function that resolves it. */
function gate(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Resolves `done` once `arrive` was called `count` times. */
function countdown(count: number) {
  const { promise: done, resolve } = gate();
  let left = count;
  return {
    done,
    arrive: () => {
      left -= 1;
      if (left === 0) resolve();
    },
  };
}
