import { KeyObject, randomUUID, sign } from 'node:crypto';
import { config } from '../config/env.ts';
import { onReset } from '../config/reset.ts';
import { secretStore } from '../secrets/store.ts';
import type { Scope, VenueDeviceScope } from '../vocabulary/scopes.ts';
import { accessTokenLifetimeSeconds, accessTokenType } from './keys.ts';
import { type CurrentSigningKey, SigningKeyCache } from './signing-key-cache.ts';
import { readSigningKeys } from './signing-keys.ts';
import { audienceValue } from './tokens.ts';

/*
 * Signing access tokens, apart from verifying them (shared/auth/tokens.ts): the authorizer verifies
 * every request and never signs, so it loads none of this, nor the signing key set's schema.
 */

const signingKeyCacheMs = 5 * 60 * 1000;

/**
 * The key every access token (partner and employee) is signed with: one cache per container, never
 * used past the moment a pre-published successor takes over.
 */
export const serviceSigningKeys = new SigningKeyCache(
  () => readSigningKeys(secretStore()),
  signingKeyCacheMs,
);

/** The node:crypto form of each signing key, made once per key. */
const signingKeyObjects = new WeakMap<object, KeyObject>();

function keyObjectOf(key: CurrentSigningKey['key']): KeyObject {
  if (key instanceof Uint8Array) throw new Error('An ES256 signing key is never a symmetric secret');
  let keyObject = signingKeyObjects.get(key);
  if (!keyObject) {
    keyObject = KeyObject.from(key);
    signingKeyObjects.set(key, keyObject);
  }
  return keyObject;
}

const base64urlJson = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/**
 * An ECDSA P-256 signature as DER (SEQUENCE { INTEGER r, INTEGER s }) in the form JWS requires
 * (RFC 7518 section 3.4): r and s as 32 big-endian bytes each. node:crypto can answer that form itself
 * (`dsaEncoding: 'ieee-p1363'`), but only through its options-object path, which costs about twice
 * the signature (70 against 32 µs of CPU per token, docs/bench.md).
 */
export function joseSignatureFromDer(der: Buffer): Buffer {
  const size = 32;
  const signature = Buffer.alloc(size * 2);
  // A P-256 signature is at most 72 bytes: the SEQUENCE length fits in one byte.
  if (der[0] !== 0x30 || der[1] !== der.length - 2) throw new Error('Not a DER ECDSA signature');
  let offset = 2;
  for (const half of [0, 1]) {
    const length = der[offset + 1] ?? 0;
    if (der[offset] !== 0x02 || length === 0) throw new Error('Not a DER ECDSA signature');
    let value = der.subarray(offset + 2, offset + 2 + length);
    // DER adds a zero byte before a value whose top bit is set; JWS has fixed-width unsigned values.
    while (value.length > size && value[0] === 0) value = value.subarray(1);
    if (value.length > size) throw new Error('Not a P-256 signature');
    value.copy(signature, half * size + size - value.length);
    offset += 2 + length;
  }
  if (offset !== der.length) throw new Error('Not a DER ECDSA signature');
  return signature;
}

/**
 * A compact JWS (RFC 7515) signed with ES256 by node:crypto: the signature is synchronous and costs
 * about a quarter of a WebCrypto one through jose, which also hands it to the thread pool and back
 * (docs/bench.md, Profiles). Verification stays jose's.
 */
function signCompact(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  key: KeyObject,
): string {
  const input = `${base64urlJson(header)}.${base64urlJson(payload)}`;
  const der = sign('sha256', Buffer.from(input, 'ascii'), key);
  return `${input}.${joseSignatureFromDer(der).toString('base64url')}`;
}

export interface PartnerTokenClaims {
  clientId: string;
  accountId: string;
  scopes: readonly Scope[];
  /** The application's token generation (docs/accounts.md, Token generations); the first is 0. */
  tokenGeneration?: number;
}

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
  scopes: readonly Scope[];
}

export async function issuePartnerToken(claims: PartnerTokenClaims, now = new Date()): Promise<IssuedToken> {
  const { kid, key } = await serviceSigningKeys.current(now);
  const iat = Math.floor(now.getTime() / 1000);
  const accessToken = signCompact(
    { alg: 'ES256', typ: accessTokenType, kid },
    {
      account_id: claims.accountId,
      scopes: [...claims.scopes],
      client_id: claims.clientId,
      token_generation: claims.tokenGeneration ?? 0,
      iss: config().tokenIssuer,
      aud: audienceValue('partner'),
      sub: claims.clientId,
      iat,
      exp: iat + accessTokenLifetimeSeconds,
      jti: randomUUID(),
    },
    keyObjectOf(key),
  );
  return { accessToken, expiresIn: accessTokenLifetimeSeconds, scopes: claims.scopes };
}

/**
 * A venue device's token (docs/venues.md, Tokens): `aud` the venue API, bound to the device's DPoP
 * key by `cnf.jkt` (RFC 9449 section 6.1), with the venue it scans for.
 */
export async function issueDeviceToken(
  claims: { deviceId: string; venueId: string; jkt: string; scopes: readonly VenueDeviceScope[] },
  now = new Date(),
): Promise<{ accessToken: string; expiresIn: number; scopes: readonly VenueDeviceScope[] }> {
  const { kid, key } = await serviceSigningKeys.current(now);
  const iat = Math.floor(now.getTime() / 1000);
  const accessToken = signCompact(
    { alg: 'ES256', typ: accessTokenType, kid },
    {
      venue_id: claims.venueId,
      scopes: [...claims.scopes],
      client_id: claims.deviceId,
      cnf: { jkt: claims.jkt },
      iss: config().tokenIssuer,
      aud: config().venueBaseUrl,
      sub: claims.deviceId,
      iat,
      exp: iat + accessTokenLifetimeSeconds,
      jti: randomUUID(),
    },
    keyObjectOf(key),
  );
  return { accessToken, expiresIn: accessTokenLifetimeSeconds, scopes: claims.scopes };
}

/** Tests and the local stage rotate keys in the same process. */
onReset(() => serviceSigningKeys.reset());
