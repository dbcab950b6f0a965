import { config } from '../config/env.ts';
import type { CertificateSigner } from '../domain/accounts/ports.ts';
import { secretStore } from '../secrets/store.ts';
import type { CertificateAuthority } from './certificates.ts';

async function partnerCa(): Promise<CertificateAuthority> {
  const id = config().secretIds.partnerCa;
  const raw = await secretStore().get(id);
  if (raw === undefined) throw new Error(`The partner CA secret ${id} is missing`);
  // Read with the first account creation, as the X.509 code is: zod stays out of the cold start.
  const { parseStoredCa } = await import('./partner-ca-stored.ts');
  return parseStoredCa(raw);
}

/** The accounts domain's certificate signer: the partner CA held in the secret store. */
export const partnerCertificateSigner: CertificateSigner = {
  async signPartnerCsr(request) {
    // X.509 and ASN.1 load on the first account creation, not at every cold start of the admin function.
    const { signPartnerCsr } = await import('./certificates.ts');
    return signPartnerCsr({ ...request, ca: await partnerCa() });
  },
};
