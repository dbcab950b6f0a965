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

/**
 * The header the page's distribution writes with the viewer's address on every request it sends to the
 * read API (overwriting any a viewer sent): the read API's WAF counts each phone by it.
 */
export const esimPageViewerAddressHeader = 'x-esim-page-viewer-address';

/** CloudFront Function (cloudfront-js-2.0), viewer request of `/v2/esim-page/*`: the viewer's address. */
export const viewerAddressFunctionCode = `function handler(event) {
  event.request.headers['${esimPageViewerAddressHeader}'] = { value: event.viewer.ip };
  return event.request;
}`;

/** One page: every path without a file extension is the page (the token is in the fragment). */
export function esimPageRequestPath(path: string): string {
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return lastSegment.includes('.') ? path : '/index.html';
}
