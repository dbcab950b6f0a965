/**
 * The scanner app's Content-Security-Policy (docs/venues.md, The scanner app): the meta tag of the
 * build (any https origin for connect-src: one build serves every stage) and the response header a
 * stage sends (exactly its auth and venue origins). 'wasm-unsafe-eval' lets the barcode decoder's
 * WebAssembly, served from the app's own origin, compile; no other script source exists.
 */
export interface ScannerCspOrigins {
  /** Origins the app fetches from besides its own: the auth host and the venue host. */
  connect: readonly string[];
}

const headerOnlyDirectives = ['frame-ancestors'];

export function scannerContentSecurityPolicy(
  origins: ScannerCspOrigins,
  delivery: 'header' | 'meta',
): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", "'wasm-unsafe-eval'"],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...origins.connect],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
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

/** Before config.json is read the app may reach its own origin and any HTTPS origin. */
export const buildTimeConnectSources = ['https:'] as const;
