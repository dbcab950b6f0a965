import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

/**
 * One ES256 key pair as our key secrets hold it (the access-token signing keys and the pass keys):
 * both halves as JWKs tagged with the key's id.
 */
export interface Es256KeyEntry {
  kid: string;
  private_jwk: Record<string, unknown>;
  public_jwk: Record<string, unknown>;
  created_at: string;
}

/** A new key pair; its kid is `<prefix><date>-<8 random hex>`, so a JWKS reads in creation order. */
export async function newEs256KeyEntry(kidPrefix: string, now: Date): Promise<Es256KeyEntry> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = `${kidPrefix}${now.toISOString().slice(0, 10)}-${randomUUID().slice(0, 8)}`;
  const tag = { kid, alg: 'ES256', use: 'sig' };
  return {
    kid,
    private_jwk: { ...(await exportJWK(privateKey)), ...tag },
    public_jwk: { ...(await exportJWK(publicKey)), ...tag },
    created_at: now.toISOString(),
  };
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
