import {
  createLocalJWKSet,
  decodeProtectedHeader,
  type JWTPayload,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import { config } from '../config/env.ts';
import { onReset } from '../config/reset.ts';
import { ForbiddenError, UnauthorizedError } from '../domain/errors.ts';
import type { Audience } from '../routes/types.ts';
import { secretStore } from '../secrets/store.ts';
import { LruMap } from '../util/lru-map.ts';
import { canonicalScopes } from '../vocabulary/scopes.ts';
import { accessTokenType, clockSkewSeconds, readPublicJwks } from './keys.ts';
import type { Principal } from './principal.ts';

export { accessTokenType };

const jwksCacheMs = 5 * 60 * 1000;
/** An unknown kid triggers at most one JWKS reload in this window, so garbage tokens cannot flood the store. */
const jwksRefreshFloorMs = 30 * 1000;

export function audienceValue(audience: Audience): string {
  if (audience === 'device') return config().venueBaseUrl;
  return audience === 'partner' ? config().partnerAudience : config().adminAudience;
}

interface VerificationKeys {
  kids: Set<string | undefined>;
  resolve: ReturnType<typeof createLocalJWKSet>;
  loadedAt: number;
}

let verificationKeys: VerificationKeys | undefined;

async function loadVerificationKeys(now: number): Promise<VerificationKeys> {
  const jwks = await readPublicJwks(secretStore());
  verificationKeys = {
    kids: new Set(jwks.keys.map((key) => key.kid)),
    resolve: createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]),
    loadedAt: now,
  };
  return verificationKeys;
}

async function keyResolver(kid: string | undefined, now: number): Promise<VerificationKeys> {
  let keys = verificationKeys;
  if (!keys || now - keys.loadedAt > jwksCacheMs) keys = await loadVerificationKeys(now);
  if (!keys.kids.has(kid) && now - keys.loadedAt > jwksRefreshFloorMs) keys = await loadVerificationKeys(now);
  return keys;
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

/** What a verified token proves, kept per token: every later check is a comparison. */
interface VerifiedToken {
  kid: string | undefined;
  exp: number;
  nbf: number | undefined;
  iat: number;
  aud: JWTPayload['aud'];
  kind: Audience | undefined;
  /**
   * Undefined when the token named no audience of ours (403 on every route); the 401 to answer when
   * its claims do not make a principal, which comes after the audience check as for a fresh token.
   */
  principal: Principal | { refusal: string } | undefined;
}

/**
 * Tokens this container verified, by their exact text, until they expire. A partner sends the same
 * token for up to an hour, and an ES256 verification is most of a warm request's CPU (docs/bench.md,
 * Profiles): a repeat costs a map lookup and the checks that depend on the time. Only tokens whose
 * signature and claims verified get in; the key must still be in the published set this container
 * holds (reloaded as for a full verification), so removing a key from the JWKS ends its tokens here
 * as it does for new ones. Revocation (a disabled application or account, a rotated secret) is checked
 * after this, on every request (shared/auth/principal-status.ts).
 */
const verifiedTokens = new LruMap<string, VerifiedToken>(1000);

/** The claims that depend on the time, as jose checks them, against a token verified before. */
function stillValid(verified: VerifiedToken, nowSeconds: number): boolean {
  return (
    nowSeconds - clockSkewSeconds < verified.exp &&
    (verified.nbf === undefined || verified.nbf <= nowSeconds + clockSkewSeconds)
  );
}

async function verifiedToken(token: string, now: Date): Promise<VerifiedToken> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const known = verifiedTokens.get(token);
  if (known && stillValid(known, nowSeconds)) {
    const keys = await keyResolver(known.kid, now.getTime());
    if (keys.kids.has(known.kid)) return known;
  }
  if (known) verifiedTokens.delete(token);

  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch (error) {
    throw invalid('malformed token', error);
  }
  let payload: JWTPayload;
  try {
    const keys = await keyResolver(header.kid, now.getTime());
    ({ payload } = await jwtVerify(token, keys.resolve, {
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
  if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') throw invalid('bad iat or exp');
  if (typeof payload.jti !== 'string' || typeof payload.sub !== 'string') throw invalid('bad jti or sub');

  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  const kind = (['partner', 'employee', 'device'] as const).find((candidate) =>
    audiences.includes(audienceValue(candidate)),
  );
  const verified: VerifiedToken = {
    kid: header.kid,
    exp: payload.exp,
    nbf: typeof payload.nbf === 'number' ? payload.nbf : undefined,
    iat: payload.iat,
    aud: payload.aud,
    kind,
    principal: kind ? principalOf(kind, payload) : undefined,
  };
  verifiedTokens.set(token, verified);
  return verified;
}

/** The principal a verified payload makes, or why it makes none (a 401 reason). */
function principalOf(kind: Audience, payload: JWTPayload): Principal | { refusal: string } {
  const scopes = payload.scopes;
  if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string'))
    return { refusal: 'scopes claim missing' };
  const granted = canonicalScopes(scopes);
  const subject = payload.sub as string;
  const tokenId = payload.jti as string;
  if (kind === 'partner') {
    if (typeof payload.account_id !== 'string' || payload.account_id.length === 0)
      return { refusal: 'account_id claim missing' };
    // A token issued before generations were introduced names none: the first generation.
    const tokenGeneration = payload.token_generation ?? 0;
    if (typeof tokenGeneration !== 'number' || !Number.isSafeInteger(tokenGeneration))
      return { refusal: 'bad token_generation claim' };
    return { kind, accountId: payload.account_id, subject, scopes: granted, tokenId, tokenGeneration };
  }
  if (kind === 'device') {
    const cnf = payload.cnf as { jkt?: unknown } | undefined;
    if (typeof payload.venue_id !== 'string' || typeof cnf?.jkt !== 'string')
      return { refusal: 'venue_id or cnf.jkt claim missing' };
    return { kind, subject, venueId: payload.venue_id, jkt: cnf.jkt, scopes: granted, tokenId };
  }
  const roles = payload.roles;
  return {
    kind,
    subject,
    scopes: granted,
    ...(Array.isArray(roles)
      ? { roles: roles.filter((role): role is string => typeof role === 'string') }
      : {}),
    tokenId,
    issuedAt: payload.iat as number,
  };
}

/**
 * Verifies signature (ES256 only), typ, issuer and lifetime (30 s skew), then checks the audience
 * against the kinds the route accepts: a valid token for the wrong audience is 403, not 401. A token
 * verified before is taken from the container's cache, its time checks made again.
 */
export async function verifyAccessToken(
  token: string,
  accepted: readonly Audience[],
  now = new Date(),
): Promise<Principal> {
  const verified = await verifiedToken(token, now);
  if (verified.iat > Math.floor(now.getTime() / 1000) + clockSkewSeconds)
    throw invalid('issued in the future');
  if (!verified.kind || !accepted.includes(verified.kind)) {
    throw new ForbiddenError('The access token was issued for another audience.', {
      details: { expected_aud: accepted.map(audienceValue), provided_aud: verified.aud ?? null },
    });
  }
  if (!verified.principal) throw new Error('A token of a known audience verified without a principal');
  if ('refusal' in verified.principal) throw invalid(verified.principal.refusal);
  return verified.principal;
}

/** Tests and the local stage rotate keys in the same process. */
function resetTokenCaches(): void {
  verificationKeys = undefined;
  verifiedTokens.clear();
}
onReset(resetTokenCaches);
