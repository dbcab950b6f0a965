import { base64UrlDecode } from './pkce.ts';

export type Role = 'admin' | 'support';

/** What the console reads from its access token; the admin API verifies the token, the console does not. */
export interface EmployeeClaims {
  sub: string;
  roles: Role[];
  scopes: string[];
  name?: string;
}

export interface EmployeeSession {
  accessToken: string;
  claims: EmployeeClaims;
  /** Epoch ms (this browser's clock) when the token stops working. */
  expiresAt: number;
}

/** Sign in again this long before the token expires, so no request goes out with a token about to lapse. */
export const renewMarginMs = 60_000;

function stringArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (typeof value === 'string') return value.split(' ').filter(Boolean);
  return [];
}

export function decodeClaims(accessToken: string): EmployeeClaims & { exp?: number } {
  const parts = accessToken.split('.');
  if (parts.length !== 3 || !parts[1]) throw new Error('The access token is not a JWT');
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(base64UrlDecode(parts[1])));
  } catch {
    throw new Error('The access token payload is not JSON');
  }
  if (typeof payload !== 'object' || payload === null)
    throw new Error('The access token payload is not an object');
  const claims = payload as Record<string, unknown>;
  if (typeof claims.sub !== 'string' || claims.sub === '') throw new Error('The access token has no subject');
  const roles = stringArray(claims.roles).filter(
    (role): role is Role => role === 'admin' || role === 'support',
  );
  return {
    sub: claims.sub,
    roles,
    scopes: stringArray(claims.scopes ?? claims.scope),
    ...(typeof claims.name === 'string' ? { name: claims.name } : {}),
    ...(typeof claims.exp === 'number' ? { exp: claims.exp } : {}),
  };
}

/**
 * The expiry counted from `expires_in` on this browser's clock, so a skewed local clock cannot make a
 * fresh token look expired; the `exp` claim is the fallback when the answer lacks `expires_in`.
 */
export function sessionFromTokenResponse(
  response: { access_token: string; expires_in?: number },
  receivedAtMs: number,
): EmployeeSession {
  const { exp, ...claims } = decodeClaims(response.access_token);
  const expiresAt =
    typeof response.expires_in === 'number' && response.expires_in > 0
      ? receivedAtMs + response.expires_in * 1000
      : typeof exp === 'number'
        ? exp * 1000
        : receivedAtMs;
  return { accessToken: response.access_token, claims, expiresAt };
}

/** Milliseconds until the console should send the employee through the login again (0: now). */
export function msUntilRenewal(session: EmployeeSession, nowMs: number): number {
  return Math.max(0, session.expiresAt - renewMarginMs - nowMs);
}

export function isUsable(session: EmployeeSession | undefined, nowMs: number): session is EmployeeSession {
  return session !== undefined && msUntilRenewal(session, nowMs) > 0;
}
