import { randomUUID } from 'node:crypto';
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  type JWTPayload,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
} from 'jose';
import { config } from '../config/env.ts';
import { onReset } from '../config/reset.ts';
import { ForbiddenError, UnauthorizedError } from '../domain/errors.ts';
import type { Audience } from '../routes/types.ts';
import { secretStore } from '../secrets/store.ts';
import {
  accessTokenLifetimeSeconds,
  accessTokenType,
  clockSkewSeconds,
  type PublicJwks,
  readPublicJwks,
  readSigningKeys,
} from './keys.ts';
import type { Principal } from './principal.ts';

export { accessTokenType };

import { canonicalScopes, type Scope } from './scopes.ts';
import { SigningKeyCache } from './signing-key-cache.ts';

const signingKeyCacheMs = 5 * 60 * 1000;
const jwksCacheMs = 5 * 60 * 1000;
/** An unknown kid triggers at most one JWKS reload in this window, so garbage tokens cannot flood the store. */
const jwksRefreshFloorMs = 30 * 1000;

export function audienceValue(audience: Audience): string {
  return audience === 'partner' ? config().partnerAudience : config().adminAudience;
}

/**
 * The key every access token (partner and employee) is signed with: one cache per container, never
 * used past the moment a pre-published successor takes over.
 */
export const serviceSigningKeys = new SigningKeyCache(
  () => readSigningKeys(secretStore()),
  signingKeyCacheMs,
);

export interface PartnerTokenClaims {
  clientId: string;
  accountId: string;
  scopes: readonly Scope[];
}

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
  scopes: readonly Scope[];
}

export async function issuePartnerToken(claims: PartnerTokenClaims, now = new Date()): Promise<IssuedToken> {
  const { kid, key } = await serviceSigningKeys.current(now);
  const iat = Math.floor(now.getTime() / 1000);
  const accessToken = await new SignJWT({
    account_id: claims.accountId,
    scopes: [...claims.scopes],
    client_id: claims.clientId,
  })
    .setProtectedHeader({ alg: 'ES256', typ: accessTokenType, kid })
    .setIssuer(config().tokenIssuer)
    .setAudience(audienceValue('partner'))
    .setSubject(claims.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + accessTokenLifetimeSeconds)
    .setJti(randomUUID())
    .sign(key);
  return { accessToken, expiresIn: accessTokenLifetimeSeconds, scopes: claims.scopes };
}

let verificationKeys:
  | { jwks: PublicJwks; resolve: ReturnType<typeof createLocalJWKSet>; loadedAt: number }
  | undefined;

async function loadVerificationKeys(now: number) {
  const jwks = await readPublicJwks(secretStore());
  verificationKeys = {
    jwks,
    resolve: createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]),
    loadedAt: now,
  };
  return verificationKeys;
}

async function keyResolver(kid: string | undefined, now: number) {
  let keys = verificationKeys;
  if (!keys || now - keys.loadedAt > jwksCacheMs) keys = await loadVerificationKeys(now);
  const known = keys.jwks.keys.some((key) => key.kid === kid);
  if (!known && now - keys.loadedAt > jwksRefreshFloorMs) keys = await loadVerificationKeys(now);
  return keys.resolve;
}

function invalid(reason: string, cause?: unknown): UnauthorizedError {
  return new UnauthorizedError(`The access token is not valid: ${reason}.`, {
    cause,
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  });
}

function describeJoseError(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'it has expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return `claim ${error.claim} failed (${error.reason})`;
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'only ES256 is accepted';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'unknown signing key';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'bad signature';
  return 'malformed token';
}

/**
 * Verifies signature (ES256 only), typ, issuer and lifetime (30 s skew), then checks the audience
 * against the kinds the route accepts: a valid token for the wrong audience is 403, not 401.
 */
export async function verifyAccessToken(
  token: string,
  accepted: readonly Audience[],
  now = new Date(),
): Promise<Principal> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch (error) {
    throw invalid('malformed token', error);
  }
  let payload: JWTPayload;
  try {
    const resolve = await keyResolver(header.kid, now.getTime());
    ({ payload } = await jwtVerify(token, resolve, {
      algorithms: ['ES256'],
      typ: accessTokenType,
      issuer: config().tokenIssuer,
      clockTolerance: clockSkewSeconds,
      currentDate: now,
      requiredClaims: ['exp', 'iat', 'jti', 'sub', 'aud'],
    }));
  } catch (error) {
    throw invalid(describeJoseError(error), error);
  }
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (typeof payload.iat !== 'number' || payload.iat > nowSeconds + clockSkewSeconds)
    throw invalid('issued in the future');
  if (typeof payload.jti !== 'string' || typeof payload.sub !== 'string') throw invalid('bad jti or sub');

  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  const kind = (['partner', 'employee'] as const).find((candidate) =>
    audiences.includes(audienceValue(candidate)),
  );
  if (!kind || !accepted.includes(kind)) {
    throw new ForbiddenError('The access token was issued for another audience.', {
      details: { expected_aud: accepted.map(audienceValue), provided_aud: payload.aud ?? null },
    });
  }

  const scopes = payload.scopes;
  if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string'))
    throw invalid('scopes claim missing');
  const granted = canonicalScopes(scopes);
  if (kind === 'partner') {
    if (typeof payload.account_id !== 'string' || payload.account_id.length === 0)
      throw invalid('account_id claim missing');
    return {
      kind,
      accountId: payload.account_id,
      subject: payload.sub,
      scopes: granted,
      tokenId: payload.jti,
    };
  }
  const roles = payload.roles;
  return {
    kind,
    subject: payload.sub,
    scopes: granted,
    ...(Array.isArray(roles)
      ? { roles: roles.filter((role): role is string => typeof role === 'string') }
      : {}),
    tokenId: payload.jti,
  };
}

/** Tests and the local stage rotate keys in the same process. */
function resetTokenCaches(): void {
  serviceSigningKeys.reset();
  verificationKeys = undefined;
}
onReset(resetTokenCaches);
