import { describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  consoleResponseHeaders,
  referenceResponseHeaders,
  spaRequestFunctionCode,
  spaRequestPath,
} from '../../../console/hosting.ts';

/** Runs the CloudFront Function's source the way the runtime calls it: `handler(event)`. */
function cloudFrontRequestPath(uri: string): string {
  const handler = new Function(`${spaRequestFunctionCode}; return handler;`)() as (event: {
    request: { uri: string };
  }) => { uri: string };
  return handler({ request: { uri } }).uri;
}

const paths = [
  '/',
  '/callback',
  '/accounts/0b7c3f4e',
  '/index.html',
  '/config.json',
  '/assets/index-CEXS4ugH.js',
  '/assets/missing.css',
  '/favicon.svg',
  '/deep/path/',
];

describe('the SPA fallback', () => {
  it('answers page paths with index.html and keeps paths of files', () => {
    expect(spaRequestPath('/')).toBe('/index.html');
    expect(spaRequestPath('/callback')).toBe('/index.html');
    expect(spaRequestPath('/deep/path/')).toBe('/index.html');
    expect(spaRequestPath('/config.json')).toBe('/config.json');
    expect(spaRequestPath('/assets/missing.css')).toBe('/assets/missing.css');
  });

  it.each(paths)('is the same rule in the CloudFront Function as on the local stage: %s', (path) => {
    expect(cloudFrontRequestPath(path)).toBe(spaRequestPath(path));
  });
});

describe('the static sites headers', () => {
  it('cache hashed assets for a year and revalidate everything else', () => {
    expect(cacheControlFor('/assets/index-CEXS4ugH.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/index.html')).toBe('no-cache');
    expect(cacheControlFor('/config.json')).toBe('no-cache');
  });

  it("give the console a policy naming the stage's two API origins and forbidding framing", () => {
    const headers = consoleResponseHeaders({ auth: 'https://auth.example', admin: 'https://admin.example' });

    expect(headers['Content-Security-Policy']).toContain(
      "connect-src 'self' https://auth.example https://admin.example;",
    );
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Strict-Transport-Security']).toMatch(/^max-age=\d+/);
  });

  it('give the reference inline styles only, no script from anywhere but itself', () => {
    const policy = referenceResponseHeaders()['Content-Security-Policy'];

    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
