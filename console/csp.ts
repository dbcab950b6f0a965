/**
 * The console's Content-Security-Policy, one function for every place that sets it: the meta tag the
 * build writes into index.html (with no stage origins: one build serves every stage), the narrower
 * meta tag the app adds once it has read config.json, and the response header a stage's CDN or the
 * local stage sends (with the stage's auth and admin origins). See docs/console.md.
 */
export interface CspOrigins {
  /** Origins the console fetches from besides its own (the auth host and the admin API host). */
  connect: readonly string[];
}

/** Directives a browser ignores in a meta tag; they belong in the response header only. */
const headerOnlyDirectives = ['frame-ancestors'];

type Directive = [string, ...string[]];

function serialized(directives: readonly Directive[], delivery: 'header' | 'meta'): string {
  return directives
    .filter(([name]) => delivery === 'header' || !headerOnlyDirectives.includes(name))
    .map((parts) => parts.join(' '))
    .join('; ');
}

export function contentSecurityPolicy(origins: CspOrigins, delivery: 'header' | 'meta'): string {
  const directives: Directive[] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'"],
    // blob: shows a chosen image before it is uploaded; data: is the stylesheet's own inline SVG icons
    // (images cannot run script). Nothing else loads from anywhere but the origin.
    ['img-src', "'self'", 'blob:', 'data:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...origins.connect],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    // The login leaves the page by navigation (location.assign), not by a form, so no form may post anywhere.
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return serialized(directives, delivery);
}

/** The origin of a URL from config.json, for connect-src; refuses anything that is not an http(s) URL. */
export function originOf(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`Not an http(s) URL: ${url}`);
  }
  return parsed.origin;
}

/**
 * What the meta tag of the build allows before config.json is read: the console's origin and any
 * HTTPS origin. The app then adds a second policy naming the two configured origins; a browser
 * enforces both, so from then on only those two remain reachable.
 */
export const buildTimeConnectSources = ['https:'] as const;

/**
 * The API reference's policy. Scalar injects its styles at run time, so this page (unlike the console)
 * needs 'unsafe-inline' for styles; scripts stay 'self' only. Nothing else is reachable: connect-src
 * 'self' is the document. It is served from its own origin (docs_url), never the console's.
 */
export function referenceContentSecurityPolicy(delivery: 'header' | 'meta'): string {
  const directives: Directive[] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return serialized(directives, delivery);
}
