import * as client from 'openid-client';
import { IdentityProviderError } from '../domain/employees/errors.ts';
import type { EmployeeIdentity } from '../domain/employees/model.ts';
import type {
  AuthorizationChecks,
  AuthorizationRedirect,
  IdentityProvider,
} from '../domain/employees/ports.ts';

export interface OidcRelyingPartyOptions {
  /** The provider's issuer identifier; its discovery document is read from it. */
  issuer: string;
  clientId: string;
  /** The client secret at the provider (Secrets Manager in AWS). */
  clientSecret: string;
  /** This service's callback operation, as registered at the provider (no query string). */
  callbackUrl: string;
  /** Requested scopes; `groups` must be among them where the provider releases groups by scope. */
  scope?: string;
  /** The claim holding the employee's groups, in userinfo or the ID token. */
  groupsClaim?: string;
  /** Outbound HTTP, e.g. a fetch trusting the local stage's CA (shared/net/trusting-fetch.ts). */
  fetch?: client.CustomFetch;
  /** Per request, in seconds. */
  timeoutSeconds?: number;
}

export const defaultOidcScope = 'openid profile email groups';
export const defaultGroupsClaim = 'groups';

function stringClaim(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function groupsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((group): group is string => typeof group === 'string') : [];
}

function providerFailure(error: unknown): IdentityProviderError {
  if (error instanceof client.AuthorizationResponseError)
    return new IdentityProviderError('The identity provider refused the login.', error.error, {
      cause: error,
    });
  if (error instanceof client.ResponseBodyError)
    return new IdentityProviderError('The identity provider refused the code.', error.error, {
      cause: error,
    });
  return new IdentityProviderError('The identity provider could not be reached or answered wrongly.', null, {
    cause: error,
  });
}

/**
 * The identity provider port over openid-client: discovery once per container (again after a
 * failure), the authorization request with PKCE S256, state and nonce, then the code grant with
 * every check the library offers (state, issuer, PKCE, ID token signature, nonce) and userinfo for
 * the groups. The provider's tokens stay inside this function.
 */
export function createOidcRelyingParty(options: OidcRelyingPartyOptions): IdentityProvider {
  const scope = options.scope ?? defaultOidcScope;
  const groupsClaim = options.groupsClaim ?? defaultGroupsClaim;
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        new URL(options.issuer),
        options.clientId,
        { client_secret: options.clientSecret, redirect_uris: [options.callbackUrl] },
        client.ClientSecretBasic(options.clientSecret),
        {
          ...(options.fetch ? { [client.customFetch]: options.fetch } : {}),
          timeout: options.timeoutSeconds ?? 5,
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw providerFailure(error);
      });
    return discovered;
  }

  return {
    async authorizationRedirect(state: string): Promise<AuthorizationRedirect> {
      const config = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: options.callbackUrl,
        scope,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, codeVerifier, nonce };
    },

    async identify(callbackParams: URLSearchParams, checks: AuthorizationChecks): Promise<EmployeeIdentity> {
      const config = await configuration();
      const currentUrl = new URL(options.callbackUrl);
      currentUrl.search = callbackParams.toString();
      try {
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new IdentityProviderError('The identity provider sent no ID token.');
        const userinfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
        return {
          subject: idToken.sub,
          groups: groupsOf(userinfo[groupsClaim] ?? idToken[groupsClaim]),
          name: stringClaim(userinfo.name ?? idToken.name),
          email: stringClaim(userinfo.email ?? idToken.email),
        };
      } catch (error) {
        if (error instanceof IdentityProviderError) throw error;
        throw providerFailure(error);
      }
    },
  };
}
