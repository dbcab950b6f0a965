import type { oauthErrorCodes } from '../schemas/auth.ts';

export type OAuthErrorCode = (typeof oauthErrorCodes)[number];

/** A token endpoint refusal in RFC 6749 section 5.2 terms. */
export class OAuthError extends Error {
  readonly error: OAuthErrorCode;
  readonly status: 400 | 401;

  constructor(error: OAuthErrorCode, description: string, options?: ErrorOptions) {
    super(description, options);
    this.name = 'OAuthError';
    this.error = error;
    this.status = error === 'invalid_client' ? 401 : 400;
  }
}
