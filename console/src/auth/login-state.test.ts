import { describe, expect, it } from 'vitest';
import {
  checkCallback,
  createLoginState,
  defaultRoute,
  type PendingLogin,
  parsePendingLogin,
  returnRouteOf,
  safeReturnRoute,
  serializePendingLogin,
} from './login-state.ts';

const now = 1_800_000_000_000;

function pendingFor(route: string): PendingLogin {
  return { state: createLoginState(route), verifier: 'v'.repeat(43), expiresAt: now + 60_000 };
}

describe('the login state', () => {
  it('carries the route to come back to inside the state itself', () => {
    const state = createLoginState('#/accounts/0b7c3f4e-1111-4222-8333-444455556666');

    expect(returnRouteOf(state)).toBe('#/accounts/0b7c3f4e-1111-4222-8333-444455556666');
  });

  it('is different for two logins to the same page', () => {
    expect(createLoginState('#/audit-log')).not.toBe(createLoginState('#/audit-log'));
  });

  it('sends anything that is not a console route to the default page', () => {
    expect(safeReturnRoute('https://evil.example/')).toBe(defaultRoute);
    expect(safeReturnRoute('//evil.example')).toBe(defaultRoute);
    expect(safeReturnRoute('#/accounts"><script>')).toBe(defaultRoute);
    expect(safeReturnRoute('#/signed-out')).toBe(defaultRoute);
    expect(safeReturnRoute(undefined)).toBe(defaultRoute);
    expect(safeReturnRoute('#/catalog/lounges?x=1')).toBe('#/catalog/lounges?x=1');
  });

  it('falls back to the default page when the state carries no readable route', () => {
    expect(returnRouteOf('nonce-only')).toBe(defaultRoute);
    expect(returnRouteOf('nonce.%%%')).toBe(defaultRoute);
  });
});

describe('the pending login kept across the redirect', () => {
  it('reads back what was stored while it is fresh', () => {
    const pending = pendingFor('#/accounts');

    expect(parsePendingLogin(serializePendingLogin(pending), now)).toEqual(pending);
  });

  it('counts as none once expired, malformed or missing', () => {
    const pending = pendingFor('#/accounts');

    expect(parsePendingLogin(serializePendingLogin(pending), pending.expiresAt)).toBeUndefined();
    expect(parsePendingLogin('{"state":1}', now)).toBeUndefined();
    expect(parsePendingLogin('not json', now)).toBeUndefined();
    expect(parsePendingLogin(null, now)).toBeUndefined();
  });
});

describe('the check of a login return', () => {
  it('accepts the code when the state is exactly the one this tab sent', () => {
    const pending = pendingFor('#/catalog/hubs');
    const params = new URLSearchParams({ code: 'one-time', state: pending.state });

    expect(checkCallback(params, pending)).toEqual({
      ok: true,
      code: 'one-time',
      verifier: pending.verifier,
      returnRoute: '#/catalog/hubs',
    });
  });

  it('refuses a return whose state differs from the one sent', () => {
    const pending = pendingFor('#/accounts');
    const forged = new URLSearchParams({ code: 'one-time', state: createLoginState('#/accounts') });

    expect(checkCallback(forged, pending)).toMatchObject({ ok: false, reason: 'state-mismatch' });
  });

  it('refuses a return when this tab started no login', () => {
    const params = new URLSearchParams({ code: 'one-time', state: 'anything' });

    expect(checkCallback(params, undefined)).toMatchObject({ ok: false, reason: 'no-pending-login' });
  });

  it('refuses a return without a code', () => {
    const pending = pendingFor('#/accounts');

    expect(checkCallback(new URLSearchParams({ state: pending.state }), pending)).toMatchObject({
      ok: false,
      reason: 'missing-code',
    });
  });
});
