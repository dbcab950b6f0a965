import type { CustomFetch } from 'openid-client';
import { Agent, fetch as undiciFetch } from 'undici';

/** Statuses whose response must not have a body (Fetch standard: null body status). */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

/**
 * A fetch for openid-client that trusts one extra CA (the local stage's) for the identity
 * provider's HTTPS, so nothing disables certificate checks. undici's Response is re-wrapped as the
 * platform's, the type the library expects.
 */
export function fetchTrustingCa(caPem: string): { fetch: CustomFetch; close: () => Promise<void> } {
  const dispatcher = new Agent({ connect: { ca: caPem } });
  const fetch: CustomFetch = async (url, options) => {
    const response = await undiciFetch(url, {
      method: options.method,
      headers: options.headers,
      body: options.body,
      redirect: options.redirect,
      ...(options.signal ? { signal: options.signal } : {}),
      dispatcher,
    });
    const body = nullBodyStatuses.has(response.status) ? null : await response.arrayBuffer();
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
    });
  };
  return { fetch, close: () => dispatcher.close() };
}
