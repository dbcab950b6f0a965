import { clientCredentialVerifier } from '../../shared/auth/client-secrets.ts';
import { verifyClientAssertion, verifyDpopProof } from '../../shared/auth/device-proofs.ts';
import { type PublicJwks, readPublicJwks } from '../../shared/auth/keys.ts';
import { issuePartnerToken, issueDeviceToken as signDeviceToken } from '../../shared/auth/token-issuer.ts';
import { config, tokenEndpointLimitsOverride } from '../../shared/config/env.ts';
import { onReset } from '../../shared/config/reset.ts';
import { findApplication } from '../../shared/db/entities/application.ts';
import { DynamoLockoutStore } from '../../shared/db/entities/client-lockout.ts';
import { proofReplayGuard } from '../../shared/db/entities/proof-jti.ts';
import { venueStore } from '../../shared/db/entities/venue.ts';
import { deviceStore } from '../../shared/db/entities/venue-device.ts';
import { issueClientCredentialsToken } from '../../shared/domain/accounts/client-credentials.ts';
import type { TokenGrantPorts } from '../../shared/domain/accounts/ports.ts';
import { LoginCallbackRefusedError } from '../../shared/domain/employees/errors.ts';
import {
  consoleErrorRedirect,
  exchangeCode,
  handleCallback,
  startLogin,
} from '../../shared/domain/employees/service.ts';
import { ClientLockout } from '../../shared/domain/quotas/lockout.ts';
import { quotaSettingsByStage } from '../../shared/domain/quotas/settings.ts';
import { issueDeviceToken } from '../../shared/domain/venues/device-token.ts';
import type { DeviceTokenPorts } from '../../shared/domain/venues/ports.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { openidConfigurationView, tokenView } from '../../shared/http/views/auth.ts';
import { logger } from '../../shared/observability/logger.ts';
import { authRoutes } from '../../shared/routes/auth.ts';
import { secretStore } from '../../shared/secrets/store.ts';
import { OAuthError } from '../../shared/vocabulary/oauth-error.ts';
import { allScopes } from '../../shared/vocabulary/scopes.ts';
import { exchangeDeps, loginDeps } from './employee-login.ts';

let lockout: Promise<ClientLockout> | undefined;

/**
 * The lockout per client_id and source address (docs/quotas.md): its records in DynamoDB, where many Lambda instances
 * share them (on the local stage too, so a token request there does the reads it does in AWS). An
 * override of the limits (TOKEN_ENDPOINT_LIMITS, the local stage's) is parsed, and its zod schema
 * loaded, only when one is set.
 */
function clientLockout(): Promise<ClientLockout> {
  lockout ??= (async () => {
    const { stage } = config();
    const override = tokenEndpointLimitsOverride();
    const limits = override?.trim()
      ? (await import('../../shared/domain/quotas/token-endpoint-limits.ts')).resolveTokenEndpointLimits(
          quotaSettingsByStage[stage],
          override,
        )
      : quotaSettingsByStage[stage];
    return new ClientLockout(new DynamoLockoutStore(), limits.lockout);
  })();
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
    check: async (key, now) => (await clientLockout()).check(key, now),
    recordFailure: async (key, now) => (await clientLockout()).recordFailure(key, now),
    recordSuccess: async (key, seen) => (await clientLockout()).recordSuccess(key, seen),
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

const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** Browsers follow the login's redirects; none of them may be cached or replayed from a cache. */
const redirect = (location: string) => ({
  status: 302,
  headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
});

function tokenResponse(
  token: { accessToken: string; expiresIn: number; scopes: readonly string[] },
  tokenType: 'Bearer' | 'DPoP' = 'Bearer',
) {
  return {
    status: 200,
    headers: noStore,
    body: tokenView(token, tokenType),
  };
}

const devicePorts: DeviceTokenPorts = {
  devices: deviceStore,
  venues: venueStore,
  proofs: { clientAssertion: verifyClientAssertion, dpopProof: verifyDpopProof },
  replays: proofReplayGuard,
  tokens: { issueDeviceToken: signDeviceToken },
};

export const handler = createApiHandler(authRoutes, {
  issueToken: async ({ body, rawHeaders, sourceAddress, now }) => {
    // A venue device authenticates with a client assertion and a DPoP proof (docs/venues.md).
    if (body.grant_type === 'client_credentials' && body.client_assertion !== undefined) {
      const tokenUrl = `${config().authBaseUrl.replace(/\/+$/, '')}${authRoutes.issueToken.path}`;
      const token = await issueDeviceToken(
        devicePorts,
        {
          clientId: body.client_id,
          clientAssertionType: body.client_assertion_type,
          clientAssertion: body.client_assertion,
          scope: body.scope,
          // A JWT holds no comma: a comma means several DPoP headers, joined by the gateway.
          dpopProofs: rawHeaders.dpop?.split(',').map((proof) => proof.trim()) ?? [],
          tokenUrl,
        },
        now,
      );
      return tokenResponse(token, 'DPoP');
    }
    if (body.grant_type === 'client_credentials')
      return tokenResponse(
        await issueClientCredentialsToken(ports, body, rawHeaders.authorization, sourceAddress, now),
      );
    if (body.grant_type === 'authorization_code') {
      const token = await exchangeCode(
        exchangeDeps(),
        { now },
        {
          code: body.code,
          codeVerifier: body.code_verifier,
          redirectUri: body.redirect_uri,
          clientId: body.client_id,
        },
      );
      return tokenResponse(token);
    }
    throw new OAuthError(
      'unsupported_grant_type',
      'grant_type must be client_credentials or authorization_code.',
    );
  },

  startEmployeeLogin: async ({ query, now, requestId }) => {
    const { location } = await startLogin(
      await loginDeps(),
      { now, requestId },
      {
        redirectUri: query.redirect_uri,
        codeChallenge: query.code_challenge,
        codeChallengeMethod: query.code_challenge_method,
        state: query.state,
      },
    );
    return redirect(location);
  },

  completeEmployeeLogin: async ({ query, now, requestId }) => {
    const parameters = new URLSearchParams();
    for (const [name, value] of Object.entries(query))
      if (typeof value === 'string') parameters.set(name, value);
    try {
      const { location } = await handleCallback(await loginDeps(), { now, requestId }, parameters);
      return redirect(location);
    } catch (error) {
      // The state proved where the console waits: a refusal by the provider may go back there.
      if (error instanceof LoginCallbackRefusedError && error.consoleReturn)
        return redirect(consoleErrorRedirect(error.consoleReturn, 'access_denied', error.message));
      throw error;
    }
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
      body: openidConfigurationView(
        tokenIssuer,
        {
          authorization: `${authBaseUrl}${authRoutes.startEmployeeLogin.path}`,
          token: `${authBaseUrl}${authRoutes.issueToken.path}`,
          jwks: `${authBaseUrl}${authRoutes.getJwks.path}`,
        },
        allScopes,
      ),
    };
  },
});
