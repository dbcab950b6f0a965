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
 * - `hmac-sha256` (the contract's): `X-Webhook-Signature: sha256=<lowercase hex HMAC-SHA256(key, body)>`
 *   and Standard Webhooks `webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`,
 *   both keyed with the secret's bytes in its `WebhookKeyFormat`;
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

/**
 * How a stored secret's string becomes key bytes, kept beside the secret:
 * - `utf8`: a secret the partner supplied: its UTF-8 bytes, whatever it looks like (`whsec_...` too),
 *   so nothing a partner sends changes meaning; items stored before formats existed read as `utf8`;
 * - `standard`: a key the service generated, in Standard Webhooks' serialization: a `whsec_` secret
 *   keys the HMACs with its base64-decoded bytes, as `new Webhook(secret)` of the public libraries
 *   expects (an Ed25519 `whsk_` key is always decoded, so ed25519 subscriptions carry `standard` too).
 */
export type WebhookKeyFormat = 'utf8' | 'standard';

/** A secret (or `whsk_` key) opened for signing, with how its string becomes key bytes. */
export interface WebhookKey {
  secret: string;
  format: WebhookKeyFormat;
}

/** Standard Webhooks asks for at least 24 random bytes; 32 matches the HMAC-SHA256 block's key size. */
const generatedSecretBytes = 32;

/**
 * A secret the service chooses when the partner gives none: `whsec_<base64 of 32 random bytes>`,
 * keying the HMACs with those 32 bytes (format `standard`).
 */
export function generateSecret(): string {
  return `${secretPrefix}${randomBytes(generatedSecretBytes).toString('base64')}`;
}

function hmacKeyBytes({ secret, format }: WebhookKey): Buffer {
  if (format === 'utf8') return Buffer.from(secret, 'utf8');
  if (!secret.startsWith(secretPrefix)) throw new Error('A standard-format HMAC key is a whsec_ secret');
  return Buffer.from(secret.slice(secretPrefix.length), 'base64');
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

const hmac = (key: WebhookKey, payload: string) =>
  createHmac('sha256', hmacKeyBytes(key)).update(payload, 'utf8');

const signedContent = (id: string, timestampSeconds: number, body: string) =>
  `${id}.${timestampSeconds}.${body}`;

export function hexSignature(key: WebhookKey, body: string): string {
  return `sha256=${hmac(key, body).digest('hex')}`;
}

export function standardSignature(
  key: WebhookKey,
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  return `v1,${hmac(key, signedContent(id, timestampSeconds, body)).digest('base64')}`;
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

/**
 * `keys`: the current secret (or `whsk_` key) first, then the previous one while its grace period lasts,
 * each with its own format (a rotation may go from a supplied secret to a generated one).
 */
export function signatureHeaders(input: {
  id: string;
  body: string;
  signing: WebhookSigning;
  keys: readonly WebhookKey[];
  sentAt: Date;
}): SignedHeaders {
  const timestampSeconds = Math.floor(input.sentAt.getTime() / 1000);
  const standard =
    input.signing === 'ed25519'
      ? (key: WebhookKey, id: string, at: number, body: string) =>
          asymmetricSignature(key.secret, id, at, body)
      : standardSignature;
  return {
    'X-Webhook-Id': input.id,
    ...(input.signing === 'hmac-sha256'
      ? { 'X-Webhook-Signature': input.keys.map((key) => hexSignature(key, input.body)).join(',') }
      : {}),
    'webhook-id': input.id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': input.keys
      .map((key) => standard(key, input.id, timestampSeconds, input.body))
      .join(' '),
  };
}

/** The receiver's side (docs/webhooks.md, `npm run webhooks:listen`): any listed value may match. */
export function verifyHexSignature(header: string, key: WebhookKey, body: string): boolean {
  const expected = Buffer.from(hexSignature(key, body));
  return header.split(',').some((value) => {
    const candidate = Buffer.from(value.trim());
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
}
