import { ValidationError } from '../../domain/errors.ts';
import type { RequestPart, RouteDefinition } from '../../routes/types.ts';
import { unparsed } from '../../schemas/compiled.ts';
import { type PipelineMiddleware, type PipelineRequest, present } from './internal.ts';
import type { ParsedRequest } from './types.ts';

type Checked = RequestPart | 'idempotencyKey';

const labels: Record<Checked, string> = {
  params: 'path',
  query: 'query',
  headers: 'headers',
  body: 'body',
  idempotencyKey: 'headers.idempotency-key',
};

/**
 * zod's side of validation, loaded with the first value a compiled parser does not answer: in a
 * function's bundle neither zod nor the schemas are part of the cold start (docs/bench.md).
 */
async function parsedByZod(route: RouteDefinition, part: Checked, value: unknown): Promise<unknown> {
  const schemaOf = async () =>
    part === 'idempotencyKey'
      ? (await import('../../schemas/common.ts')).idempotencyKeyHeader
      : (route.declared ? await route.declared() : route).request?.[part];
  const [{ parsePart }, schema] = await Promise.all([import('../validation.ts'), schemaOf()]);
  if (!schema) throw new Error(`${route.operationId} declares no ${part} schema`);
  return parsePart(schema, value, labels[part]);
}

/** The part as its schema parses it, or a 422 naming every bad field: the compiled parser first. */
function parsed(route: RouteDefinition, part: Checked, value: unknown): unknown {
  const parser = route.compiled?.[part];
  // A parser may answer `undefined` (an optional body left out): only `unparsed` goes to zod.
  const compiled = parser ? parser(value) : unparsed;
  return compiled === unparsed ? parsedByZod(route, part, value) : compiled;
}

/**
 * Path, query, headers and body (unknown fields are refused by the strict schemas), and the
 * Idempotency-Key of routes that take one: the request the operation sees, in `internal.request`.
 * A part a parser generated at build time answers never waits; the rest go to zod.
 */
export function validation(): PipelineMiddleware {
  const validationBefore = async (request: PipelineRequest): Promise<void> => {
    const { event, internal } = request;
    const route = present(internal.route, 'route (requestContext)');
    const principal = present(internal.principal, 'principal (authorization)');
    const spec = route.request ?? {};
    const rawHeaders = event.headers;
    const [params, query, headers, body] = await Promise.all([
      spec.params ? parsed(route, 'params', event.pathParameters ?? {}) : undefined,
      spec.query ? parsed(route, 'query', event.queryStringParameters ?? {}) : undefined,
      spec.headers ? parsed(route, 'headers', rawHeaders) : undefined,
      spec.body ? parsed(route, 'body', internal.body) : undefined,
    ]);
    const key = route.idempotency ? rawHeaders['idempotency-key'] : undefined;
    if (key === undefined && route.idempotency === 'required') {
      throw new ValidationError('The Idempotency-Key header is required for this operation.', [
        { path: 'headers.idempotency-key', message: 'Required' },
      ]);
    }
    const idempotencyKey = key === undefined ? undefined : await parsed(route, 'idempotencyKey', key);
    const parsedRequest: ParsedRequest = {
      route,
      requestId: present(internal.requestId, 'request id (requestContext)'),
      now: present(internal.now, 'arrival time (requestContext)'),
      params: params as ParsedRequest['params'],
      query: query as ParsedRequest['query'],
      headers: headers as ParsedRequest['headers'],
      body,
      rawHeaders,
      principal,
      clientCertificate: present(internal.clientCertificate, 'client certificate (requestContext)'),
      idempotencyKey: idempotencyKey as string | undefined,
      usagePlan: internal.usagePlan,
      meteredAt: internal.usageCount?.at,
    };
    internal.request = parsedRequest;
  };

  return { before: validationBefore };
}
