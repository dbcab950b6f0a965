import { clientCredentialVerifier } from '../../shared/auth/client-secrets.ts';
import { type PublicJwks, readPublicJwks } from '../../shared/auth/keys.ts';
import { OAuthError } from '../../shared/auth/oauth-error.ts';
import { allScopes } from '../../shared/auth/scopes.ts';
import { issuePartnerToken } from '../../shared/auth/tokens.ts';
import { config } from '../../shared/config/env.ts';
import { findApplication } from '../../shared/db/entities/application.ts';
import { issueClientCredentialsToken } from '../../shared/domain/accounts/client-credentials.ts';
import type { TokenGrantPorts } from '../../shared/domain/accounts/ports.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { logger } from '../../shared/observability/logger.ts';
import { authRoutes } from '../../shared/routes/auth.ts';
import { secretStore } from '../../shared/secrets/store.ts';

const ports: TokenGrantPorts = {
  applications: { find: findApplication },
  credentials: clientCredentialVerifier,
  tokens: { issuePartnerToken },
  log: logger,
};

/** Keys are published well before they sign (shared/auth/keys.ts), so a minute of staleness is harmless. */
const jwksCacheMs = 60_000;
let jwksCache: { jwks: PublicJwks; loadedAt: number } | undefined;

async function publishedJwks(now: Date): Promise<PublicJwks> {
  if (!jwksCache || now.getTime() - jwksCache.loadedAt > jwksCacheMs) {
    jwksCache = { jwks: await readPublicJwks(secretStore()), loadedAt: now.getTime() };
  }
  return jwksCache.jwks;
}

export const handler = createApiHandler(authRoutes, {
  issueToken: async ({ body, rawHeaders, now }) => {
    if (body.grant_type !== 'client_credentials') {
      throw new OAuthError('unsupported_grant_type', 'Only grant_type=client_credentials is supported.');
    }
    const token = await issueClientCredentialsToken(ports, body, rawHeaders.authorization, now);
    return {
      status: 200,
      headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
      body: {
        access_token: token.accessToken,
        token_type: 'Bearer',
        expires_in: token.expiresIn,
        scope: token.scopes.join(' '),
      },
    };
  },

  getJwks: async ({ now }) => ({
    status: 200,
    headers: { 'Cache-Control': 'public, max-age=300' },
    body: await publishedJwks(now),
  }),

  getOpenidConfiguration: async () => {
    const { tokenIssuer } = config();
    const authBaseUrl = config().authBaseUrl.replace(/\/+$/, '');
    return {
      status: 200,
      headers: { 'Cache-Control': 'public, max-age=300' },
      body: {
        issuer: tokenIssuer,
        token_endpoint: `${authBaseUrl}/oauth/v2/token`,
        jwks_uri: `${authBaseUrl}/.well-known/jwks.json`,
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        id_token_signing_alg_values_supported: ['ES256'],
        scopes_supported: [...allScopes],
        // No authorization endpoint: partners use the client credentials grant only.
        response_types_supported: [],
      },
    };
  },
});
