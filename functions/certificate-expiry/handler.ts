import type { ScheduledEvent } from 'aws-lambda';
import { stagedWriteCommitter } from '../../shared/db/commit-staged.ts';
import { accountStore } from '../../shared/db/entities/account.ts';
import {
  certificateExpiryIndex,
  partnerCertificateStore,
} from '../../shared/db/entities/partner-certificate.ts';
import { checkCertificateExpiry } from '../../shared/domain/accounts/certificate-expiry.ts';
import { indexEmbeddedCertificates } from '../../shared/domain/accounts/certificates.ts';
import { logger } from '../../shared/observability/logger.ts';
import { reportCertificateExpiry } from '../../shared/observability/metrics.ts';
import { processClock } from '../../shared/util/clock.ts';

/**
 * Once a day (EventBridge in AWS, a timer on the local stage): counts the active partner certificates
 * that expire within 30 days (the CertificatesExpiringSoon alarm, docs/operations.md) and logs each,
 * so the operator knows which account must add a new certificate. First it puts the certificates of
 * accounts stored before certificates per account into the expiry index.
 */
export async function handler(
  _event?: ScheduledEvent,
): Promise<{ expiring_soon: number; days_until_first_expiry: number | null }> {
  const indexed = await indexEmbeddedCertificates({
    accounts: accountStore,
    partnerCertificates: partnerCertificateStore,
    committer: stagedWriteCommitter,
  });
  if (indexed > 0) logger.info('Certificates of older accounts stored as items of their own', { indexed });
  const { expiringSoon, daysUntilFirstExpiry } = await checkCertificateExpiry(
    certificateExpiryIndex,
    processClock.now(),
  );
  for (const certificate of expiringSoon) {
    logger.warn('Partner certificate expires soon', {
      account_id: certificate.accountId,
      serial_number: certificate.serialNumber,
      not_after: certificate.notAfter,
    });
  }
  reportCertificateExpiry(expiringSoon.length, daysUntilFirstExpiry);
  return { expiring_soon: expiringSoon.length, days_until_first_expiry: daysUntilFirstExpiry ?? null };
}
