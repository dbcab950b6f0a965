/**
 * The traveller's eSIM page's Content-Security-Policy (docs/esim.md, Install help): its own origin for
 * everything, the read included (it is served there too), and nothing else; no inline script or style.
 */
const headerOnlyDirectives = ['frame-ancestors'];

export function esimPageContentSecurityPolicy(delivery: 'header' | 'meta'): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'"],
    ['img-src', "'self'"],
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives
    .filter(([name]) => delivery === 'header' || !headerOnlyDirectives.includes(name))
    .map((parts) => parts.join(' '))
    .join('; ');
}
