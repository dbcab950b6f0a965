/**
 * The rules a webhook URL must meet before anything resolves it. Apart from the address guard
 * (webhook-url.ts): the request schemas need only these, and a cold start does not load the guard.
 */
export const maxWebhookUrlLength = 2048;

/** Rules a URL must meet before anything resolves it; undefined when it meets them. */
export function webhookUrlShapeProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:') return 'must use https';
  if (url.username || url.password) return 'must not contain credentials';
  if (url.hash) return 'must not contain a fragment';
  if (!url.hostname) return 'must name a host';
  return undefined;
}

export const isWebhookUrlShape = (value: string): boolean => webhookUrlShapeProblem(value) === undefined;
