import type { JWK } from 'jose';
import { config } from '../config/env.ts';
import type { Es256KeyEntry } from '../crypto/es256-key.ts';
import type { SecretStore } from '../secrets/store.ts';

/*
 * What signing and verifying access tokens share. No zod here: the authorizer verifies every partner
 * request with these and the public JWKS, and never reads the signing key set (shared/auth/signing-keys.ts),
 * so its bundle loads no schema library at all (docs/bench.md, "Cold start").
 */

/** RFC 9068 access tokens: the `typ` header of partner and employee tokens alike. */
export const accessTokenType = 'at+jwt';
export const accessTokenLifetimeSeconds = 3600;
export const clockSkewSeconds = 30;
/**
 * A new key is published this long before it signs anything, longer than any JWKS cache (our verifiers
 * keep theirs 5 minutes, the endpoint allows 300 s), so no verifier ever meets a token whose key it has
 * not loaded yet.
 */
export const publicationLeadSeconds = 10 * 60;

export interface SigningKey extends Es256KeyEntry {
  /** When the key starts signing; absent on keys written before pre-publication: created_at. */
  activates_at?: string | undefined;
  /** When a newer key takes over signing: the key stays published until its last token has expired. */
  retired_at: string | null;
}

/** The signing key set as its secret holds it, newest key first. */
export interface SigningKeySet {
  keys: SigningKey[];
}

export interface PublicJwks {
  keys: JWK[];
}

export async function readPublicJwks(store: SecretStore): Promise<PublicJwks> {
  const raw = await store.get(config().secretIds.jwks);
  if (raw === undefined) return { keys: [] };
  return JSON.parse(raw) as PublicJwks;
}

const activation = (key: SigningKey) => Date.parse(key.activates_at ?? key.created_at);

/** The key new tokens are signed with: the newest one whose activation time has come. */
export function activeKey(set: SigningKeySet, now = new Date()): SigningKey {
  const key = set.keys.find((candidate) => activation(candidate) <= now.getTime()) ?? set.keys.at(-1);
  if (!key) throw new Error('No signing key');
  return key;
}

/** When a published key takes over from the active one, if one is waiting: signers must not cache past it. */
export function nextActivation(set: SigningKeySet, now = new Date()): Date | undefined {
  const pending = set.keys.filter((key) => activation(key) > now.getTime()).map(activation);
  return pending.length === 0 ? undefined : new Date(Math.min(...pending));
}
