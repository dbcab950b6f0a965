/**
 * How the scanner app is served as static files: the local stage (infra/local/scanner-site.ts) and
 * CloudFront in AWS share these headers and rules. See docs/venues.md, The scanner app.
 */
import { staticSecurityHeaders } from '../console/hosting.ts';
import { scannerContentSecurityPolicy } from './csp.ts';

/** The scanner's response headers: connect-src names exactly the auth and venue origins. */
export function scannerResponseHeaders(origins: { auth: string; venue: string }): Record<string, string> {
  return {
    'Content-Security-Policy': scannerContentSecurityPolicy(
      { connect: [origins.auth, origins.venue] },
      'header',
    ),
    ...staticSecurityHeaders,
    // The camera is the app's whole purpose; nothing else of the device is.
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=()',
  };
}

/** The scanner's run-time configuration file, written per stage beside index.html. */
export const scannerConfigFile = 'config.json';

export interface ScannerRuntimeConfig {
  auth_url: string;
  venue_url: string;
}

/** One page: every path without a file extension is the app. */
export function scannerRequestPath(path: string): string {
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return lastSegment.includes('.') ? path : '/index.html';
}
