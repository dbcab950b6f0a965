import type { JWK } from 'jose';
import * as z from 'zod';
import { config } from '../config/env.ts';
import { es256KeyEntryFields, newEs256KeyEntry, publicJwksOf } from '../crypto/es256-key.ts';
import type { SecretStore } from '../secrets/store.ts';
import { builtOnce } from '../util/built-once.ts';

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

/** Built on first use: the authorizer verifies with the public JWKS and never reads this set. */
const signingKeySetSchema = builtOnce(() =>
  z.object({
    keys: z
      .array(
        z.object({
          ...es256KeyEntryFields(),
          /** When the key starts signing; absent on keys written before pre-publication: created_at. */
          activates_at: z.string().optional(),
          /** When a newer key takes over signing: the key stays published until its last token has expired. */
          retired_at: z.string().nullable(),
        }),
      )
      .min(1),
  }),
);

export type SigningKeySet = z.infer<ReturnType<typeof signingKeySetSchema>>;
export type SigningKey = SigningKeySet['keys'][number];
export interface PublicJwks {
  keys: JWK[];
}

async function newSigningKey(now: Date, activatesAt: Date): Promise<SigningKey> {
  return { ...(await newEs256KeyEntry('', now)), activates_at: activatesAt.toISOString(), retired_at: null };
}

const activation = (key: SigningKey) => Date.parse(key.activates_at ?? key.created_at);

/** A retired key stays verifiable for one token lifetime plus skew, so rotation invalidates no live token. */
function stillVerifiable(key: SigningKey, now: Date): boolean {
  if (!key.retired_at) return true;
  const until = Date.parse(key.retired_at) + (accessTokenLifetimeSeconds + clockSkewSeconds) * 1000;
  return now.getTime() < until;
}

export function publicJwks(set: SigningKeySet): PublicJwks {
  return publicJwksOf(set.keys);
}

export async function readSigningKeys(store: SecretStore): Promise<SigningKeySet | undefined> {
  const raw = await store.get(config().secretIds.signingKeys);
  return raw === undefined ? undefined : signingKeySetSchema().parse(JSON.parse(raw));
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
 * Adds a key that takes over signing after the publication lead (at once when it is the first key),
 * keeps the previous ones published while their tokens live, and drops the keys nobody can still hold
 * a valid token for. Keys are kept newest first.
 */
export async function rotateSigningKeys(store: SecretStore, now = new Date()): Promise<SigningKeySet> {
  const current = (await readSigningKeys(store))?.keys ?? [];
  const activatesAt = current.length === 0 ? now : new Date(now.getTime() + publicationLeadSeconds * 1000);
  const fresh = await newSigningKey(now, activatesAt);
  const previous = current
    .map((key) => (key.retired_at ? key : { ...key, retired_at: activatesAt.toISOString() }))
    .filter((key) => stillVerifiable(key, now));
  const set = { keys: [fresh, ...previous] };
  await write(store, set);
  return set;
}

/** Creates the first key when none exists; leaves an existing set alone. */
export async function ensureSigningKeys(store: SecretStore, now = new Date()): Promise<SigningKeySet> {
  return (await readSigningKeys(store)) ?? rotateSigningKeys(store, now);
}

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
