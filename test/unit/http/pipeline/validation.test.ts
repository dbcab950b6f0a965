import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ApiError, ValidationError } from '../../../../shared/domain/errors.ts';
import type { PipelineInternal } from '../../../../shared/http/pipeline/internal.ts';
import { validation } from '../../../../shared/http/pipeline/validation.ts';
import { statusOf } from '../../../../shared/http/problem.ts';
import type { RouteDefinition } from '../../../../shared/routes/types.ts';
import { type EventSpec, eventOf, partner, requestOf, resolved, testRoute } from './support.ts';

const route = testRoute({
  auth: { scope: 'webhooks' },
  idempotency: 'required',
  request: {
    params: z.strictObject({ thingID: z.uuid() }),
    query: z.strictObject({ limit: z._default(z.coerce.number().check(z.int(), z.maximum(10)), 5) }),
    headers: z.object({ 'accept-language': z.optional(z.string()) }),
    body: z.strictObject({ name: z.string() }),
  },
});
const optionalKey = testRoute({ idempotency: 'optional' });
const thingID = '5b0c1a7e-0000-4000-8000-000000000001';

async function validated(
  target: RouteDefinition,
  spec: EventSpec & { parsedBody?: unknown },
): Promise<PipelineInternal> {
  const event = eventOf({ pathParameters: { thingID }, ...spec });
  event.headers = Object.fromEntries(
    Object.entries(event.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const request = requestOf(event, resolved(target, { principal: partner, body: spec.parsedBody }));
  await validation().before?.(request);
  return request.internal;
}

async function refusal(run: () => Promise<unknown>): Promise<ApiError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the validation middleware', () => {
  it('hands the operation every part parsed by the route schemas, with the principal', async () => {
    const internal = await validated(route, {
      query: 'limit=3',
      headers: { 'Accept-Language': 'de', 'Idempotency-Key': 'key-1' },
      parsedBody: { name: 'Ada' },
    });

    expect(internal.request).toMatchObject({
      route,
      requestId: 'req-1',
      params: { thingID },
      query: { limit: 3 },
      headers: { 'accept-language': 'de' },
      body: { name: 'Ada' },
      principal: partner,
      clientCertificate: null,
      idempotencyKey: 'key-1',
    });
    expect(internal.request?.rawHeaders['idempotency-key']).toBe('key-1');
  });

  it('applies schema defaults', async () => {
    const internal = await validated(route, {
      headers: { 'Idempotency-Key': 'k' },
      parsedBody: { name: 'a' },
    });

    expect(internal.request?.query).toEqual({ limit: 5 });
  });

  it('refuses a bad path parameter with 422 naming it', async () => {
    const error = await refusal(() =>
      validated(route, {
        pathParameters: { thingID: 'nope' },
        headers: { 'Idempotency-Key': 'k' },
        parsedBody: { name: 'a' },
      }),
    );

    expect(error).toBeInstanceOf(ValidationError);
    expect(statusOf(error)).toBe(422);
    expect(error.message).toBe('The request path is not valid.');
    expect(error.details).toMatchObject({ errors: [{ path: 'path.thingID' }] });
  });

  it('refuses unknown body fields with 422 naming each one', async () => {
    const error = await refusal(() =>
      validated(route, { headers: { 'Idempotency-Key': 'k' }, parsedBody: { name: 'a', nmae: 'b' } }),
    );

    expect(error.details).toEqual({
      errors: [{ path: 'body', message: expect.stringContaining('nmae') }],
    });
  });

  it('requires the Idempotency-Key of a create with 422', async () => {
    const error = await refusal(() => validated(route, { parsedBody: { name: 'a' } }));

    expect(statusOf(error)).toBe(422);
    expect(error.details).toEqual({ errors: [{ path: 'headers.idempotency-key', message: 'Required' }] });
  });

  it('refuses an Idempotency-Key that is not printable ASCII with 422', async () => {
    const error = await refusal(() =>
      validated(route, { headers: { 'Idempotency-Key': 'two words' }, parsedBody: { name: 'a' } }),
    );

    expect(error.message).toBe('The request headers.idempotency-key is not valid.');
  });

  it('lets an optional key be absent, and ignores a key on a route that takes none', async () => {
    const absent = await validated(optionalKey, {});
    const ignored = await validated(testRoute({}), { headers: { 'Idempotency-Key': 'k' } });

    expect(absent.request?.idempotencyKey).toBeUndefined();
    expect(ignored.request?.idempotencyKey).toBeUndefined();
  });

  it('refuses to run before authorization decided the principal', async () => {
    const request = requestOf(eventOf(), resolved(optionalKey));

    await expect(validation().before?.(request)).rejects.toThrow(/principal \(authorization\)/);
  });
});
