/**
 * How the console and the API reference are served as static files, in one place for both hosts: the
 * local stage's static sites (infra/local/static-site.ts) and CloudFront in AWS (infra/constructs/
 * console-hosting.ts). See docs/console.md, Hosting.
 */
import { contentSecurityPolicy, referenceContentSecurityPolicy } from './csp.ts';

/** Headers every answer of both sites carries, beside its Content-Security-Policy. */
export const staticSecurityHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
} as const;

/** The console's response headers: connect-src names exactly the auth and admin origins. */
export function consoleResponseHeaders(origins: { auth: string; admin: string }): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy({ connect: [origins.auth, origins.admin] }, 'header'),
    ...staticSecurityHeaders,
  };
}

/** The API reference's response headers (its own origin; a looser style-src for Scalar). */
export function referenceResponseHeaders(): Record<string, string> {
  return { 'Content-Security-Policy': referenceContentSecurityPolicy('header'), ...staticSecurityHeaders };
}

/** Vite names every file under assets/ by its content hash: a year; everything else revalidates. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';
export const revalidateCacheControl = 'no-cache';

export function cacheControlFor(path: string): string {
  return path.startsWith('/assets/') ? immutableCacheControl : revalidateCacheControl;
}

/** The console's run-time configuration file, written per stage beside index.html. */
export const consoleConfigFile = 'config.json';

/** What a stage writes into config.json (docs/console.md, Run-time configuration). */
export interface ConsoleRuntimeConfig {
  auth_url: string;
  admin_url: string;
  client_id: string;
  redirect_uri: string;
  docs_url: string;
}

/**
 * The SPA fallback: a path whose last segment has no dot is a page of the app (the login's
 * `/callback` among them), answered with index.html; a path with one is a file, and a missing file
 * stays a 404. CloudFront runs the same rule as a viewer-request function (below).
 */
export function spaRequestPath(path: string): string {
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return lastSegment.includes('.') ? path : '/index.html';
}

/**
 * `spaRequestPath` as a CloudFront Function (cloudfront-js-2.0): the same rule, written in the
 * runtime's JavaScript; a unit test runs both over the same paths.
 */
export const spaRequestFunctionCode = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.slice(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;
