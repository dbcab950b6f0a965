import type { CertificateSigner, SignedCertificate } from '../domain/accounts/ports.ts';
import { ValidationError } from '../domain/errors.ts';
import { timestamp, uuid } from '../schemas/common.ts';
import * as z from '../schemas/zod.ts';
import type { Clock } from '../util/clock.ts';

/*
 * The certificate-signing function's contract: the admin function sends a partner's CSR, the function
 * (the only reader of the partner CA's key) answers with the certificate or with the refusal the admin
 * API turns back into its 422. A refusal is an answer, not a Lambda error: only a failure of the
 * function itself (the CA unreadable, a malformed request) is one.
 */

/** What a caller sends. The CSR bound is the admin route's (shared/schemas/admin.ts). */
export const signingRequestSchema = z.strictObject({
  csr_pem: z.string().check(z.minLength(1), z.maxLength(16384)),
  account_id: uuid,
  requested_at: timestamp,
});
export type SigningRequest = z.infer<typeof signingRequestSchema>;

const refusalSchema = z.strictObject({
  code: z.literal('ValidationError'),
  detail: z.string(),
  /** The request field at fault, as the admin API names it (`body.csr_pem`). */
  path: z.string(),
});

export const signingResultSchema = z.union([
  z.strictObject({
    ok: z.strictObject({
      certificate_pem: z.string(),
      serial_number: z.string(),
      fingerprint_sha256: z.string(),
      subject: z.string(),
      not_before: timestamp,
      not_after: timestamp,
    }),
  }),
  z.strictObject({ refused: refusalSchema }),
]);
export type SigningResult = z.infer<typeof signingResultSchema>;

/** How far a caller's request time may stray from the signer's clock: certificates are not back- or post-dated. */
export const maxRequestSkewMs = 5 * 60_000;

/** A request the signing function does not act on: a fault of its caller, never of the partner. */
export class SigningRequestError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SigningRequestError';
  }
}

/**
 * The signing function's use case: checks the request it was sent, signs with the CA and answers the
 * certificate, or the refusal of a CSR that is not acceptable.
 */
export async function signRequest(
  event: unknown,
  signer: CertificateSigner,
  clock: Clock,
): Promise<SigningResult> {
  const parsed = signingRequestSchema.safeParse(event);
  if (!parsed.success)
    throw new SigningRequestError(`Not a signing request: ${z.prettifyError(parsed.error)}`);
  const request = parsed.data;
  const now = new Date(request.requested_at);
  if (Math.abs(now.getTime() - clock.now().getTime()) > maxRequestSkewMs)
    throw new SigningRequestError(`requested_at ${request.requested_at} is too far from the signer's clock`);
  try {
    const signed = await signer.signPartnerCsr({
      csrPem: request.csr_pem,
      accountId: request.account_id,
      now,
    });
    return {
      ok: {
        certificate_pem: signed.certificatePem,
        serial_number: signed.serialNumber,
        fingerprint_sha256: signed.fingerprintSha256,
        subject: signed.subject,
        not_before: signed.notBefore.toISOString(),
        not_after: signed.notAfter.toISOString(),
      },
    };
  } catch (error) {
    const field = error instanceof ValidationError ? error.errors[0] : undefined;
    if (!(error instanceof ValidationError) || !field) throw error;
    return { refused: { code: 'ValidationError', detail: error.message, path: field.path } };
  }
}

/** The request a caller sends for the port's input. */
export function signingRequestOf(input: Parameters<CertificateSigner['signPartnerCsr']>[0]): SigningRequest {
  return { csr_pem: input.csrPem, account_id: input.accountId, requested_at: input.now.toISOString() };
}

/** The port's answer to a signing function's result: the certificate, or the ValidationError the admin API answers today. */
export function certificateOf(payload: unknown): SignedCertificate {
  const parsed = signingResultSchema.safeParse(payload);
  if (!parsed.success)
    throw new Error(`The certificate-signing function answered no result: ${z.prettifyError(parsed.error)}`);
  const result = parsed.data;
  if ('refused' in result) {
    const { detail, path } = result.refused;
    throw new ValidationError(detail, [{ path, message: detail }]);
  }
  const { ok } = result;
  return {
    certificatePem: ok.certificate_pem,
    serialNumber: ok.serial_number,
    fingerprintSha256: ok.fingerprint_sha256,
    subject: ok.subject,
    notBefore: new Date(ok.not_before),
    notAfter: new Date(ok.not_after),
  };
}
