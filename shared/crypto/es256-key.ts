import { randomUUID } from 'node:crypto';
import type { JWK } from 'jose';
import type { Es256Signer } from './jws.ts';
import {
  jwkSigner,
  type SigningKeyPurpose,
  type SigningKeyVault,
  signingKeyVault,
} from './signing-key-vault.ts';

/**
 * One ES256 key as our key sets hold it (the access-token signing keys and the pass keys): where its
 * private half lives, never the private half itself, and its public half as a JWK tagged with the key's id.
 */
export interface Es256KeyEntry {
  kid: string;
  /** Where the private key lives: a KMS key ARN in AWS, `local-file:<name>` on the local stage. */
  key_ref?: string | undefined;
  /**
   * Only in sets written before keys moved to KMS: signs until a newer key takes over, and the next
   * rotation after that drops it (docs/operations.md, Signing keys).
   */
  private_jwk?: Record<string, unknown> | undefined;
  public_jwk: Record<string, unknown>;
  created_at: string;
}

/** A new key in the vault; its kid is `<prefix><date>-<8 random hex>`, so a JWKS reads in creation order. */
export async function newEs256KeyEntry(
  vault: SigningKeyVault,
  purpose: SigningKeyPurpose,
  kidPrefix: string,
  now: Date,
): Promise<Es256KeyEntry> {
  const kid = `${kidPrefix}${now.toISOString().slice(0, 10)}-${randomUUID().slice(0, 8)}`;
  const { keyRef, publicJwk } = await vault.create(purpose, kid);
  const { kty, crv, x, y } = publicJwk;
  return {
    kid,
    key_ref: keyRef,
    public_jwk: { kty, crv, x, y, kid, alg: 'ES256', use: 'sig' },
    created_at: now.toISOString(),
  };
}

/** The signer of a key of a set: through the vault, or from the JWK of a set written before the vault. */
export async function signerOf(
  entry: Es256KeyEntry,
  vault: () => Promise<SigningKeyVault> = signingKeyVault,
): Promise<Es256Signer> {
  if (entry.key_ref !== undefined) return (await vault()).signer(entry.key_ref, entry.kid);
  if (entry.private_jwk !== undefined) return jwkSigner(entry.kid, entry.private_jwk);
  throw new Error(`The signing key ${entry.kid} names no private key`);
}

/** The public halves as a JWKS, with only the members a verifier reads. */
export function publicJwksOf(keys: readonly Pick<Es256KeyEntry, 'public_jwk'>[]): { keys: JWK[] } {
  return {
    keys: keys.map(({ public_jwk }) => {
      const { kty, crv, x, y, kid, alg, use } = public_jwk as JWK;
      return { kty, use, kid, alg, crv, x, y };
    }),
  };
}
