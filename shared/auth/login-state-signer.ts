import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { SignedLoginState } from '../domain/employees/model.ts';
import type { LoginStateSigner, StateVerification } from '../domain/employees/ports.ts';

/** Binds the token to its one use, so no other HS256 token of the service can pass as a login state. */
const stateType = 'login-state+jwt';
const stateAudience = 'employee-login-callback';

/** HS256 needs a key at least as long as its output (RFC 7518 section 3.2). */
const minimumKeyBytes = 32;

export interface LoginStateSignerOptions {
  /** The issuer of employee tokens, so states of another stage never verify here. */
  issuer: string;
  /** The signing key first, then keys still accepted during a rotation (at most 10 minutes). */
  keys: readonly Uint8Array[];
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * The login `state` as a compact JWS (HS256): the browser carries it to the identity provider and
 * back, and only this service can have made it. Expiry is checked without clock tolerance: 10 minutes
 * is already generous.
 */
export function createLoginStateSigner(options: LoginStateSignerOptions): LoginStateSigner {
  const [signingKey] = options.keys;
  if (!signingKey || options.keys.some((key) => key.byteLength < minimumKeyBytes))
    throw new Error(`Login state keys must be at least ${minimumKeyBytes} bytes`);

  return {
    async sign(state: SignedLoginState, expiresAt: Date): Promise<string> {
      return new SignJWT({
        rdu: state.redirectUri,
        cch: state.codeChallenge,
        ast: state.appState,
      })
        .setProtectedHeader({ alg: 'HS256', typ: stateType })
        .setIssuer(options.issuer)
        .setAudience(stateAudience)
        .setJti(state.stateId)
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(signingKey);
    },

    async verify(token: string, now: Date): Promise<StateVerification> {
      for (const key of options.keys) {
        try {
          const { payload } = await jwtVerify(token, key, {
            algorithms: ['HS256'],
            typ: stateType,
            issuer: options.issuer,
            audience: stateAudience,
            currentDate: now,
            requiredClaims: ['exp', 'jti'],
          });
          const stateId = asString(payload.jti);
          const redirectUri = asString(payload.rdu);
          const codeChallenge = asString(payload.cch);
          const appState = asString(payload.ast);
          if (!stateId || !redirectUri || !codeChallenge || !appState)
            return { valid: false, problem: 'invalid' };
          return { valid: true, state: { stateId, redirectUri, codeChallenge, appState } };
        } catch (error) {
          // Only a token whose signature verified can be reported as expired.
          if (error instanceof joseErrors.JWTExpired) return { valid: false, problem: 'expired' };
          if (error instanceof joseErrors.JWSSignatureVerificationFailed) continue;
          return { valid: false, problem: 'invalid' };
        }
      }
      return { valid: false, problem: 'invalid' };
    },
  };
}

const hexKey = /^(?:[0-9a-f]{2}){32,}$/i;

/**
 * The keys of the `loginStateKey` secret: one hex key of at least 256 bits (what CloudFormation
 * generates), or `{"keys": ["<hex>", ...]}` during a rotation, the signing key first and the previous
 * one after it for the 10 minutes a login may take (docs/deploy.md).
 */
export function loginStateKeysFrom(secret: string): Uint8Array[] {
  const trimmed = secret.trim();
  let keys: unknown = [trimmed];
  if (trimmed.startsWith('{')) {
    try {
      keys = (JSON.parse(trimmed) as { keys?: unknown }).keys;
    } catch {
      keys = undefined;
    }
  }
  if (
    !Array.isArray(keys) ||
    keys.length === 0 ||
    !keys.every((key) => typeof key === 'string' && hexKey.test(key))
  )
    throw new Error('The login state key secret must be hex (64+ digits) or {"keys": [hex, ...]}');
  return keys.map((key: string) => Uint8Array.from(Buffer.from(key, 'hex')));
}
