/** RFC 6749 section 5.2 error codes the token endpoint answers with, and RFC 9449's for a bad DPoP proof. */
export const oauthErrorCodes = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'invalid_dpop_proof',
] as const;

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
