import { webhookUrlShapeProblem } from '../domain/webhooks/url-shape.ts';
import { outboundPolicy } from './policy.ts';
import { targetPortProblem } from './port.ts';
import { type GuardOptions, RefusedAddressError, resolvePublicAddresses } from './safe-https.ts';

/**
 * Subscribe-time check: the shape, the port (443 unless allowed), then every address the host resolves to (or the literal, in any
 * of its decimal, hex, octal or IPv6 forms, which the URL parser has already normalized) must be
 * public. The dispatcher checks again on every connection.
 */
export async function webhookUrlProblem(
  value: string,
  options: GuardOptions = {},
): Promise<string | undefined> {
  const shape = webhookUrlShapeProblem(value);
  if (shape) return shape;
  const port = targetPortProblem(new URL(value), (options.policy ?? outboundPolicy()).allowedPorts);
  if (port) return port;
  try {
    await resolvePublicAddresses(new URL(value).hostname, options);
    return undefined;
  } catch (error) {
    if (error instanceof RefusedAddressError) return `must reach a public address (${error.message})`;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return 'host does not resolve';
    throw error;
  }
}
