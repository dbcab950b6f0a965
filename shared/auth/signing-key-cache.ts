import { signerOf } from '../crypto/es256-key.ts';
import type { Es256Signer } from '../crypto/jws.ts';
import { activeKey, nextActivation, type SigningKey, type SigningKeySet } from './keys.ts';

const defaultCacheMs = 5 * 60 * 1000;

/**
 * The signer of the key access tokens are signed with, found in the key set and cached per container,
 * but never past the moment a pre-published successor takes over (its verification window starts then).
 */
export class SigningKeyCache {
  private cached: { signer: Es256Signer; validUntil: number } | undefined;

  constructor(
    private readonly load: () => Promise<SigningKeySet | undefined>,
    private readonly cacheMs = defaultCacheMs,
    private readonly signerFor: (key: SigningKey) => Promise<Es256Signer> = signerOf,
  ) {}

  async current(now: Date): Promise<Es256Signer> {
    const at = now.getTime();
    if (!this.cached || at >= this.cached.validUntil) {
      const set = await this.load();
      if (!set)
        throw new Error('No signing keys: run the key rotation once (the local stage does it on start)');
      const handover = nextActivation(set, now)?.getTime() ?? Number.POSITIVE_INFINITY;
      this.cached = {
        signer: await this.signerFor(activeKey(set, now)),
        validUntil: Math.min(at + this.cacheMs, handover),
      };
    }
    return this.cached.signer;
  }

  /** Tests and the local stage rotate keys in the same process. */
  reset(): void {
    this.cached = undefined;
  }
}
