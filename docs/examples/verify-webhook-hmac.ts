import { Webhook } from 'standardwebhooks';

/**
 * Verifies a delivery of an HMAC subscription with the Standard Webhooks library (`npm i
 * standardwebhooks`) and answers the parsed event; throws when no signature matches or the timestamp
 * is more than 5 minutes off. `secret` is the subscription's secret as given or generated, a
 * `whsec_...` one included: its UTF-8 bytes are the key, so it is passed as raw bytes, never decoded.
 */
export function verifyHmacWebhook(rawBody: string, headers: Record<string, string>, secret: string): unknown {
  return new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' }).verify(rawBody, headers);
}
