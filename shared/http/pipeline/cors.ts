import { config } from '../../config/env.ts';
import type { Host } from '../../routes/types.ts';
import { admittedOrigins, type BrowserAppOrigins, corsHosts, corsResponseHeaders } from '../cors.ts';
import type { PipelineMiddleware, PipelineRequest } from './internal.ts';

export interface CorsOptions {
  /** The browser apps' origins on this stage; an absent one is answered no CORS header. */
  appOrigins: () => BrowserAppOrigins;
}

const defaults: CorsOptions = {
  appOrigins: () => ({ console: config().consoleOrigin, scanner: config().scannerOrigin }),
};

function originOf(headers: Record<string, string | undefined>): string | undefined {
  for (const name in headers) if (name.toLowerCase() === 'origin') return headers[name];
  return undefined;
}

/**
 * The CORS headers of an actual response (successes and errors alike) to a browser app's origin, on
 * the hosts that app calls (shared/http/cors.ts). A path no route matches still gets them for any
 * app's origin, so the app sees the 404 instead of a CORS failure.
 */
export function cors(options: Partial<CorsOptions> = {}): PipelineMiddleware {
  const { appOrigins } = { ...defaults, ...options };

  const addHeaders = (request: PipelineRequest): void => {
    const { event, internal, response } = request;
    if (!response) return;
    const route = internal.route;
    const hosts: readonly Host[] = route ? route.hosts : corsHosts;
    const headers = corsResponseHeaders(originOf(event.headers ?? {}), admittedOrigins(hosts, appOrigins()));
    if (Object.keys(headers).length > 0) response.headers = { ...response.headers, ...headers };
  };

  return { after: addHeaders, onError: addHeaders };
}
