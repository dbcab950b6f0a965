import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, originOf } from '../csp.ts';
import { ConfigError, parseConfig } from './config.ts';

describe('config.json', () => {
  it('gives the four settings, base URLs without a trailing slash', () => {
    expect(
      parseConfig({
        auth_url: 'https://auth.example/',
        admin_url: 'https://admin.example',
        client_id: 'console',
        redirect_uri: 'https://console.example/',
      }),
    ).toEqual({
      authUrl: 'https://auth.example',
      adminUrl: 'https://admin.example',
      clientId: 'console',
      redirectUri: 'https://console.example/',
    });
  });

  it('refuses missing settings, non-URLs and plain http outside loopback', () => {
    const valid = {
      auth_url: 'https://auth.example',
      admin_url: 'https://admin.example',
      client_id: 'console',
      redirect_uri: 'https://console.example/',
    };

    expect(() => parseConfig([])).toThrow(ConfigError);
    expect(() => parseConfig({ ...valid, client_id: '' })).toThrow(/client_id/);
    expect(() => parseConfig({ ...valid, admin_url: 'admin.example' })).toThrow(/admin_url/);
    expect(() => parseConfig({ ...valid, auth_url: 'http://auth.example' })).toThrow(/https/);
    expect(parseConfig({ ...valid, auth_url: 'http://127.0.0.1:8443' }).authUrl).toBe(
      'http://127.0.0.1:8443',
    );
  });
});

describe('the Content-Security-Policy', () => {
  it('allows only its own origin and the named API origins, no inline code, no framing', () => {
    const header = contentSecurityPolicy(
      { connect: ['https://auth.example', 'https://admin.example'] },
      'header',
    );

    expect(header).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; font-src 'self'; " +
        "connect-src 'self' https://auth.example https://admin.example; object-src 'none'; base-uri 'none'; " +
        "form-action 'none'; frame-ancestors 'none'",
    );
    expect(header).not.toContain('unsafe');
  });

  it('leaves frame-ancestors out of the meta tag, where browsers ignore it', () => {
    expect(contentSecurityPolicy({ connect: [] }, 'meta')).not.toContain('frame-ancestors');
  });

  it('takes origins, not paths, from the configured URLs', () => {
    expect(originOf('https://admin.example:8443/api/v1/')).toBe('https://admin.example:8443');
    expect(() => originOf('javascript:alert(1)')).toThrow();
  });
});
