import { importJWK } from 'jose';
import { activeKey, nextActivation, type SigningKeySet } from './keys.ts';

type ImportedKey = Awaited<ReturnType<typeof importJWK>>;

export interface CurrentSigningKey {
  kid: string;
  key: ImportedKey;
}

const defaultCacheMs = 5 * 60 * 1000;

/**
 * The key access tokens are signed with, read from the key set and cached per container, but never
 * past the moment a pre-published successor takes over (its verification window starts then).
 */
export class SigningKeyCache {
  private cached: (CurrentSigningKey & { validUntil: number }) | undefined;

  constructor(
    private readonly load: () => Promise<SigningKeySet | undefined>,
    private readonly cacheMs = defaultCacheMs,
  ) {}

  async current(now: Date): Promise<CurrentSigningKey> {
    const at = now.getTime();
    if (!this.cached || at >= this.cached.validUntil) {
      const set = await this.load();
      if (!set)
        throw new Error('No signing keys: run the key rotation once (the local stage does it on start)');
      const active = activeKey(set, now);
      const handover = nextActivation(set, now)?.getTime() ?? Number.POSITIVE_INFINITY;
      this.cached = {
        kid: active.kid,
        // Extractable: partner tokens sign with node:crypto, whose KeyObject.from refuses (deprecated,
        // DEP0204) a non-extractable CryptoKey. The key was read from the secret as a JWK anyway.
        key: await importJWK(active.private_jwk, 'ES256', { extractable: true }),
        validUntil: Math.min(at + this.cacheMs, handover),
      };
    }
    return { kid: this.cached.kid, key: this.cached.key };
  }

  /** Tests and the local stage rotate keys in the same process. */
  reset(): void {
    this.cached = undefined;
  }
}
