import { compactVerify, createLocalJWKSet, type JWK, jwtVerify } from 'jose';
import { type Es256KeyEntry, newEs256KeyEntry, publicJwksOf, signerOf } from '../crypto/es256-key.ts';
import { type Es256Signer, signCompactJws } from '../crypto/jws.ts';
import { type SigningKeyVault, signingKeyVault } from '../crypto/signing-key-vault.ts';
import type { ServiceType } from '../domain/booking/model.ts';
import type { PassSigner } from '../domain/booking/ports.ts';
import type { SecretStore } from '../secrets/store.ts';
import { processMillis } from '../util/clock.ts';

/**
 * Pass QR payloads: compact JWS (ES256) signed with a key of their own, not the access-token key, so
 * scanners trust nothing that could open the API and a pass key can rotate on its own schedule. The
 * key set secret holds `{keys: [...]}`, newest first, each naming where its private key lives (KMS in
 * AWS, a key file locally) and its public half; the first key signs, every listed key stays
 * published (GET /.well-known/pass-keys.json, from the public secret) so passes signed before a
 * rotation keep verifying.
 */
export const passTokenType = 'pass+jwt';

/** The pass keys' set (no private key in it), newest first. */
export interface PassSigningKeySet {
  keys: Es256KeyEntry[];
}

/**
 * The secrets' and the claims' schemas load with the first key read or pass verified: the booking
 * processor and the recovery sweep load this module at init, and a sweep that finds nothing to recover
 * never reads a key.
 */
const schemas = () => import('./pass-signing-stored.ts');

export interface PassTokenClaims {
  passId: string;
  bookingId: string;
  serviceType: ServiceType;
  serviceId: string;
  guestsCount: number;
  validFrom: string;
  validUntil: string;
}

export async function newPassSigningKeySet(
  vault: SigningKeyVault,
  now = new Date(),
): Promise<PassSigningKeySet> {
  return { keys: [await newEs256KeyEntry(vault, 'pass', 'pass-', now)] };
}

export function passJwks(set: PassSigningKeySet): { keys: JWK[] } {
  return publicJwksOf(set.keys);
}

const seconds = (time: string) => Math.floor(Date.parse(time) / 1000);

/** The signer of a set's active key: its first. */
export function activePassSigner(
  set: PassSigningKeySet,
  vault: () => Promise<SigningKeyVault> = signingKeyVault,
): Promise<Es256Signer> {
  const active = set.keys[0];
  if (!active) throw new Error('The pass signing key set is empty');
  return signerOf(active, vault);
}

/** Short claim names keep the QR code small enough to scan from a phone screen. */
export function signPassToken(signer: Es256Signer, claims: PassTokenClaims): Promise<string> {
  return signCompactJws(
    passTokenType,
    {
      bid: claims.bookingId,
      svc: claims.serviceType,
      sid: claims.serviceId,
      gst: claims.guestsCount,
      sub: claims.passId,
      iat: seconds(claims.validFrom),
      nbf: seconds(claims.validFrom),
      exp: seconds(claims.validUntil),
    },
    signer,
  );
}

/**
 * What a scanner does, offline: check the signature against the published key set, `typ`, and the
 * validity window (30 s of clock skew). Throws when any check fails.
 */
export async function verifyPassToken(
  token: string,
  jwks: { keys: JWK[] },
  now: Date = new Date(),
): Promise<PassTokenClaims> {
  const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
    algorithms: ['ES256'],
    typ: passTokenType,
    clockTolerance: 30,
    currentDate: now,
    requiredClaims: ['sub', 'nbf', 'exp'],
  });
  return claimsOf(payload);
}

async function claimsOf(payload: unknown): Promise<PassTokenClaims> {
  const claims = (await schemas()).parsePassClaims(payload);
  return {
    passId: claims.sub,
    bookingId: claims.bid,
    serviceType: claims.svc,
    serviceId: claims.sid,
    guestsCount: claims.gst,
    validFrom: new Date(claims.nbf * 1000).toISOString(),
    validUntil: new Date(claims.exp * 1000).toISOString(),
  };
}

/**
 * What the venue API does: the signature by a published key, `alg` ES256 and `typ` as
 * verifyPassToken checks them, but not the validity window: a pass outside it is still this service's
 * pass, refused as PassExpired at the moment it was scanned (docs/redemptions.md). Undefined when the
 * token is not a pass of this service (malformed, foreign key, another `typ`, claims of another shape).
 */
export async function readPassToken(
  token: string,
  jwks: { keys: JWK[] },
): Promise<PassTokenClaims | undefined> {
  try {
    const { payload, protectedHeader } = await compactVerify(token, createLocalJWKSet(jwks), {
      algorithms: ['ES256'],
    });
    if (protectedHeader.typ !== passTokenType) return undefined;
    return await claimsOf(JSON.parse(new TextDecoder().decode(payload)));
  } catch {
    return undefined;
  }
}

const cacheMillis = 5 * 60 * 1000;

/**
 * The two secrets of the pass keys: the key set (where each private key lives) only the signers read
 * (the booking processor and the recovery sweep; key rotation writes it), and its public JWKS, which
 * the booking function reads to publish GET /.well-known/pass-keys.json.
 */
export interface PassKeySecretIds {
  keySet: string;
  publicJwks: string;
}

export async function readPassSigningKeys(
  store: SecretStore,
  secretId: string,
): Promise<PassSigningKeySet | undefined> {
  const raw = await store.get(secretId);
  return raw === undefined ? undefined : (await schemas()).parsePassKeySet(raw);
}

export async function readPublishedPassKeys(
  store: SecretStore,
  secretId: string,
): Promise<{ keys: JWK[] } | undefined> {
  const raw = await store.get(secretId);
  return raw === undefined ? undefined : (await schemas()).parsePublishedPassKeys(raw);
}

/**
 * Creates the key set unless one exists (key rotation in AWS, the local stage on start), and publishes
 * its public half whenever the published one differs, so a set loaded by an operator is published on
 * the next rotation run.
 */
export async function ensurePassSigningKeys(
  store: SecretStore,
  ids: PassKeySecretIds,
  vault: SigningKeyVault,
): Promise<PassSigningKeySet> {
  let set = await readPassSigningKeys(store, ids.keySet);
  if (!set) {
    set = await newPassSigningKeySet(vault);
    await store.put(ids.keySet, JSON.stringify(set));
  }
  const published = JSON.stringify(passJwks(set));
  if ((await store.get(ids.publicJwks)) !== published) await store.put(ids.publicJwks, published);
  return set;
}

/** Read once, read again after five minutes, so a rotation reaches every container within that. */
export class Cached<T> {
  private cached: { at: number; value: Promise<T | undefined> } | undefined;

  constructor(private readonly load: () => Promise<T | undefined>) {}

  get(): Promise<T | undefined> {
    if (!this.cached || processMillis() - this.cached.at > cacheMillis) {
      const value = this.load();
      const cached = { at: processMillis(), value };
      this.cached = cached;
      // A missing value or a failed read is asked again next time, never held for five minutes.
      const forget = () => {
        if (this.cached === cached) this.cached = undefined;
      };
      value.then((found) => found ?? forget(), forget);
    }
    return this.cached.value;
  }
}

/**
 * The signer's view of the key set. Only where `generateIfMissing` (the local stage) may it create the
 * set: two writers could each create a different key. In AWS the set is provisioned by key rotation; a
 * missing one fails signing loudly.
 */
export class PassKeys implements PassSigner {
  private readonly signer: Cached<Es256Signer>;

  constructor(
    private readonly store: () => SecretStore,
    private readonly ids: () => PassKeySecretIds,
    private readonly generateIfMissing: () => boolean,
    private readonly vault: () => Promise<SigningKeyVault> = signingKeyVault,
  ) {
    this.signer = new Cached(async () => {
      const set = this.generateIfMissing()
        ? await ensurePassSigningKeys(this.store(), this.ids(), await this.vault())
        : await readPassSigningKeys(this.store(), this.ids().keySet);
      return set && activePassSigner(set, this.vault);
    });
  }

  async sign(claims: PassTokenClaims): Promise<string> {
    const signer = await this.signer.get();
    if (!signer)
      throw new Error(`The secret ${this.ids().keySet} (pass signing keys) is missing: see docs/booking.md`);
    return signPassToken(signer, claims);
  }
}

/** The published (public) pass keys, as scanners fetch them; an empty set until the first is provisioned. */
export class PublishedPassKeys {
  private readonly published: Cached<{ keys: JWK[] }>;

  constructor(store: () => SecretStore, secretId: () => string) {
    this.published = new Cached(() => readPublishedPassKeys(store(), secretId()));
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    return (await this.published.get()) ?? { keys: [] };
  }

  /** The redemptions' PassTokens port: the claims of a pass of this service, or undefined. */
  async read(qr: string): Promise<PassTokenClaims | undefined> {
    return readPassToken(qr, await this.jwks());
  }
}
