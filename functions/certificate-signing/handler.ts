import { type SigningResult, signRequest } from '../../shared/pki/certificate-signing.ts';
import { partnerCertificateSigner } from '../../shared/pki/partner-ca.ts';
import { processClock } from '../../shared/util/clock.ts';

/**
 * Invoked by the admin function with a partner's CSR (docs/operations.md, Keys): the only function that
 * can read the partner CA's key, and behind no API. It checks what it was sent itself.
 */
export async function handler(event: unknown): Promise<SigningResult> {
  return signRequest(event, partnerCertificateSigner, processClock);
}
