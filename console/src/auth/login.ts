import { authPaths } from '../api/paths.ts';
import type { ConsoleConfig } from '../config.ts';
import {
  checkCallback,
  createLoginState,
  parsePendingLogin,
  pendingLoginLifetimeMs,
  serializePendingLogin,
} from './login-state.ts';
import { codeChallengeS256, createCodeVerifier } from './pkce.ts';
import { setSession } from './session.ts';
import { type EmployeeSession, sessionFromTokenResponse } from './token.ts';

/**
 * The PKCE verifier and the state must survive the full-page redirect through the identity provider.
 * They wait in sessionStorage (this tab only) for at most 10 minutes and are removed the moment the
 * login returns; the access token never goes there (see docs/console.md).
 */
const pendingLoginKey = 'console.pending-login';

export class LoginError extends Error {
  override name = 'LoginError';
}

/** Leaves the page for the login; the employee comes back to `returnRoute`. */
export async function beginLogin(config: ConsoleConfig, returnRoute: string): Promise<never> {
  const verifier = createCodeVerifier();
  const state = createLoginState(returnRoute);
  sessionStorage.setItem(
    pendingLoginKey,
    serializePendingLogin({ state, verifier, expiresAt: Date.now() + pendingLoginLifetimeMs }),
  );
  const login = new URL(`${config.authUrl}${authPaths.login}`);
  login.search = new URLSearchParams({
    redirect_uri: config.redirectUri,
    code_challenge: await codeChallengeS256(verifier),
    code_challenge_method: 'S256',
    state,
  }).toString();
  window.location.assign(login.toString());
  // The page is unloading; nothing after this should run.
  return new Promise<never>(() => {});
}

export function isLoginReturn(location: Location): boolean {
  const params = new URLSearchParams(location.search);
  return params.has('state') && (params.has('code') || params.has('error'));
}

interface TokenAnswer {
  access_token?: unknown;
  expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
  detail?: unknown;
  title?: unknown;
}

/** Finishes a login return: checks the state, exchanges the code, keeps the token in memory. */
export async function completeLogin(
  config: ConsoleConfig,
  location: Location,
  fetchImpl: typeof fetch = fetch,
): Promise<{ session: EmployeeSession; returnRoute: string }> {
  const params = new URLSearchParams(location.search);
  const pending = parsePendingLogin(sessionStorage.getItem(pendingLoginKey), Date.now());
  // Single use: whatever happens next, this verifier and state are spent.
  sessionStorage.removeItem(pendingLoginKey);
  // The code must not stay in the address bar or the history.
  window.history.replaceState(null, '', `${location.pathname}${location.hash}`);

  const providerError = params.get('error');
  if (providerError) {
    throw new LoginError(params.get('error_description') ?? `The sign-in was refused (${providerError}).`);
  }
  const check = checkCallback(params, pending);
  if (!check.ok) throw new LoginError(check.message);

  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: check.code,
    code_verifier: check.verifier,
    redirect_uri: config.redirectUri,
    client_id: config.clientId,
  });
  let response: Response;
  try {
    response = await fetchImpl(`${config.authUrl}${authPaths.token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body,
      credentials: 'omit',
    });
  } catch {
    throw new LoginError('The sign-in service could not be reached.');
  }
  const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
  if (!response.ok || typeof answer.access_token !== 'string') {
    const reason =
      typeof answer.error_description === 'string'
        ? answer.error_description
        : typeof answer.detail === 'string'
          ? answer.detail
          : typeof answer.title === 'string'
            ? answer.title
            : `HTTP ${response.status}`;
    throw new LoginError(`The sign-in could not be completed: ${reason}`);
  }
  const session = sessionFromTokenResponse(
    {
      access_token: answer.access_token,
      ...(typeof answer.expires_in === 'number' ? { expires_in: answer.expires_in } : {}),
    },
    Date.now(),
  );
  setSession(session);
  return { session, returnRoute: check.returnRoute };
}

export function signOut(): void {
  setSession(undefined);
}
