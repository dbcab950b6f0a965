import { describe, expect, it } from 'vitest';
import { scannerContentSecurityPolicy } from '../../../scanner/csp.ts';
import { scannerRequestPath, scannerResponseHeaders } from '../../../scanner/hosting.ts';

describe('scanner hosting', () => {
  it('lets the app reach exactly its own origin, the auth and venue hosts, and compile its own wasm', () => {
    const headers = scannerResponseHeaders({ auth: 'https://auth.example', venue: 'https://venue.example' });
    const policy = headers['Content-Security-Policy'] ?? '';

    expect(policy).toContain("connect-src 'self' https://auth.example https://venue.example;");
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(headers).toMatchObject({
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Permissions-Policy': 'camera=(self), microphone=(), geolocation=()',
    });
  });

  it('leaves frame-ancestors out of the meta tag, where a browser ignores it', () => {
    expect(scannerContentSecurityPolicy({ connect: ['https:'] }, 'meta')).not.toContain('frame-ancestors');
  });

  it('answers every page path with the app and a file path with the file', () => {
    expect(scannerRequestPath('/')).toBe('/index.html');
    expect(scannerRequestPath('/enroll')).toBe('/index.html');
    expect(scannerRequestPath('/sw.js')).toBe('/sw.js');
    expect(scannerRequestPath('/assets/zxing_reader-1.wasm')).toBe('/assets/zxing_reader-1.wasm');
  });
});
