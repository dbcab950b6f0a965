import type { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { ClientCertificate } from '../../auth/principal.ts';
import { ApiError } from '../../domain/errors.ts';
import { logger } from '../../observability/logger.ts';
import type { RouteDefinition } from '../../routes/types.ts';
import { processClock } from '../../util/clock.ts';
import { resolveRequestId } from '../request-id.ts';
import type { PipelineMiddleware, PipelineRequest } from './internal.ts';

export interface RequestContextOptions {
  /** The routes of the function's group; any other resource is 404, another method 405. */
  routes: readonly RouteDefinition[];
  /** Largest request body, in bytes, of a route that states no `maxBodyBytes` (413 above). */
  maxBodyBytes: number;
  /** The arrival time every timestamp of the request derives from. */
  clock: () => Date;
  logger: Pick<Logger, 'resetKeys' | 'appendKeys'>;
}

const defaults: RequestContextOptions = {
  routes: [],
  maxBodyBytes: 64 * 1024,
  clock: () => processClock.now(),
  logger,
};

function headerValue(headers: APIGatewayProxyEvent['headers'], name: string): string | undefined {
  for (const key in headers) {
    if (key.toLowerCase() === name) return headers[key] ?? undefined;
  }
  return undefined;
}

function clientCertificateOf(event: APIGatewayProxyEvent): ClientCertificate | null {
  const cert = event.requestContext?.identity?.clientCert;
  if (!cert) return null;
  return {
    pem: cert.clientCertPem,
    subjectDN: cert.subjectDN,
    issuerDN: cert.issuerDN,
    serialNumber: cert.serialNumber,
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
  };
}

/** Request id (echoed in X-Request-ID), route resolution (404/405) and the body limit (413). */
export function requestContext(options: Partial<RequestContextOptions> = {}): PipelineMiddleware {
  const { routes, maxBodyBytes, clock, logger: log } = { ...defaults, ...options };
  const routesByResource = new Map<string, RouteDefinition[]>();
  for (const route of routes)
    routesByResource.set(route.path, [...(routesByResource.get(route.path) ?? []), route]);

  const requestContextBefore = (request: PipelineRequest): void => {
    const { event, internal } = request;
    // A warm container serves many requests: keys of the previous one must not leak into this one's logs.
    log.resetKeys();
    const requestId = resolveRequestId(headerValue(event.headers, 'x-request-id'));
    internal.requestId = requestId;
    internal.now = clock();
    log.appendKeys({ request_id: requestId, resource: event.resource, method: event.httpMethod });

    const sameResource = routesByResource.get(event.resource) ?? [];
    const route = sameResource.find((candidate) => candidate.method === event.httpMethod);
    if (!route) {
      if (sameResource.length === 0) throw new ApiError('ResourceNotFound', `No operation at ${event.path}.`);
      const allow = sameResource.map((candidate) => candidate.method).join(', ');
      throw new ApiError('MethodNotAllowed', `${event.httpMethod} is not allowed here. Allowed: ${allow}.`, {
        headers: { Allow: allow },
      });
    }
    internal.route = route;
    internal.clientCertificate = clientCertificateOf(event);

    const size = event.body ? Buffer.byteLength(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : 0;
    const limit = route.maxBodyBytes ?? maxBodyBytes;
    if (size > limit) {
      throw new ApiError('PayloadTooLarge', `The request body is ${size} bytes; the limit is ${limit}.`, {
        details: { limit_bytes: limit },
      });
    }
  };

  const requestContextAfter = (request: PipelineRequest): void => {
    const { response, internal } = request;
    if (response && internal.requestId) {
      // The response and its headers are this request's own objects (commit builds them): set in place.
      response.headers ??= {};
      response.headers['X-Request-ID'] = internal.requestId;
    }
  };

  return { before: requestContextBefore, after: requestContextAfter };
}
