import { config } from '../config/env.ts';
import { newEs256KeyEntry, publicJwksOf } from '../crypto/es256-key.ts';
import { type SigningKeyVault, signingKeyVault } from '../crypto/signing-key-vault.ts';
import type { SecretStore } from '../secrets/store.ts';
import {
  accessTokenLifetimeSeconds,
  clockSkewSeconds,
  type PublicJwks,
  publicationLeadSeconds,
  type SigningKey,
  type SigningKeySet,
} from './keys.ts';

async function newSigningKey(vault: SigningKeyVault, now: Date, activatesAt: Date): Promise<SigningKey> {
  return {
    ...(await newEs256KeyEntry(vault, 'access-token', '', now)),
    activates_at: activatesAt.toISOString(),
    retired_at: null,
  };
}

/** A retired key stays verifiable for one token lifetime plus skew, so rotation invalidates no live token. */
function stillVerifiable(key: SigningKey, now: Date): boolean {
  if (!key.retired_at) return true;
  const until = Date.parse(key.retired_at) + (accessTokenLifetimeSeconds + clockSkewSeconds) * 1000;
  return now.getTime() < until;
}

/** A key a set written before KMS signing holds as a JWK: once it signs no more, its private half goes. */
function withoutPrivateJwkOnceRetired(key: SigningKey, now: Date): SigningKey {
  if (key.private_jwk === undefined || !key.retired_at || Date.parse(key.retired_at) > now.getTime())
    return key;
  const { private_jwk: _, ...rest } = key;
  return rest;
}

export function publicJwks(set: SigningKeySet): PublicJwks {
  return publicJwksOf(set.keys);
}

export async function readSigningKeys(store: SecretStore): Promise<SigningKeySet | undefined> {
  const raw = await store.get(config().secretIds.signingKeys);
  if (raw === undefined) return undefined;
  // zod and the schema load with the first read of the secret, not at every cold start.
  const { parseSigningKeySet } = await import('./signing-key-set.ts');
  return parseSigningKeySet(raw);
}

async function write(store: SecretStore, set: SigningKeySet): Promise<void> {
  const { signingKeys, jwks } = config().secretIds;
  // Publish the public set first: a verifier must know a key before any token signed with it exists.
  await store.put(jwks, JSON.stringify(publicJwks(set)));
  await store.put(signingKeys, JSON.stringify(set));
}

/**
 * Adds a key (in the vault, by default the stage's: KMS in AWS) that takes over signing after the publication lead (at once
 * when it is the first key), keeps the previous ones published while their tokens live, and drops the
 * keys nobody can still hold a valid token for, retiring them in the vault once the set no longer
 * names them. Keys are kept newest first.
 */
export async function rotateSigningKeys(
  store: SecretStore,
  now = new Date(),
  vault?: SigningKeyVault,
): Promise<SigningKeySet> {
  vault ??= await signingKeyVault();
  const current = (await readSigningKeys(store))?.keys ?? [];
  const activatesAt = current.length === 0 ? now : new Date(now.getTime() + publicationLeadSeconds * 1000);
  const fresh = await newSigningKey(vault, now, activatesAt);
  const retiring = current.map((key) =>
    key.retired_at ? key : { ...key, retired_at: activatesAt.toISOString() },
  );
  const previous = retiring
    .filter((key) => stillVerifiable(key, now))
    .map((key) => withoutPrivateJwkOnceRetired(key, now));
  const set = { keys: [fresh, ...previous] };
  await write(store, set);
  for (const dropped of retiring.filter((key) => !stillVerifiable(key, now)))
    if (dropped.key_ref !== undefined) await vault.retire(dropped.key_ref);
  return set;
}

/** Creates the first key when none exists; leaves an existing set alone. */
export async function ensureSigningKeys(
  store: SecretStore,
  now = new Date(),
  vault?: SigningKeyVault,
): Promise<SigningKeySet> {
  return (await readSigningKeys(store)) ?? rotateSigningKeys(store, now, vault);
}
