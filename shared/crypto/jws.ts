/**
 * Signs with ES256 wherever the private key lives (KMS in AWS, a key file on the local stage), so no
 * caller ever holds one: access tokens and pass QR codes alike.
 */
export interface Es256Signer {
  /** The key's id as published in the JWKS, and as the `kid` header of what it signs. */
  readonly kid: string;
  /** The signature of the JWS signing input as JWS wants it: r||s, 64 bytes (IEEE P1363). */
  sign(signingInput: Uint8Array): Promise<Uint8Array>;
}

const base64urlJson = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/**
 * A compact JWS (RFC 7515) with the header `{alg: 'ES256', typ, kid}` and the payload as given. jose
 * only verifies here: its signing wants a key object, which a KMS key never becomes.
 */
export async function signCompactJws(
  typ: string,
  payload: Record<string, unknown>,
  signer: Es256Signer,
): Promise<string> {
  const input = `${base64urlJson({ alg: 'ES256', typ, kid: signer.kid })}.${base64urlJson(payload)}`;
  const signature = await signer.sign(Buffer.from(input, 'ascii'));
  return `${input}.${Buffer.from(signature).toString('base64url')}`;
}
