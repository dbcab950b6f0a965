import { randomUUID } from 'node:crypto';
import { config } from '../config/env.ts';
import { onReset } from '../config/reset.ts';
import { signCompactJws } from '../crypto/jws.ts';
import { secretStore } from '../secrets/store.ts';
import type { Scope, VenueDeviceScope } from '../vocabulary/scopes.ts';
import { accessTokenLifetimeSeconds, accessTokenType } from './keys.ts';
import { SigningKeyCache } from './signing-key-cache.ts';
import { readSigningKeys } from './signing-keys.ts';
import { audienceValue } from './tokens.ts';

/*
 * Signing access tokens, apart from verifying them (shared/auth/tokens.ts): the authorizer verifies
 * every request and never signs, so it loads none of this, nor the signing key set's schema.
 */

const signingKeyCacheMs = 5 * 60 * 1000;

/**
 * The signer of every access token (partner and employee): one cache per container, never used past
 * the moment a pre-published successor takes over. In AWS each token is one KMS Sign call.
 */
export const serviceSigningKeys = new SigningKeyCache(
  () => readSigningKeys(secretStore()),
  signingKeyCacheMs,
);

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
  const signer = await serviceSigningKeys.current(now);
  const iat = Math.floor(now.getTime() / 1000);
  const accessToken = await signCompactJws(
    accessTokenType,
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
    signer,
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
  const signer = await serviceSigningKeys.current(now);
  const iat = Math.floor(now.getTime() / 1000);
  const accessToken = await signCompactJws(
    accessTokenType,
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
    signer,
  );
  return { accessToken, expiresIn: accessTokenLifetimeSeconds, scopes: claims.scopes };
}

/** Tests and the local stage rotate keys in the same process. */
onReset(() => serviceSigningKeys.reset());
