import { ValidationError } from '../../domain/errors.ts';
import { idempotencyKeyHeader } from '../../schemas/common.ts';
import type * as z from '../../schemas/zod.ts';
import { parsePart } from '../validation.ts';
import { type PipelineMiddleware, type PipelineRequest, present } from './internal.ts';
import type { ParsedRequest } from './types.ts';

export interface ValidationOptions {
  /** What an Idempotency-Key must look like (422 otherwise). */
  idempotencyKeySchema: z.core.$ZodType<string, string>;
}

const defaults: ValidationOptions = { idempotencyKeySchema: idempotencyKeyHeader };

/**
 * zod over path, query, headers and body (unknown fields are refused by the strict schemas), and the
 * Idempotency-Key of routes that take one: the request the operation sees, in `internal.request`.
 */
export function validation(options: Partial<ValidationOptions> = {}): PipelineMiddleware {
  const { idempotencyKeySchema } = { ...defaults, ...options };

  const validationBefore = (request: PipelineRequest): void => {
    const { event, internal } = request;
    const route = present(internal.route, 'route (requestContext)');
    const spec = route.request ?? {};
    const rawHeaders = event.headers;
    const parsed: ParsedRequest = {
      route,
      requestId: present(internal.requestId, 'request id (requestContext)'),
      now: present(internal.now, 'arrival time (requestContext)'),
      params: spec.params ? parsePart(spec.params, event.pathParameters ?? {}, 'path') : undefined,
      query: spec.query ? parsePart(spec.query, event.queryStringParameters ?? {}, 'query') : undefined,
      headers: spec.headers ? parsePart(spec.headers, rawHeaders, 'headers') : undefined,
      body: spec.body ? parsePart(spec.body, internal.body, 'body') : undefined,
      rawHeaders,
      principal: present(internal.principal, 'principal (authorization)'),
      clientCertificate: present(internal.clientCertificate, 'client certificate (requestContext)'),
      idempotencyKey: undefined,
      usagePlan: internal.usagePlan,
      meteredAt: internal.usageCount?.at,
    };

    if (route.idempotency) {
      const key = rawHeaders['idempotency-key'];
      if (key === undefined) {
        if (route.idempotency === 'required') {
          throw new ValidationError('The Idempotency-Key header is required for this operation.', [
            { path: 'headers.idempotency-key', message: 'Required' },
          ]);
        }
      } else {
        parsed.idempotencyKey = parsePart(idempotencyKeySchema, key, 'headers.idempotency-key');
      }
    }
    internal.request = parsed;
  };

  return { before: validationBefore };
}
