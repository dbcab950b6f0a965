import { createPrivateKey, type JsonWebKey, type KeyObject, sign } from 'node:crypto';
import { config } from '../config/env.ts';
import { onReset } from '../config/reset.ts';
import { p1363FromDer } from './ecdsa-signature.ts';
import type { Es256Signer } from './jws.ts';

/** What a key signs: the tag IAM grants `kms:Sign` by (infra/functions.ts, `keys`). */
export type SigningKeyPurpose = 'access-token' | 'pass';
export const signingKeyPurposes: readonly SigningKeyPurpose[] = ['access-token', 'pass'];

/**
 * Where the service's ES256 private keys live and sign: KMS in AWS (no function can read one), key
 * files in the local stage's state directory. Key rotation creates and retires keys; signers only sign.
 */
export interface SigningKeyVault {
  /** A new P-256 key for one purpose; `kid` names it for operators (a KMS tag, the file name). */
  create(purpose: SigningKeyPurpose, kid: string): Promise<{ keyRef: string; publicJwk: JsonWebKey }>;
  signer(keyRef: string, kid: string): Es256Signer;
  /** Ends a key nothing live was signed with: KMS deletes it after the 7-day minimum, a key file goes at once. */
  retire(keyRef: string): Promise<void>;
}

/** ES256 with a private key held in this process: node:crypto's DER path, the faster one (ecdsa-signature.ts). */
export function keyObjectSigner(kid: string, key: KeyObject): Es256Signer {
  return {
    kid,
    sign: async (signingInput) => p1363FromDer(sign('sha256', signingInput, key)),
  };
}

/** A private JWK's signer: local key files, and sets written before keys moved to KMS. */
export function jwkSigner(kid: string, privateJwk: Record<string, unknown>): Es256Signer {
  return keyObjectSigner(kid, createPrivateKey({ key: privateJwk as JsonWebKey, format: 'jwk' }));
}

let vault: Promise<SigningKeyVault> | undefined;

/** The stage's vault (`SIGNING_KEYS_BACKEND`): its adapter loads with the first key created or used. */
export function signingKeyVault(): Promise<SigningKeyVault> {
  vault ??= (async () => {
    const { signingKeysBackend, localSigningKeysDir, region, stage } = config();
    if (signingKeysBackend === 'local-files') {
      if (!localSigningKeysDir)
        throw new Error('LOCAL_SIGNING_KEYS_DIR is required when SIGNING_KEYS_BACKEND=local-files');
      const { LocalFileSigningKeys } = await import('./local-signing-keys.ts');
      return new LocalFileSigningKeys(localSigningKeysDir);
    }
    const { KmsSigningKeys } = await import('../aws/kms-signing-keys.ts');
    return KmsSigningKeys.forStage(region, stage);
  })();
  vault.catch(() => {
    vault = undefined;
  });
  return vault;
}
onReset(() => {
  vault = undefined;
});
