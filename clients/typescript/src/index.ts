/**
 * Typed client of the Partner Travel Services API: the types are generated from the OpenAPI document
 * (`npm run client`), the runtime is openapi-fetch. See README.md for an example.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.d.ts';

export type { components, paths };
export type Schemas = components['schemas'];
export type Problem = Schemas['Problem'];
export type TokenResponse = Schemas['TokenResponse'];
export type PartnerClient = Client<paths>;

/** A fetch that can carry the client certificate (for example undici's fetch with an Agent dispatcher). */
export type FetchLike = (request: Request) => Promise<Response>;

export interface PartnerClientOptions {
  /** `{base_url}` of the partner API, e.g. https://api.partner-travel.example */
  baseUrl: string;
  /** The current access token; called before every request, so a caller can renew it there. */
  accessToken: () => string | Promise<string>;
  /** Every call to the partner API needs mutual TLS: pass a fetch that presents the client certificate. */
  fetch: FetchLike;
}

export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });
  const bearer: Middleware = {
    async onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${await options.accessToken()}`);
      return request;
    },
  };
  client.use(bearer);
  return client;
}

export interface ClientCredentials {
  /** `{auth_url}` of the token endpoint host, e.g. https://auth.partner-travel.example */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated; omitted: every scope the application is allowed. */
  scope?: string;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

export class TokenError extends Error {
  override name = 'TokenError';
  constructor(
    readonly status: number,
    readonly error: string,
    description: string | undefined,
  ) {
    super(description ? `${error}: ${description}` : error);
  }
}

/** The client credentials grant (no client certificate on the auth host). */
export async function requestToken(credentials: ClientCredentials): Promise<TokenResponse> {
  const body = new URLSearchParams({ grant_type: 'client_credentials' });
  if (credentials.scope) body.set('scope', credentials.scope);
  const basic = btoa(
    `${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`,
  );
  const response = await (credentials.fetch ?? fetch)(`${credentials.authUrl}/oauth/v2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  const answer = (await response.json()) as TokenResponse | { error: string; error_description?: string };
  if (!response.ok || 'error' in answer) {
    const failure =
      'error' in answer ? answer : { error: `http_${response.status}`, error_description: undefined };
    throw new TokenError(response.status, failure.error, failure.error_description);
  }
  return answer;
}

/** What `requestFetch` needs from a response: undici's, node's and the browser's all qualify. */
export interface ResponseLike {
  status: number;
  statusText: string;
  headers: Iterable<[string, string]>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface RequestInitLike {
  method: string;
  headers: [string, string][];
  body?: ArrayBuffer;
  signal: AbortSignal;
}

/**
 * Adapts a fetch that takes (url, init), such as undici's `fetch` with a `dispatcher` carrying the
 * client certificate, to the Request objects openapi-fetch passes (method, headers and body copied).
 */
export function requestFetch(
  fetchWithInit: (url: string, init: RequestInitLike) => Promise<ResponseLike>,
): FetchLike {
  return async (request) => {
    const response = await fetchWithInit(request.url, {
      method: request.method,
      headers: [...request.headers],
      ...(request.body ? { body: await request.arrayBuffer() } : {}),
      signal: request.signal,
    });
    const bodyless = response.status === 204 || response.status === 304;
    return new Response(bodyless ? null : await response.arrayBuffer(), {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
    });
  };
}

/** The media type of an Apple Wallet pass. */
export const walletPassMediaType = 'application/vnd.apple.pkpass';

/** The problem a refused call answered, as an error to throw. */
export class ProblemError extends Error {
  override name = 'ProblemError';
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(`${problem.code}: ${problem.detail ?? problem.title}`);
  }
}

/**
 * The Apple Wallet pass (`.pkpass`) of a confirmed booking's pass, as bytes to hand to the traveller
 * (served as `application/vnd.apple.pkpass`, Safari and Wallet open it). Throws a ProblemError when
 * refused: 409 PassNotReady before the booking is confirmed, 404 BookingNotFound.
 */
export async function downloadWalletPass(
  api: PartnerClient,
  service: 'lounges' | 'fast-tracks',
  bookingId: string,
): Promise<Uint8Array> {
  const options = {
    params: { path: { bookingID: bookingId } },
    // API Gateway answers bytes only to a request that accepts the pass's media type.
    headers: { Accept: walletPassMediaType },
    parseAs: 'arrayBuffer',
  } as const;
  const { data, error, response } =
    service === 'lounges'
      ? await api.GET('/v2/b2b/booking/lounges/{bookingID}/pass.pkpass', options)
      : await api.GET('/v2/b2b/booking/fast-tracks/{bookingID}/pass.pkpass', options);
  if (error) throw new ProblemError(response.status, error as Problem);
  return new Uint8Array(data);
}
