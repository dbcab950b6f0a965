/**
 * What each tag of the route table groups, declared in the document's `tags`: the reference renders
 * one section per tag with this text. A tag an operation uses without an entry here is declared
 * without a description, which the OpenAPI lint test reports (Redocly `tag-description`).
 */
export const tagDescriptions: Record<string, string> = {
  Tokens:
    'OAuth 2.0 client-credentials tokens (ES256 JWT access tokens) on the auth host, and the keys and ' +
    'discovery document that verify them.',
  'Employee login':
    'The browser sign-in of employees (authorization code flow with PKCE) that ends in an employee token.',
  Meta: 'This document.',
  Admin:
    "Operators' administration of accounts, their applications, certificates, plans and eSIM pools, with " +
    'partner tokens of an operator account over mutual TLS.',
  'Employee admin':
    'The admin API for employees on the admin host (employee tokens, no client certificate): every `/v2/admin` ' +
    'operation under `/api/v1/admin` with the same sub-path, and the employee-only ones.',
  Booking:
    'Lounge and fast-track bookings: create, confirm before the hold expires, cancel, and read the pass with its QR code.',
  Catalog: "The lounges, fast-tracks and eSIM tariffs of the account's contract, with their images.",
  'Catalog administration':
    'Employees edit the catalog as a draft, compare it with the published one and publish it.',
  Webhooks:
    'One subscription per account receives a signed notification for every event. Each delivery carries ' +
    '`X-Webhook-Signature` and the Standard Webhooks headers; verify one against the raw body before ' +
    'trusting it, answer any 2xx to acknowledge (410 disables the subscription). Failed deliveries are ' +
    'retried with exponential backoff for at least 24 hours.',
  eSIM: 'eSIM orders and their confirmation, the eSIMs of the account, their top-ups, suspensions and refunds.',
  'Rate limits':
    'Every account has a plan: a request rate with a burst, and a daily quota (UTC day). Every answer to a ' +
    'request with a valid token on the partner API carries `RateLimit-Policy` (the limits: `q` the quota, ' +
    '`w` the window in seconds, e.g. `"burst";q=100;w=2, "daily";q=100000;w=86400`) and, where known, ' +
    '`RateLimit` (`r` what is left, `t` the seconds until more is available). Over a limit the answer is ' +
    '429 `RateLimitExceeded` with `Retry-After` in whole seconds and `details.policy` naming the limit hit ' +
    "(`burst` or `daily`). One partner's traffic never causes another partner's 429. The token endpoint " +
    'limits requests per client and per source address and locks a client out after repeated bad secrets.',
  'Request log':
    'The requests the account made with an accepted token over the last 30 days and their outcomes, to ' +
    'trace an integration problem without asking support.',
  Venues:
    'Operators register venues, the lounges and fast-tracks each operates, and enroll their scanning devices.',
  'Venue devices':
    "A venue's enrolled devices verify scanned passes and record redemptions on the venue host, with " +
    'DPoP-bound device tokens.',
  Billing: "The account's monthly statements and their ledger lines.",
  Support: "Employees look up any account's bookings and eSIMs and act on them for support.",
  // The events feed's tag (issue 39), described ahead of its routes.
  Events:
    "The account's events of the last 30 days in the order they happened, with the ids of their webhook " +
    'deliveries: catch up after an outage, with or without a subscription.',
  Sandbox:
    'Simulations for testing an integration: a pass used, eSIM data usage, an eSIM profile reported. Served ' +
    'in the sandbox stages only, never in production.',
};
