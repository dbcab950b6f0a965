import type { IncomingMessage } from 'node:http';
import { Agent, request } from 'node:https';
import type { CustomFetch } from 'openid-client';

/** Statuses whose response must not have a body (Fetch standard: null body status). */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

function responseOf(incoming: IncomingMessage, body: Buffer): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const one of Array.isArray(value) ? value : [value ?? '']) headers.append(name, one);
  }
  const status = incoming.statusCode ?? 502;
  return new Response(nullBodyStatuses.has(status) ? null : body, {
    status,
    statusText: incoming.statusMessage ?? '',
    headers,
  });
}

/**
 * A fetch for openid-client that trusts one extra CA (the local stage's) for the identity
 * provider's HTTPS, so nothing disables certificate checks. It goes through node:https (already
 * loaded by the AWS SDK) rather than undici, whose 700 KiB the auth function would otherwise carry
 * into every cold start for a path only the local stage takes. Redirects are never followed (the
 * library asks for `manual`).
 */
export function fetchTrustingCa(caPem: string): { fetch: CustomFetch; close: () => Promise<void> } {
  const agent = new Agent({ ca: caPem, keepAlive: true });
  const fetch: CustomFetch = async (url, options) => {
    // Any body the library sends (string, URLSearchParams, bytes) as the bytes fetch would send.
    const body =
      options.body === undefined || options.body === null
        ? undefined
        : Buffer.from(await new Response(options.body).arrayBuffer());
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(
        url,
        {
          method: options.method,
          headers: options.headers,
          agent,
          ...(options.signal ? { signal: options.signal } : {}),
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => resolve(responseOf(incoming, Buffer.concat(chunks))));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
  return {
    fetch,
    close: async () => agent.destroy(),
  };
}
