import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { z } from 'zod';
import { config } from '../config/env.ts';
import type { SecretStore } from '../secrets/store.ts';

export const accessTokenLifetimeSeconds = 3600;
export const clockSkewSeconds = 30;

const privateKeySchema = z.object({
  kid: z.string(),
  private_jwk: z.record(z.string(), z.unknown()),
  public_jwk: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  /** Set when a newer key took over: the key stays published until its last token has expired. */
  retired_at: z.string().nullable(),
});

const signingKeySetSchema = z.object({ keys: z.array(privateKeySchema).min(1) });

export type SigningKey = z.infer<typeof privateKeySchema>;
export type SigningKeySet = z.infer<typeof signingKeySetSchema>;
export interface PublicJwks {
  keys: JWK[];
}

async function newSigningKey(now: Date): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = `${now.toISOString().slice(0, 10)}-${randomUUID().slice(0, 8)}`;
  return {
    kid,
    private_jwk: { ...(await exportJWK(privateKey)), kid, alg: 'ES256', use: 'sig' },
    public_jwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' },
    created_at: now.toISOString(),
    retired_at: null,
  };
}

/** A retired key stays verifiable for one token lifetime plus skew, so rotation invalidates no live token. */
function stillVerifiable(key: SigningKey, now: Date): boolean {
  if (!key.retired_at) return true;
  const until = Date.parse(key.retired_at) + (accessTokenLifetimeSeconds + clockSkewSeconds) * 1000;
  return now.getTime() < until;
}

export function publicJwks(set: SigningKeySet): PublicJwks {
  return {
    keys: set.keys.map(({ public_jwk }) => {
      const { kty, crv, x, y, kid, alg, use } = public_jwk as JWK;
      return { kty, use, kid, alg, crv, x, y };
    }),
  };
}

export async function readSigningKeys(store: SecretStore): Promise<SigningKeySet | undefined> {
  const raw = await store.get(config().secretIds.signingKeys);
  return raw === undefined ? undefined : signingKeySetSchema.parse(JSON.parse(raw));
}

export async function readPublicJwks(store: SecretStore): Promise<PublicJwks> {
  const raw = await store.get(config().secretIds.jwks);
  if (raw === undefined) return { keys: [] };
  return JSON.parse(raw) as PublicJwks;
}

async function write(store: SecretStore, set: SigningKeySet): Promise<void> {
  const { signingKeys, jwks } = config().secretIds;
  // Publish the public set first: a verifier must know a key before any token signed with it exists.
  await store.put(jwks, JSON.stringify(publicJwks(set)));
  await store.put(signingKeys, JSON.stringify(set));
}

/**
 * Makes a new key the signing key, keeps the previous ones published while their tokens live, and
 * drops the keys nobody can still hold a valid token for. The first call creates the first key.
 */
export async function rotateSigningKeys(store: SecretStore, now = new Date()): Promise<SigningKeySet> {
  const current = await readSigningKeys(store);
  const fresh = await newSigningKey(now);
  const previous = (current?.keys ?? [])
    .map((key) => (key.retired_at ? key : { ...key, retired_at: now.toISOString() }))
    .filter((key) => stillVerifiable(key, now));
  const set = { keys: [fresh, ...previous] };
  await write(store, set);
  return set;
}

/** Creates the first key when none exists; leaves an existing set alone. */
export async function ensureSigningKeys(store: SecretStore, now = new Date()): Promise<SigningKeySet> {
  return (await readSigningKeys(store)) ?? rotateSigningKeys(store, now);
}

/** The key new tokens are signed with: the newest one that is not retired. */
export function activeKey(set: SigningKeySet): SigningKey {
  const key = set.keys.find((candidate) => !candidate.retired_at);
  if (!key) throw new Error('No active signing key');
  return key;
}
