import {
  createHmac,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  timingSafeEqual,
} from 'node:crypto';

/**
 * The signature schemes of a delivery (docs/webhooks.md, What a receiver gets), computed over the exact
 * bytes sent. A subscription signs one way (`WebhookSigning`):
 * - `hmac-sha256` (the contract's): `X-Webhook-Signature: sha256=<lowercase hex HMAC-SHA256(secret, body)>`
 *   and Standard Webhooks `webhook-signature: v1,<base64 HMAC-SHA256(secret, "<id>.<timestamp>.<body>")>`,
 *   both keyed with the secret's UTF-8 bytes;
 * - `ed25519`: Standard Webhooks `webhook-signature: v1a,<base64 Ed25519 signature of "<id>.<timestamp>.<body>">`
 *   only (`X-Webhook-Signature` is an HMAC and has no asymmetric form).
 * During a rotation grace period both keys sign, current first.
 */
export type WebhookSigning = 'hmac-sha256' | 'ed25519';

export const webhookSignings = ['hmac-sha256', 'ed25519'] as const satisfies readonly WebhookSigning[];

export interface SignedHeaders {
  'X-Webhook-Id': string;
  /** HMAC subscriptions only. */
  'X-Webhook-Signature'?: string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** Standard Webhooks' serializations: `whsec_` symmetric secrets, `whsk_`/`whpk_` Ed25519 secret and public keys. */
export const secretPrefix = 'whsec_';
export const signingKeyPrefix = 'whsk_';
export const publicKeyPrefix = 'whpk_';

/** Standard Webhooks asks for at least 24 random bytes; 32 matches the HMAC-SHA256 block's key size. */
const generatedSecretBytes = 32;

/**
 * A secret the service chooses when the partner gives none: `whsec_<base64 of 32 random bytes>`. Like
 * every secret it keys the HMACs with its UTF-8 bytes, the whole string, prefix included.
 */
export function generateSecret(): string {
  return `${secretPrefix}${randomBytes(generatedSecretBytes).toString('base64')}`;
}

export interface SigningKeyPair {
  /** `whsk_<base64 of the 64-byte secret key>`: the 32-byte seed then the public key (libsodium's layout). */
  secretKey: string;
  /** `whpk_<base64 of the raw 32-byte public key>`: what the partner verifies with. */
  publicKey: string;
}

const fromBase64Url = (value: string | undefined): Buffer => Buffer.from(value ?? '', 'base64url');

export function generateSigningKeyPair(): SigningKeyPair {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  const seed = fromBase64Url(jwk.d);
  const publicKey = fromBase64Url(jwk.x);
  return {
    secretKey: `${signingKeyPrefix}${Buffer.concat([seed, publicKey]).toString('base64')}`,
    publicKey: `${publicKeyPrefix}${publicKey.toString('base64')}`,
  };
}

function privateKeyOf(secretKey: string) {
  if (!secretKey.startsWith(signingKeyPrefix)) throw new Error('Not a whsk_ signing key');
  const bytes = Buffer.from(secretKey.slice(signingKeyPrefix.length), 'base64');
  if (bytes.length !== 64) throw new Error('A whsk_ signing key holds 64 bytes');
  return createPrivateKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: bytes.subarray(0, 32).toString('base64url'),
      x: bytes.subarray(32).toString('base64url'),
    },
    format: 'jwk',
  });
}

const hmac = (secret: string, payload: string) =>
  createHmac('sha256', Buffer.from(secret, 'utf8')).update(payload, 'utf8');

const signedContent = (id: string, timestampSeconds: number, body: string) =>
  `${id}.${timestampSeconds}.${body}`;

export function hexSignature(secret: string, body: string): string {
  return `sha256=${hmac(secret, body).digest('hex')}`;
}

export function standardSignature(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  return `v1,${hmac(secret, signedContent(id, timestampSeconds, body)).digest('base64')}`;
}

/** Standard Webhooks `v1a`: Ed25519 (no pre-hash) over the same content as `v1`. */
export function asymmetricSignature(
  secretKey: string,
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  const content = Buffer.from(signedContent(id, timestampSeconds, body), 'utf8');
  return `v1a,${sign(null, content, privateKeyOf(secretKey)).toString('base64')}`;
}

/** `keys`: the current secret (or `whsk_` key) first, then the previous one while its grace period lasts. */
export function signatureHeaders(input: {
  id: string;
  body: string;
  signing: WebhookSigning;
  keys: readonly string[];
  sentAt: Date;
}): SignedHeaders {
  const timestampSeconds = Math.floor(input.sentAt.getTime() / 1000);
  const standard = input.signing === 'ed25519' ? asymmetricSignature : standardSignature;
  return {
    'X-Webhook-Id': input.id,
    ...(input.signing === 'hmac-sha256'
      ? { 'X-Webhook-Signature': input.keys.map((secret) => hexSignature(secret, input.body)).join(',') }
      : {}),
    'webhook-id': input.id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': input.keys
      .map((key) => standard(key, input.id, timestampSeconds, input.body))
      .join(' '),
  };
}

/** The receiver's side (docs/webhooks.md, `npm run webhooks:listen`): any listed value may match. */
export function verifyHexSignature(header: string, secret: string, body: string): boolean {
  const expected = Buffer.from(hexSignature(secret, body));
  return header.split(',').some((value) => {
    const candidate = Buffer.from(value.trim());
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
}
