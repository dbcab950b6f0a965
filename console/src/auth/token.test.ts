import { describe, expect, it } from 'vitest';
import { base64UrlEncode } from './pkce.ts';
import { canWrite, roleLabel } from './roles.ts';
import { decodeClaims, isUsable, msUntilRenewal, renewMarginMs, sessionFromTokenResponse } from './token.ts';

function jwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => base64UrlEncode(new TextEncoder().encode(JSON.stringify(value)));
  return `${part({ alg: 'ES256', typ: 'at+jwt' })}.${part(payload)}.signature`;
}

const now = 1_800_000_000_000;

describe('the access token claims', () => {
  it('give the subject, the known roles and the scopes', () => {
    const claims = decodeClaims(
      jwt({ sub: 'emp-1', roles: ['support', 'auditor'], scopes: ['identity.account:read'], exp: 1 }),
    );

    expect(claims).toEqual({ sub: 'emp-1', roles: ['support'], scopes: ['identity.account:read'], exp: 1 });
  });

  it('accept scopes as a space-separated string too', () => {
    expect(decodeClaims(jwt({ sub: 'emp-1', scope: 'a b' })).scopes).toEqual(['a', 'b']);
  });

  it('refuse a token that is not a JWT or has no subject', () => {
    expect(() => decodeClaims('opaque')).toThrow(/not a JWT/);
    expect(() => decodeClaims(jwt({ roles: ['admin'] }))).toThrow(/no subject/);
    expect(() => decodeClaims('a.!!!.c')).toThrow();
  });
});

describe('the token lifetime', () => {
  it('counts from expires_in on this browser clock, whatever the exp claim says', () => {
    const session = sessionFromTokenResponse(
      { access_token: jwt({ sub: 'emp-1', exp: 1 }), expires_in: 3600 },
      now,
    );

    expect(session.expiresAt).toBe(now + 3_600_000);
    expect(msUntilRenewal(session, now)).toBe(3_600_000 - renewMarginMs);
  });

  it('falls back to the exp claim when the answer has no expires_in', () => {
    const session = sessionFromTokenResponse(
      { access_token: jwt({ sub: 'emp-1', exp: now / 1000 + 120 }) },
      now,
    );

    expect(session.expiresAt).toBe(now + 120_000);
  });

  it('is no longer usable within the renewal margin before expiry, so a new login starts in time', () => {
    const session = sessionFromTokenResponse({ access_token: jwt({ sub: 'emp-1' }), expires_in: 3600 }, now);

    expect(isUsable(session, now + 3_600_000 - renewMarginMs - 1)).toBe(true);
    expect(isUsable(session, now + 3_600_000 - renewMarginMs)).toBe(false);
    expect(msUntilRenewal(session, now + 4_000_000)).toBe(0);
    expect(isUsable(undefined, now)).toBe(false);
  });
});

describe('role gating', () => {
  it('lets only the admin role write', () => {
    expect(canWrite({ roles: ['admin'] })).toBe(true);
    expect(canWrite({ roles: ['support', 'admin'] })).toBe(true);
    expect(canWrite({ roles: ['support'] })).toBe(false);
    expect(canWrite({ roles: [] })).toBe(false);
    expect(canWrite(undefined)).toBe(false);
  });

  it('names the role shown beside the employee', () => {
    expect(roleLabel({ roles: ['admin'] })).toBe('Administrator');
    expect(roleLabel({ roles: ['support'] })).toBe('Support (read-only)');
    expect(roleLabel({ roles: [] })).toBe('No role (read-only)');
  });
});
