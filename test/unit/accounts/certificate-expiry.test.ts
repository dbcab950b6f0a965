import { describe, expect, it } from 'vitest';
import { checkCertificateExpiry } from '../../../shared/domain/accounts/certificate-expiry.ts';
import type { PartnerCertificate } from '../../../shared/domain/accounts/model.ts';
import { MemoryPartnerCertificates, now } from './fakes.ts';

const day = 86_400_000;

function aCertificate(
  serialNumber: string,
  daysLeft: number,
  status: PartnerCertificate['status'] = 'Active',
) {
  return {
    accountId: '0b3c6a7e-0000-4000-8000-000000000001',
    serialNumber,
    fingerprintSha256: `fp-${serialNumber}`,
    subject: 'CN=0b3c6a7e-0000-4000-8000-000000000001',
    notBefore: new Date(now.getTime() - 300 * day).toISOString(),
    notAfter: new Date(now.getTime() + daysLeft * day).toISOString(),
    pem: 'pem',
    status,
    createdAt: now.toISOString(),
    revokedAt: status === 'Revoked' ? now.toISOString() : null,
  } satisfies PartnerCertificate;
}

describe('the certificate expiry check', () => {
  it('reports the active certificates expiring within 30 days, soonest first, and the days to the first', async () => {
    const index = new MemoryPartnerCertificates(
      aCertificate('a1', 29.5),
      aCertificate('b2', 12),
      aCertificate('c3', 30),
      aCertificate('d4', 200),
      aCertificate('e5', 3, 'Revoked'),
    );

    const report = await checkCertificateExpiry(index, now);

    expect(report.expiringSoon.map((certificate) => certificate.serialNumber)).toEqual(['b2', 'a1']);
    expect(report.daysUntilFirstExpiry).toBe(12);
  });

  it('keeps reporting an expired certificate that is still active, with negative days', async () => {
    const report = await checkCertificateExpiry(new MemoryPartnerCertificates(aCertificate('a1', -2)), now);

    expect(report.expiringSoon).toHaveLength(1);
    expect(report.daysUntilFirstExpiry).toBe(-2);
  });

  it('reports nothing when no active certificate expires within 30 days', async () => {
    const report = await checkCertificateExpiry(new MemoryPartnerCertificates(aCertificate('a1', 31)), now);

    expect(report).toEqual({ expiringSoon: [], daysUntilFirstExpiry: undefined });
  });
});
