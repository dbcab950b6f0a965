/** A token endpoint's answer (RFC 6749, section 5.1). */
export function tokenView(
  token: { accessToken: string; expiresIn: number; scopes: readonly string[] },
  tokenType: 'Bearer' | 'DPoP' = 'Bearer',
) {
  return {
    access_token: token.accessToken,
    token_type: tokenType,
    expires_in: token.expiresIn,
    scope: token.scopes.join(' '),
  };
}

/** The discovery document (OpenID Connect Discovery 1.0), its endpoints absolute on the auth host. */
export function openidConfigurationView(
  issuer: string,
  endpoints: { authorization: string; token: string; jwks: string },
  scopes: readonly string[],
) {
  return {
    issuer,
    // Employees only: the console's login (partners use the client credentials grant).
    authorization_endpoint: endpoints.authorization,
    token_endpoint: endpoints.token,
    jwks_uri: endpoints.jwks,
    grant_types_supported: ['client_credentials', 'authorization_code'],
    // `none`: the console, a public client that proves itself with PKCE.
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    id_token_signing_alg_values_supported: ['ES256'],
    scopes_supported: [...scopes],
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
  };
}
