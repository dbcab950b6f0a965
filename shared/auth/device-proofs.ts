import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, EmbeddedJWK, importJWK, type JWK, jwtVerify } from 'jose';
import type { DevicePublicJwk } from '../domain/venues/model.ts';

/*
 * The two proofs a venue device presents (docs/venues.md, Tokens), verified with jose: its client
 * assertion (RFC 7523 `private_key_jwt`), signed by the key it enrolled, and DPoP proofs (RFC 9449),
 * which carry their public key in the header. ES256 only.
 */

/** Clock skew allowed on every time claim, as for access tokens. */
export const proofClockToleranceSeconds = 30;
/** A DPoP proof is fresh for this long after its `iat` (plus the skew): its `jti` is kept as long. */
export const dpopProofMaxAgeSeconds = 120;
/** The longest a client assertion may live (`exp` - now), RFC 7523 section 3 leaves it to the server. */
export const clientAssertionMaxLifetimeSeconds = 300;

/** A proof that does not verify; the caller decides how it is answered (OAuth error or WWW-Authenticate). */
export class InvalidProofError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'InvalidProofError';
  }
}

async function verified<T>(run: () => Promise<T>, what: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof InvalidProofError) throw error;
    throw new InvalidProofError(`${what}: ${error instanceof Error ? error.message : 'invalid'}`, {
      cause: error,
    });
  }
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The device's client assertion: ES256 by its enrolled key, `iss` = `sub` = the device id, `aud` the
 * token endpoint URL, `exp` at most five minutes ahead and a `jti` (kept until `exp` so it is used once).
 */
export async function verifyClientAssertion(
  assertion: string,
  device: { deviceId: string; publicJwk: DevicePublicJwk },
  expected: { tokenUrl: string; now: Date },
): Promise<{ jti: string; keepUntil: Date }> {
  return verified(async () => {
    const key = await importJWK({ ...device.publicJwk }, 'ES256');
    const { payload } = await jwtVerify(assertion, key, {
      algorithms: ['ES256'],
      issuer: device.deviceId,
      subject: device.deviceId,
      audience: expected.tokenUrl,
      requiredClaims: ['exp', 'jti'],
      clockTolerance: proofClockToleranceSeconds,
      currentDate: expected.now,
    });
    const exp = payload.exp ?? 0;
    if (exp - seconds(expected.now) > clientAssertionMaxLifetimeSeconds + proofClockToleranceSeconds)
      throw new InvalidProofError(
        `client_assertion: exp is more than ${clientAssertionMaxLifetimeSeconds} s ahead`,
      );
    if (typeof payload.jti !== 'string' || payload.jti.length > 256)
      throw new InvalidProofError('client_assertion: jti must be a string of at most 256 characters');
    return { jti: payload.jti, keepUntil: new Date((exp + proofClockToleranceSeconds) * 1000) };
  }, 'client_assertion');
}

/** RFC 9449 section 4.2: the request's URI without query and fragment. */
function targetUri(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** `ath`: base64url of the SHA-256 of the access token (RFC 9449 section 4.2). */
export const accessTokenHash = (accessToken: string) =>
  createHash('sha256').update(accessToken, 'ascii').digest('base64url');

export interface VerifiedDpopProof {
  /** RFC 7638 thumbprint of the proof's key: what a bound token's `cnf.jkt` must equal. */
  jkt: string;
  jti: string;
  /** The jti is spent until then: after it, the proof is too old anyway. */
  keepUntil: Date;
}

/**
 * A DPoP proof for one request: `typ: dpop+jwt`, ES256 by the public key in its `jwk` header (a
 * private key there is refused), `htm` and `htu` those of the request, `iat` within
 * `dpopProofMaxAgeSeconds` (30 s of skew either side), a `jti`, and with an access token its `ath`.
 */
export async function verifyDpopProof(
  proof: string,
  request: { method: string; url: string; now: Date; accessToken?: string },
): Promise<VerifiedDpopProof> {
  return verified(async () => {
    const { payload, protectedHeader } = await jwtVerify(proof, EmbeddedJWK, {
      typ: 'dpop+jwt',
      algorithms: ['ES256'],
      requiredClaims: ['iat', 'jti', 'htm', 'htu'],
      maxTokenAge: dpopProofMaxAgeSeconds,
      clockTolerance: proofClockToleranceSeconds,
      currentDate: request.now,
    });
    const iat = payload.iat ?? 0;
    if (iat > seconds(request.now) + proofClockToleranceSeconds)
      throw new InvalidProofError('DPoP proof: iat is in the future');
    if (payload.htm !== request.method)
      throw new InvalidProofError('DPoP proof: htm is not the request method');
    if (
      typeof payload.htu !== 'string' ||
      !URL.canParse(payload.htu) ||
      targetUri(payload.htu) !== targetUri(request.url)
    )
      throw new InvalidProofError('DPoP proof: htu is not the request URI');
    if (typeof payload.jti !== 'string' || payload.jti.length > 256)
      throw new InvalidProofError('DPoP proof: jti must be a string of at most 256 characters');
    if (request.accessToken !== undefined && payload.ath !== accessTokenHash(request.accessToken))
      throw new InvalidProofError('DPoP proof: ath does not match the access token');
    const jwk = protectedHeader.jwk as JWK;
    return {
      jkt: await calculateJwkThumbprint(jwk, 'sha256'),
      jti: payload.jti,
      keepUntil: new Date((iat + dpopProofMaxAgeSeconds + 2 * proofClockToleranceSeconds) * 1000),
    };
  }, 'DPoP proof');
}
