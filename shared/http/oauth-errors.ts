import { ApiError } from '../domain/errors.ts';
import { OAuthError } from '../vocabulary/oauth-error.ts';
import { type ProblemResponse, problemResponse, statusOf } from './problem.ts';

/**
 * The token endpoint answers in OAuth terms: `{error, error_description}`, 400 or 401 with
 * `WWW-Authenticate: Basic` (docs/contract.md, Tokens). Requests it cannot parse are invalid_request.
 * A rate limit (429) stays a RateLimitExceeded problem with Retry-After: RFC 6749 has no error code
 * for it, and the WAF answers floods with the same problem before the function sees them.
 */
export function oauthErrorResponse(error: unknown, requestId: string): ProblemResponse {
  let oauth: OAuthError | undefined;
  if (error instanceof OAuthError) oauth = error;
  else if (error instanceof ApiError && statusOf(error) < 500 && statusOf(error) !== 429)
    oauth = new OAuthError('invalid_request', error.message);
  if (!oauth) {
    const problem = problemResponse(error, '/oauth/v2/token', requestId);
    return { ...problem, headers: { ...problem.headers, 'Cache-Control': 'no-store' } };
  }
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    Pragma: 'no-cache',
    'X-Request-ID': requestId,
  };
  if (oauth.status === 401) headers['WWW-Authenticate'] = 'Basic realm="token", charset="UTF-8"';
  return {
    statusCode: oauth.status,
    headers,
    body: JSON.stringify({ error: oauth.error, error_description: oauth.message }),
  };
}
