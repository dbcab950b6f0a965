import type { PortRange } from '../config/env.ts';

export const defaultWebhookPort = 443;

/**
 * Webhook targets connect to 443; another port only when the stage allows it (WEBHOOK_ALLOWED_PORTS),
 * so a subscription cannot aim the dispatcher at a service that listens on some other port of a
 * public host. Checked at subscribe time and again before every connection.
 */
export function targetPortProblem(url: URL, allowed: readonly PortRange[]): string | undefined {
  // The URL parser drops a port that is the scheme's default: "" is 443 for https.
  const port = url.port === '' ? defaultWebhookPort : Number(url.port);
  if (port === defaultWebhookPort || allowed.some(({ from, to }) => port >= from && port <= to))
    return undefined;
  return `must use port ${defaultWebhookPort} (port ${port} is not allowed)`;
}
