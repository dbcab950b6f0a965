import type { Host } from '../routes/types.ts';

/**
 * CORS for the two browser apps of the service: the employee console (docs/employees.md) and the
 * venues' scanner app (docs/venues.md). Each host admits exactly the apps that call it: the admin API
 * the console, the venue host the scanner, the auth host both (the console exchanges its one-time
 * code at the token endpoint, the scanner gets its device tokens there). Operations of the partner
 * API alone answer none (the documents served on several hosts, such as the JWKS, answer on the
 * hosts that admit an app: they are public). The gateways answer preflight requests (API Gateway in
 * AWS, infra/local/gateway.ts locally); the functions add the headers of the actual response
 * (shared/http/pipeline/cors.ts). One definition for all three.
 */
export type BrowserApp = 'console' | 'scanner';

/** The origin of each browser app a stage serves; an absent app is admitted nowhere. */
export type BrowserAppOrigins = Partial<Record<BrowserApp, string>>;

export const corsAppsByHost: Partial<Record<Host, readonly BrowserApp[]>> = {
  admin: ['console'],
  auth: ['console', 'scanner'],
  venue: ['scanner'],
};

export const corsHosts = Object.keys(corsAppsByHost) as readonly Host[];

/** The origins any of `hosts` admits. */
export function admittedOrigins(hosts: readonly Host[], origins: BrowserAppOrigins): string[] {
  const admitted = new Set<string>();
  for (const host of hosts)
    for (const app of corsAppsByHost[host] ?? []) {
      const origin = origins[app];
      if (origin) admitted.add(origin);
    }
  return [...admitted];
}

export const corsPreflight = {
  allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
  // DPoP: the scanner's proof of possession on the auth and venue hosts (RFC 9449).
  allowHeaders: ['Authorization', 'Content-Type', 'DPoP', 'Idempotency-Key', 'X-Request-ID'],
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

/** The headers of an answer to `origin`, when it is one of the admitted; none otherwise. */
export function corsResponseHeaders(
  origin: string | undefined,
  allowedOrigins: readonly string[],
): Record<string, string> {
  if (!origin || !allowedOrigins.includes(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': corsExposedHeaders.join(', '),
    Vary: 'Origin',
  };
}

/** The answer to a preflight from `origin` (204), or undefined when the origin is not admitted. */
export function corsPreflightHeaders(
  origin: string | undefined,
  allowedOrigins: readonly string[],
): Record<string, string> | undefined {
  if (!origin || !allowedOrigins.includes(origin)) return undefined;
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': corsPreflight.allowMethods.join(', '),
    'Access-Control-Allow-Headers': corsPreflight.allowHeaders.join(', '),
    'Access-Control-Max-Age': String(corsPreflight.maxAgeSeconds),
    Vary: 'Origin',
  };
}
