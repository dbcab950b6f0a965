import { generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { Es256Signer } from '../../shared/crypto/jws.ts';
import {
  keyObjectSigner,
  type SigningKeyPurpose,
  type SigningKeyVault,
} from '../../shared/crypto/signing-key-vault.ts';

/** A vault in memory, as KMS behaves for the service: keys by reference, signing, retiring. */
export class MemorySigningKeys implements SigningKeyVault {
  readonly keys = new Map<string, { purpose: SigningKeyPurpose; kid: string; privateKey: KeyObject }>();
  readonly retired: string[] = [];
  private created = 0;

  async create(purpose: SigningKeyPurpose, kid: string): Promise<{ keyRef: string; publicJwk: JsonWebKey }> {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.created += 1;
    const keyRef = `memory:${purpose}:${this.created}`;
    this.keys.set(keyRef, { purpose, kid, privateKey });
    return { keyRef, publicJwk: publicKey.export({ format: 'jwk' }) };
  }

  signer(keyRef: string, kid: string): Es256Signer {
    const key = this.keys.get(keyRef);
    if (!key || this.retired.includes(keyRef)) throw new Error(`No usable key ${keyRef}`);
    return keyObjectSigner(kid, key.privateKey);
  }

  async retire(keyRef: string): Promise<void> {
    this.retired.push(keyRef);
  }

  /** The signer of a set's first (active) key. */
  signerOfFirst(set: { keys: readonly { kid: string; key_ref?: string | undefined }[] }): Es256Signer {
    const first = set.keys[0];
    if (!first?.key_ref) throw new Error('The set has no key in this vault');
    return this.signer(first.key_ref, first.kid);
  }
}
