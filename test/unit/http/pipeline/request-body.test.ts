import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, MalformedBodyError, ValidationError } from '../../../../shared/domain/errors.ts';
import { requestBody } from '../../../../shared/http/pipeline/request-body.ts';
import { statusOf } from '../../../../shared/http/problem.ts';
import type { RouteDefinition } from '../../../../shared/routes/types.ts';
import { type EventSpec, eventOf, requestOf, resolved, testRoute } from './support.ts';

const jsonRoute = testRoute({ request: { body: z.object({ name: z.string() }) } });
const formRoute = testRoute({ request: { body: z.record(z.string(), z.string()), bodyType: 'form' } });
const noBodyRoute = testRoute({});
const uploadRoute = testRoute({
  request: { body: z.instanceof(Uint8Array), bodyType: 'binary', mediaTypes: ['image/png', 'image/webp'] },
});

/** The header normalizer runs first: names arrive in lower case. */
function normalized(spec: EventSpec) {
  const event = eventOf(spec);
  event.headers = Object.fromEntries(
    Object.entries(event.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return event;
}

async function parse(
  route: RouteDefinition,
  spec: EventSpec,
  options: Parameters<typeof requestBody>[0] = {},
) {
  const request = requestOf(normalized(spec), resolved(route));
  await requestBody(options).before?.(request);
  return request;
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

const json = { 'Content-Type': 'application/json' };

describe('the request-body middleware', () => {
  it('parses a JSON body into the pipeline state and leaves the event as sent', async () => {
    const request = await parse(jsonRoute, { headers: json, body: '{"name":"Ada"}' });

    expect(request.internal.body).toEqual({ name: 'Ada' });
    expect(request.event.body).toBe('{"name":"Ada"}');
  });

  it('accepts JSON media types with parameters and structured suffixes', async () => {
    const withCharset = await parse(jsonRoute, {
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: '{"name":"a"}',
    });
    const suffixed = await parse(jsonRoute, {
      headers: { 'Content-Type': 'application/merge-patch+json' },
      body: '{"name":"b"}',
    });

    expect(withCharset.internal.body).toEqual({ name: 'a' });
    expect(suffixed.internal.body).toEqual({ name: 'b' });
  });

  it('answers a body that is not JSON with 400', async () => {
    const error = await refusal(() => parse(jsonRoute, { headers: json, body: '{"name": "' }));

    expect(error).toBeInstanceOf(MalformedBodyError);
    expect(error.code).toBe('ValidationError');
    expect(statusOf(error)).toBe(400);
  });

  it('answers a prototype-polluting key with 400 as well', async () => {
    const error = await refusal(() => parse(jsonRoute, { headers: json, body: '{"__proto__":{"x":1}}' }));

    expect(statusOf(error)).toBe(400);
  });

  it('answers a body of another media type with 415 UnsupportedMediaType', async () => {
    const error = await refusal(() =>
      parse(jsonRoute, { headers: { 'Content-Type': 'text/plain' }, body: '{"name":"a"}' }),
    );

    expect(error.code).toBe('UnsupportedMediaType');
    expect(statusOf(error)).toBe(415);
    expect(error.message).toBe('Send the body as application/json.');
  });

  it('leaves the body undefined when a route that takes one receives none', async () => {
    const request = await parse(jsonRoute, { headers: json });

    expect(request.internal).toHaveProperty('body', undefined);
  });

  it('keeps the raw body of a route that declares none, for the idempotency fingerprint', async () => {
    const request = await parse(noBodyRoute, { headers: json, body: '{"ignored":true}' });

    expect(request.internal.body).toBe('{"ignored":true}');
  });

  it('parses a form body for a form route', async () => {
    const request = await parse(formRoute, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&scope=a+b',
    });

    expect(request.internal.body).toEqual({ grant_type: 'client_credentials', scope: 'a b' });
  });

  it('refuses a repeated form parameter with 422 naming it', async () => {
    const error = await refusal(() =>
      parse(formRoute, {
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'scope=a&scope=b',
      }),
    );

    expect(error).toBeInstanceOf(ValidationError);
    expect(statusOf(error)).toBe(422);
    expect(error.details).toEqual({ errors: [{ path: 'scope', message: 'repeated' }] });
  });

  it('refuses JSON on a form route with 415', async () => {
    const error = await refusal(() => parse(formRoute, { headers: json, body: '{"a":"b"}' }));

    expect(error.code).toBe('UnsupportedMediaType');
    expect(error.message).toBe('Send the parameters as application/x-www-form-urlencoded.');
  });

  it('takes other form media types and a JSON reviver as options', async () => {
    const form = await parse(
      formRoute,
      { headers: { 'Content-Type': 'application/vnd.form' }, body: 'a=1' },
      { formContentType: /^application\/vnd\.form$/ },
    );
    const revived = await parse(
      jsonRoute,
      { headers: json, body: '{"name":"ada"}' },
      { reviver: (_key, value) => (typeof value === 'string' ? value.toUpperCase() : value) },
    );

    expect(form.internal.body).toEqual({ a: '1' });
    expect(revived.internal.body).toEqual({ name: 'ADA' });
  });

  it('refuses to run before the route is resolved', async () => {
    const request = requestOf(eventOf());

    await expect(requestBody().before?.(request)).rejects.toThrow(/route \(requestContext\)/);
  });

  it('hands a binary upload over as its raw bytes, decoded from the base64 API Gateway sends', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    const request = await parse(uploadRoute, { headers: { 'Content-Type': 'image/png' }, body: bytes });

    expect(request.event.isBase64Encoded).toBe(true);
    expect(Buffer.from(request.internal.body as Uint8Array).equals(bytes)).toBe(true);
  });

  it('refuses an upload of another media type with 415, naming the accepted ones', async () => {
    const error = await refusal(() =>
      parse(uploadRoute, { headers: { 'Content-Type': 'application/octet-stream' }, body: Buffer.from([1]) }),
    );

    expect(statusOf(error)).toBe(415);
    expect(error.details).toEqual({ accepted_media_types: ['image/png', 'image/webp'] });
  });

  it('hands an empty upload over as empty bytes, for the operation to refuse', async () => {
    const request = await parse(uploadRoute, { headers: { 'Content-Type': 'image/webp' } });

    expect(request.internal.body).toEqual(new Uint8Array(0));
  });
});
