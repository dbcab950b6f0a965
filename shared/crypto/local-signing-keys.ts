import { generateKeyPairSync, type JsonWebKey, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Es256Signer } from './jws.ts';
import { jwkSigner, type SigningKeyPurpose, type SigningKeyVault } from './signing-key-vault.ts';

const prefix = 'local-file:';

/**
 * The local stage's stand-in for KMS: each private key is a JWK file `<name>.private-key.jwk.json`
 * (owner-readable only) in its own directory of the state dir, never in a secret. The key sets name
 * the file (`local-file:<name>`) exactly where in AWS they name a KMS key.
 */
export class LocalFileSigningKeys implements SigningKeyVault {
  private readonly signers = new Map<string, Es256Signer>();

  constructor(private readonly dir: string) {}

  /** The file of a key reference, for tests that forge tokens with the stage's own key. */
  static fileOf(dir: string, keyRef: string): string {
    if (!keyRef.startsWith(prefix) || !/^[A-Za-z0-9._-]+$/.test(keyRef.slice(prefix.length)))
      throw new Error(`Not a local signing key reference: ${keyRef}`);
    return join(dir, `${keyRef.slice(prefix.length)}.private-key.jwk.json`);
  }

  async create(purpose: SigningKeyPurpose, kid: string): Promise<{ keyRef: string; publicJwk: JsonWebKey }> {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const keyRef = `${prefix}${purpose}-${kid.replace(/[^A-Za-z0-9._-]/g, '_')}-${randomUUID().slice(0, 8)}`;
    const target = LocalFileSigningKeys.fileOf(this.dir, keyRef);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(privateKey.export({ format: 'jwk' })), { mode: 0o600 });
    await rename(temporary, target);
    return { keyRef, publicJwk: publicKey.export({ format: 'jwk' }) };
  }

  signer(keyRef: string, kid: string): Es256Signer {
    const known = this.signers.get(keyRef);
    if (known) return known;
    let loaded: Promise<Es256Signer> | undefined;
    const load = async () => {
      const jwk = JSON.parse(await readFile(LocalFileSigningKeys.fileOf(this.dir, keyRef), 'utf8'));
      return jwkSigner(kid, jwk as Record<string, unknown>);
    };
    const signer: Es256Signer = {
      kid,
      sign: async (signingInput) => {
        if (!loaded) {
          loaded = load();
          // A file not readable yet is read again on the next signature.
          loaded.catch(() => {
            loaded = undefined;
          });
        }
        return (await loaded).sign(signingInput);
      },
    };
    this.signers.set(keyRef, signer);
    return signer;
  }

  async retire(keyRef: string): Promise<void> {
    this.signers.delete(keyRef);
    await rm(LocalFileSigningKeys.fileOf(this.dir, keyRef), { force: true });
  }
}
