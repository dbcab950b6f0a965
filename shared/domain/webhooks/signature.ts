import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Both signature schemes of the contract (docs/webhooks.md, What a receiver gets), computed over the exact bytes sent:
 * - `X-Webhook-Signature: sha256=<lowercase hex HMAC-SHA256(secret, body)>`;
 * - Standard Webhooks: `webhook-signature: v1,<base64 HMAC-SHA256(secret, "<id>.<timestamp>.<body>")>`.
 * Keys are the secrets' UTF-8 bytes. During a rotation grace period both secrets sign, current first.
 */
export interface SignedHeaders {
  'X-Webhook-Id': string;
  'X-Webhook-Signature': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

const hmac = (secret: string, payload: string) =>
  createHmac('sha256', Buffer.from(secret, 'utf8')).update(payload, 'utf8');

export function hexSignature(secret: string, body: string): string {
  return `sha256=${hmac(secret, body).digest('hex')}`;
}

export function standardSignature(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  return `v1,${hmac(secret, `${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** `secrets`: the current secret first, then the previous one while its grace period lasts. */
export function signatureHeaders(input: {
  id: string;
  body: string;
  secrets: readonly string[];
  sentAt: Date;
}): SignedHeaders {
  const timestampSeconds = Math.floor(input.sentAt.getTime() / 1000);
  return {
    'X-Webhook-Id': input.id,
    'X-Webhook-Signature': input.secrets.map((secret) => hexSignature(secret, input.body)).join(','),
    'webhook-id': input.id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': input.secrets
      .map((secret) => standardSignature(secret, input.id, timestampSeconds, input.body))
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
