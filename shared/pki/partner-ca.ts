import { config } from '../config/env.ts';
import type { CertificateSigner } from '../domain/accounts/ports.ts';
import * as z from '../schemas/zod.ts';
import { secretStore } from '../secrets/store.ts';
import type { CertificateAuthority } from './certificates.ts';

const storedCaSchema = z.object({
  certificate_pem: z.string().check(z.minLength(1)),
  private_key_pem: z.string().check(z.minLength(1)),
});

async function partnerCa(): Promise<CertificateAuthority> {
  const id = config().secretIds.partnerCa;
  const raw = await secretStore().get(id);
  if (raw === undefined) throw new Error(`The partner CA secret ${id} is missing`);
  const stored = storedCaSchema.parse(JSON.parse(raw));
  return { certificatePem: stored.certificate_pem, privateKeyPem: stored.private_key_pem };
}

/** The accounts domain's certificate signer: the partner CA held in the secret store. */
export const partnerCertificateSigner: CertificateSigner = {
  async signPartnerCsr(request) {
    // X.509 and ASN.1 load on the first account creation, not at every cold start of the admin function.
    const { signPartnerCsr } = await import('./certificates.ts');
    return signPartnerCsr({ ...request, ca: await partnerCa() });
  },
};
