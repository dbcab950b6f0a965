import { base64UrlDecode, base64UrlEncode } from './pkce.ts';

/**
 * The OAuth `state` of a login: a random nonce (CSRF protection: the returning state must equal the
 * one this tab sent) and the console route to come back to. The return path travels in the state
 * itself; storage holds only what the redirect cannot carry (see docs/console.md).
 */
export interface PendingLogin {
  state: string;
  verifier: string;
  /** Epoch ms after which the pending login is void (the auth host's own state lives 10 minutes). */
  expiresAt: number;
}

export const pendingLoginLifetimeMs = 10 * 60 * 1000;
export const defaultRoute = '#/accounts';

/** Only console routes (hash paths) are accepted, so a forged state can never send the browser elsewhere. */
export function safeReturnRoute(route: string | null | undefined): string {
  if (typeof route !== 'string') return defaultRoute;
  if (!/^#\/[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/.test(route) || route.length > 1024) return defaultRoute;
  if (route === '#/' || route.startsWith('#/signed-out')) return defaultRoute;
  return route;
}

export function createLoginState(returnRoute: string): string {
  const nonce = base64UrlEncode(crypto.getRandomValues(new Uint8Array(24)));
  const route = base64UrlEncode(new TextEncoder().encode(safeReturnRoute(returnRoute)));
  return `${nonce}.${route}`;
}

export function returnRouteOf(state: string): string {
  const [, encoded] = state.split('.');
  if (!encoded) return defaultRoute;
  try {
    return safeReturnRoute(new TextDecoder('utf-8', { fatal: true }).decode(base64UrlDecode(encoded)));
  } catch {
    return defaultRoute;
  }
}

export function serializePendingLogin(pending: PendingLogin): string {
  return JSON.stringify(pending);
}

/** Reads a stored pending login; anything malformed or expired counts as none. */
export function parsePendingLogin(raw: string | null, nowMs: number): PendingLogin | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const { state, verifier, expiresAt } = value as Record<string, unknown>;
    if (typeof state !== 'string' || typeof verifier !== 'string' || typeof expiresAt !== 'number') {
      return undefined;
    }
    return expiresAt > nowMs ? { state, verifier, expiresAt } : undefined;
  } catch {
    return undefined;
  }
}

export type CallbackCheck =
  | { ok: true; code: string; verifier: string; returnRoute: string }
  | { ok: false; reason: 'no-pending-login' | 'state-mismatch' | 'missing-code'; message: string };

/** Decides whether a return from the login may be exchanged: a code, and exactly the state this tab sent. */
export function checkCallback(params: URLSearchParams, pending: PendingLogin | undefined): CallbackCheck {
  const code = params.get('code');
  const state = params.get('state');
  if (!pending) {
    return {
      ok: false,
      reason: 'no-pending-login',
      message: 'This sign-in was not started in this tab, or it took longer than 10 minutes.',
    };
  }
  if (!state || state !== pending.state) {
    return {
      ok: false,
      reason: 'state-mismatch',
      message: 'The sign-in answer does not belong to this tab.',
    };
  }
  if (!code) {
    return { ok: false, reason: 'missing-code', message: 'The sign-in answer carries no code.' };
  }
  return { ok: true, code, verifier: pending.verifier, returnRoute: returnRouteOf(state) };
}
