import type { Host } from '../routes/types.ts';

/**
 * CORS for the employee console (docs/employees.md): the console's origin is the only one admitted,
 * on the hosts a browser calls: the admin API and the auth host (the console exchanges its one-time
 * code at the token endpoint). Operations of the partner API alone answer none (the documents served
 * on both hosts, such as the JWKS, answer it everywhere: they are public). The gateways answer preflight
 * requests (API Gateway in AWS, infra/local/gateway.ts locally); the functions add the headers of the
 * actual response (shared/http/pipeline/cors.ts). One definition for all three.
 */
export const corsHosts: readonly Host[] = ['admin', 'auth'];

export const corsPreflight = {
  allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
  allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-ID'],
  maxAgeSeconds: 600,
} as const;

/** Response headers a console script may read. */
export const corsExposedHeaders = [
  'X-Request-ID',
  'Location',
  'Idempotency-Key',
  'Idempotency-Status',
  'Retry-After',
  'WWW-Authenticate',
] as const;

/** The headers of an answer to `origin`, when it is the console's; none otherwise. */
export function corsResponseHeaders(
  origin: string | undefined,
  allowedOrigin: string | undefined,
): Record<string, string> {
  if (!origin || !allowedOrigin || origin !== allowedOrigin) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': corsExposedHeaders.join(', '),
    Vary: 'Origin',
  };
}

/** The answer to a preflight from `origin` (204), or undefined when the origin is not the console's. */
export function corsPreflightHeaders(
  origin: string | undefined,
  allowedOrigin: string | undefined,
): Record<string, string> | undefined {
  if (!origin || !allowedOrigin || origin !== allowedOrigin) return undefined;
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': corsPreflight.allowMethods.join(', '),
    'Access-Control-Allow-Headers': corsPreflight.allowHeaders.join(', '),
    'Access-Control-Max-Age': String(corsPreflight.maxAgeSeconds),
    Vary: 'Origin',
  };
}
