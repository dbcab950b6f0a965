import { createHash } from 'node:crypto';
import { config } from '../config/env.ts';
import { onReset } from '../config/reset.ts';
import { findActiveCertificateFingerprints } from '../db/entities/account.ts';
import { UnauthorizedError } from '../domain/errors.ts';
import { processMillis } from '../util/clock.ts';
import { LruMap } from '../util/lru-map.ts';

/**
 * An account holds up to three active certificates, and revoking one must cut off the calls made
 * with it (docs/accounts.md, Certificates). Every partner call's client certificate is matched by its
 * SHA-256 fingerprint against the fingerprints of its account's active certificates, which the account
 * item lists; the list is remembered per account for the status cache's bound
 * (PRINCIPAL_STATUS_TTL_SECONDS), so a revoke reaches every container within it and a warm request
 * reads nothing. A fingerprint missing from a remembered list is read again once, so a certificate
 * added a moment ago works at once, while a revoked or unknown one costs one read per bound, not one
 * per request.
 */

/** Accounts and certificates remembered per container; the least recently used go first. */
const cacheCapacity = 1000;

const fingerprints = new LruMap<string, string>(cacheCapacity);

/** SHA-256 over the DER of a PEM certificate, lower-case hex; each distinct PEM is hashed once. */
export function fingerprintOfPem(pem: string): string | undefined {
  const known = fingerprints.get(pem);
  if (known) return known;
  const base64 = pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  const der = Buffer.from(base64, 'base64');
  if (der.length === 0) return undefined;
  const fingerprint = createHash('sha256').update(der).digest('hex');
  fingerprints.set(pem, fingerprint);
  return fingerprint;
}

export type ActiveFingerprintReader = (accountId: string) => Promise<readonly string[] | undefined>;

interface Remembered {
  active: ReadonlySet<string>;
  /** Fingerprints found missing by a read of their own: refused from memory until the bound. */
  refused: Set<string>;
  until: number;
}

export class CertificateStandingCache {
  private readonly remembered = new LruMap<string, Remembered>(cacheCapacity);

  constructor(
    private readonly read: ActiveFingerprintReader = findActiveCertificateFingerprints,
    private readonly ttlMs: () => number = () => config().principalStatusTtlSeconds * 1000,
    private readonly clock: () => number = processMillis,
  ) {}

  private async refresh(accountId: string, now: number): Promise<Remembered> {
    const remembered = {
      active: new Set(await this.read(accountId)),
      refused: new Set<string>(),
      until: now + this.ttlMs(),
    };
    this.remembered.set(accountId, remembered);
    return remembered;
  }

  /** Refuses (401 invalid_token) a client certificate that is not an active one of the account. */
  async requireActive(accountId: string, certificatePem: string): Promise<void> {
    const fingerprint = fingerprintOfPem(certificatePem);
    const now = this.clock();
    let known = this.remembered.get(accountId);
    if (!known || now >= known.until) known = await this.refresh(accountId, now);
    else if (fingerprint && !known.active.has(fingerprint) && !known.refused.has(fingerprint)) {
      known = await this.refresh(accountId, now);
    }
    if (!fingerprint || !known.active.has(fingerprint)) {
      if (fingerprint) known.refused.add(fingerprint);
      throw new UnauthorizedError('The client certificate is revoked or not one of the account.', {
        headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
        details: { reason: 'certificate_not_active' },
      });
    }
  }

  clear(): void {
    this.remembered.clear();
  }
}

export const certificateStanding = new CertificateStandingCache();
onReset(() => certificateStanding.clear());
