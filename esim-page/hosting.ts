/**
 * How the eSIM page is served as static files: the local stage (infra/local/esim-page-site.ts) and
 * CloudFront in AWS share these headers and rules. See docs/esim.md, Install help.
 */
import { staticSecurityHeaders } from '../console/hosting.ts';
import { esimPageContentSecurityPolicy } from './csp.ts';

export function esimPageResponseHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': esimPageContentSecurityPolicy('header'),
    ...staticSecurityHeaders,
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}

/** One page: every path without a file extension is the page (the token is in the fragment). */
export function esimPageRequestPath(path: string): string {
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return lastSegment.includes('.') ? path : '/index.html';
}
