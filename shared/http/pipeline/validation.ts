import { ValidationError } from '../../domain/errors.ts';
import { idempotencyKeyHeader } from '../../schemas/common.ts';
import { parsePart } from '../validation.ts';
import { type PipelineMiddleware, type PipelineRequest, present } from './internal.ts';
import type { ParsedRequest } from './types.ts';

/**
 * Path, query, headers and body (unknown fields are refused by the strict schemas), and the
 * Idempotency-Key of routes that take one: the request the operation sees, in `internal.request`.
 */
export function validation(): PipelineMiddleware {
  const validationBefore = async (request: PipelineRequest): Promise<void> => {
    const { event, internal } = request;
    const route = present(internal.route, 'route (requestContext)');
    const principal = present(internal.principal, 'principal (authorization)');
    const spec = route.request ?? {};
    const rawHeaders = event.headers;
    const params = spec.params ? parsePart(spec.params, event.pathParameters ?? {}, 'path') : undefined;
    const query = spec.query ? parsePart(spec.query, event.queryStringParameters ?? {}, 'query') : undefined;
    const headers = spec.headers ? parsePart(spec.headers, rawHeaders, 'headers') : undefined;
    const body = spec.body ? parsePart(spec.body, internal.body, 'body') : undefined;
    const key = route.idempotency ? rawHeaders['idempotency-key'] : undefined;
    if (key === undefined && route.idempotency === 'required') {
      throw new ValidationError('The Idempotency-Key header is required for this operation.', [
        { path: 'headers.idempotency-key', message: 'Required' },
      ]);
    }
    const idempotencyKey =
      key === undefined ? undefined : parsePart(idempotencyKeyHeader, key, 'headers.idempotency-key');
    const parsedRequest: ParsedRequest = {
      route,
      requestId: present(internal.requestId, 'request id (requestContext)'),
      now: present(internal.now, 'arrival time (requestContext)'),
      params: params as ParsedRequest['params'],
      query: query as ParsedRequest['query'],
      headers: headers as ParsedRequest['headers'],
      body,
      rawHeaders,
      sourceAddress: event.requestContext.identity.sourceIp,
      principal,
      clientCertificate: present(internal.clientCertificate, 'client certificate (requestContext)'),
      idempotencyKey,
      usagePlan: internal.usagePlan,
      meteredAt: internal.usageCount?.at,
    };
    internal.request = parsedRequest;
  };

  return { before: validationBefore };
}
