import { clientCredentialVerifier } from '../../shared/auth/client-secrets.ts';
import { type PublicJwks, readPublicJwks } from '../../shared/auth/keys.ts';
import { OAuthError } from '../../shared/auth/oauth-error.ts';
import { allScopes } from '../../shared/auth/scopes.ts';
import { issuePartnerToken } from '../../shared/auth/tokens.ts';
import { config, tokenEndpointLimitsOverride } from '../../shared/config/env.ts';
import { onReset } from '../../shared/config/reset.ts';
import { findApplication } from '../../shared/db/entities/application.ts';
import { DynamoLockoutStore } from '../../shared/db/entities/client-lockout.ts';
import { issueClientCredentialsToken } from '../../shared/domain/accounts/client-credentials.ts';
import type { TokenGrantPorts } from '../../shared/domain/accounts/ports.ts';
import { InMemoryLockoutStore } from '../../shared/domain/quotas/in-memory-lockout-store.ts';
import { ClientLockout } from '../../shared/domain/quotas/lockout.ts';
import { quotaSettingsByStage } from '../../shared/domain/quotas/settings.ts';
import { resolveTokenEndpointLimits } from '../../shared/domain/quotas/token-endpoint-limits.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { logger } from '../../shared/observability/logger.ts';
import { authRoutes } from '../../shared/routes/auth.ts';
import { secretStore } from '../../shared/secrets/store.ts';

let lockout: ClientLockout | undefined;

/**
 * The lockout per client_id (docs/quotas.md): its records in DynamoDB, where many Lambda instances
 * share them; in memory on the local stage, whose one process serves every token request.
 */
function clientLockout(): ClientLockout {
  if (!lockout) {
    const { stage } = config();
    const limits = resolveTokenEndpointLimits(quotaSettingsByStage[stage], tokenEndpointLimitsOverride());
    lockout = new ClientLockout(
      stage === 'local' ? new InMemoryLockoutStore() : new DynamoLockoutStore(),
      limits.lockout,
    );
  }
  return lockout;
}
onReset(() => {
  lockout = undefined;
});

const ports: TokenGrantPorts = {
  applications: { find: findApplication },
  credentials: clientCredentialVerifier,
  tokens: { issuePartnerToken },
  lockout: {
    check: (clientId, now) => clientLockout().check(clientId, now),
    recordFailure: (clientId, now) => clientLockout().recordFailure(clientId, now),
    recordSuccess: (clientId, seen) => clientLockout().recordSuccess(clientId, seen),
  },
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
