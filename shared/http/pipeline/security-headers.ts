import httpSecurityHeaders from '@middy/http-security-headers';

export type SecurityHeadersOptions = NonNullable<Parameters<typeof httpSecurityHeaders>[0]>;

/** Headers that matter for a JSON API; the browser-page ones (permissions, COEP, ...) only add bytes. */
const defaults: SecurityHeadersOptions = {
  contentSecurityPolicy: {
    'default-src': "'none'",
    'frame-ancestors': "'none'",
    'base-uri': '',
    'form-action': '',
    'report-to': '',
    'require-trusted-types-for': '',
  },
  crossOriginEmbedderPolicy: false,
  permissionsPolicy: false,
  originAgentCluster: false,
  dnsPrefetchControl: false,
  downloadOptions: false,
  permittedCrossDomainPolicies: false,
};

/** middy's security headers on every answer, successes and errors alike, tuned for an API. */
export function apiSecurityHeaders(options: SecurityHeadersOptions = {}) {
  return httpSecurityHeaders({ ...defaults, ...options });
}
