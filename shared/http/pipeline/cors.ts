import { config } from '../../config/env.ts';
import { corsHosts, corsResponseHeaders } from '../cors.ts';
import type { PipelineMiddleware, PipelineRequest } from './internal.ts';

export interface CorsOptions {
  /** The console's origin; undefined answers no CORS header at all. */
  allowedOrigin: () => string | undefined;
}

const defaults: CorsOptions = { allowedOrigin: () => config().consoleOrigin };

function originOf(headers: Record<string, string | undefined>): string | undefined {
  for (const name in headers) if (name.toLowerCase() === 'origin') return headers[name];
  return undefined;
}

/**
 * The CORS headers of an actual response (successes and errors alike) to the console's origin, on the
 * hosts the console calls (shared/http/cors.ts). A path no route matches still gets them, so the
 * console sees the 404 instead of a CORS failure.
 */
export function cors(options: Partial<CorsOptions> = {}): PipelineMiddleware {
  const { allowedOrigin } = { ...defaults, ...options };

  const addHeaders = (request: PipelineRequest): void => {
    const { event, internal, response } = request;
    if (!response) return;
    const route = internal.route;
    if (route && !route.hosts.some((host) => corsHosts.includes(host))) return;
    const headers = corsResponseHeaders(originOf(event.headers ?? {}), allowedOrigin());
    if (Object.keys(headers).length > 0) response.headers = { ...response.headers, ...headers };
  };

  return { after: addHeaders, onError: addHeaders };
}
