import { networkProblem, type Problem, ProblemError, toProblem } from './problem.ts';

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** A JSON body. */
  json?: unknown;
  /** A raw body (an image), sent with `contentType`. */
  body?: Blob;
  contentType?: string;
  idempotencyKey?: string;
  /**
   * Another media type of the answer (`text/csv`), asked for with `Accept`: a success is answered as
   * its text; problems still come as JSON.
   */
  accept?: string;
  signal?: AbortSignal;
}

export interface HttpClientOptions {
  baseUrl: string;
  /** The current access token, or undefined when there is none or it is about to expire. */
  getAccessToken(): string | undefined;
  /** Called on a 401 or when no usable token is left: the employee signs in again. */
  onUnauthorized(): void;
  fetch?: typeof fetch;
}

export type HttpClient = <T>(method: string, path: string, options?: RequestOptions) => Promise<T>;

const unauthorizedProblem: Problem = {
  code: 'Unauthorized',
  title: 'Your session has ended',
  detail: 'Signing you in again…',
  status: 401,
};

function withQuery(url: URL, query: Record<string, QueryValue> | undefined): URL {
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  }
  return url;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  return async function send<T>(method: string, path: string, request: RequestOptions = {}): Promise<T> {
    const token = options.getAccessToken();
    if (!token) {
      options.onUnauthorized();
      throw new ProblemError(unauthorizedProblem);
    }
    const headers = new Headers({
      Accept: `${request.accept ?? 'application/json'}, application/problem+json`,
    });
    headers.set('Authorization', `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (request.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(request.json);
    } else if (request.body !== undefined) {
      headers.set('Content-Type', request.contentType ?? (request.body.type || 'application/octet-stream'));
      body = request.body;
    }
    if (request.idempotencyKey) headers.set('Idempotency-Key', request.idempotencyKey);

    let response: Response;
    try {
      response = await fetchImpl(withQuery(new URL(`${options.baseUrl}${path}`), request.query), {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        credentials: 'omit',
        ...(request.signal ? { signal: request.signal } : {}),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ProblemError(networkProblem);
    }
    if (response.status === 401) {
      options.onUnauthorized();
      throw new ProblemError(unauthorizedProblem);
    }
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    if (response.ok && request.accept) return text as T;
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      throw new ProblemError(toProblem(response.status, parsed, response.headers.get('X-Request-ID')));
    }
    return parsed as T;
  };
}
