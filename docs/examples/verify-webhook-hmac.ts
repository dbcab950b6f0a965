import { Webhook } from 'standardwebhooks';

/**
 * Verifies a delivery of an HMAC subscription with the Standard Webhooks library (`npm i
 * standardwebhooks`) and answers the parsed event; throws when no signature matches or the timestamp
 * is more than 5 minutes off. `secret` is the `whsec_...` secret the service generated (answered by a
 * create or rotate-secret without `secret`): the library's default reading of it is the service's.
 */
export function verifyHmacWebhook(rawBody: string, headers: Record<string, string>, secret: string): unknown {
  return new Webhook(secret).verify(rawBody, headers);
}

/**
 * The same for a secret you supplied yourself (`secret` in your create or rotate-secret request): its
 * UTF-8 bytes are the key, whatever it looks like (a `whsec_...` one too), so pass them raw.
 */
export function verifySuppliedSecretWebhook(
  rawBody: string,
  headers: Record<string, string>,
  secret: string,
): unknown {
  return new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' }).verify(rawBody, headers);
}
