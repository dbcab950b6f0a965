import * as z from '../schemas/zod.ts';

const storedCaSchema = z.object({
  certificate_pem: z.string().check(z.minLength(1)),
  private_key_pem: z.string().check(z.minLength(1)),
});

/** The partner CA as the secret store holds it: its certificate and key, in PEM. */
export function parseStoredCa(raw: string): { certificatePem: string; privateKeyPem: string } {
  const stored = storedCaSchema.parse(JSON.parse(raw));
  return { certificatePem: stored.certificate_pem, privateKeyPem: stored.private_key_pem };
}
