import type { PartnerCertificate } from './model.ts';
import type { CertificateExpiryIndex } from './ports.ts';

/** How long before an active certificate expires the operators are warned (docs/operations.md). */
export const certificateExpiryWarningDays = 30;

const dayMs = 86_400_000;

export interface CertificateExpiryReport {
  /**
   * Active certificates that expire within the warning window, or expired within the same span
   * before now without being revoked, soonest first.
   */
  expiringSoon: PartnerCertificate[];
  /** Whole days until the first of them expires (negative once it has), undefined when there is none. */
  daysUntilFirstExpiry: number | undefined;
}

/**
 * The daily check behind the expiry alarm: reads the active certificates whose expiry falls within
 * the window from the expiry index (no Scan), so an operator has 30 days to have the partner add a
 * new certificate (docs/accounts.md, Certificates) before calls with the old one fail the handshake.
 */
export async function checkCertificateExpiry(
  index: CertificateExpiryIndex,
  now: Date,
): Promise<CertificateExpiryReport> {
  const window = certificateExpiryWarningDays * dayMs;
  const expiringSoon = await index.expiringBetween(
    new Date(now.getTime() - window),
    new Date(now.getTime() + window),
  );
  const first = expiringSoon[0];
  return {
    expiringSoon,
    daysUntilFirstExpiry: first
      ? Math.floor((Date.parse(first.notAfter) - now.getTime()) / dayMs)
      : undefined,
  };
}
