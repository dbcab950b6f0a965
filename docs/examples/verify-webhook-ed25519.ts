import { createPublicKey, verify } from 'node:crypto';

/**
 * Verifies a delivery of a `signing: "ed25519"` subscription (Standard Webhooks `v1a`) with node:crypto
 * alone. `publicKey` is the subscription's `public_key` (`whpk_...`); `headers` the request's, names in
 * lower case; `rawBody` the body exactly as received, before any JSON parsing.
 */
export function verifyEd25519Webhook(
  rawBody: string,
  headers: Record<string, string | undefined>,
  publicKey: string,
  toleranceSeconds = 300,
): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return false;
  // A replayed request carries an old timestamp: refuse those outside the tolerance.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const key = createPublicKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      x: Buffer.from(publicKey.replace(/^whpk_/, ''), 'base64').toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${id}.${timestamp}.${rawBody}`, 'utf8');
  // Space-separated: during a key rotation the previous key signs too.
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    return (
      version === 'v1a' &&
      signature !== undefined &&
      verify(null, signed, key, Buffer.from(signature, 'base64'))
    );
  });
}
