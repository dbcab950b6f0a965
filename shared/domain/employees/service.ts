import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { OAuthError } from '../../vocabulary/oauth-error.ts';
import { type AuditEntry, buildAuditRecord } from '../audit/model.ts';
import type { AuditLog } from '../audit/ports.ts';
import { uuidV7 } from '../booking/ids.ts';
import {
  type ConsoleReturn,
  IdentityProviderError,
  InvalidGrantError,
  LoginCallbackRefusedError,
  LoginRequestRefusedError,
  NoRoleError,
} from './errors.ts';
import {
  type CodeExchange,
  type EmployeeIdentity,
  type IssuedEmployeeToken,
  type LoginRequest,
  type RoleMapping,
  rolesFor,
  scopesFor,
} from './model.ts';
import type {
  EmployeeRevocationStore,
  EmployeeTokenIssuer,
  IdentityProvider,
  LoginStateSigner,
  LoginStateStore,
  OneTimeCodeStore,
  WriteCommitter,
} from './ports.ts';

/** The signed state, and the login it names, expire 10 minutes after the login started. */
export const loginStateLifetimeSeconds = 10 * 60;
/** The one-time code handed to the console lives 60 seconds. */
export const oneTimeCodeLifetimeSeconds = 60;

/** Operation ids of the login routes; the audit log names the callback's. */
export const employeeLoginOperations = {
  start: 'startEmployeeLogin',
  callback: 'completeEmployeeLogin',
} as const;

export interface EmployeeLoginSettings {
  /** Exact redirect URIs of the admin console (compared as strings, no normalising). */
  redirectUris: readonly string[];
  roleMapping: RoleMapping;
  /** The console's client id: the `client_id` claim, and checked when the exchange sends one. */
  consoleClientId: string;
}

export interface EmployeeLoginDeps {
  settings: EmployeeLoginSettings;
  signer: LoginStateSigner;
  states: LoginStateStore;
  codes: OneTimeCodeStore;
  identityProvider: IdentityProvider;
  tokens: EmployeeTokenIssuer;
  revocations: Pick<EmployeeRevocationStore, 'find'>;
  audit: AuditLog;
  committer: WriteCommitter;
}

export interface LoginContext {
  now: Date;
  requestId: string | null;
}

/** RFC 7636 section 4.1: the verifier's alphabet and length. */
const codeVerifierFormat = /^[A-Za-z0-9._~-]{43,128}$/;
/** An S256 challenge is base64url(SHA-256) without padding: always 43 characters. */
const s256ChallengeFormat = /^[A-Za-z0-9_-]{43}$/;
/** The console's state comes back in a URL: printable ASCII, bounded. */
const appStateFormat = /^[\x21-\x7e]{1,512}$/;

const base64url = (bytes: Buffer) => bytes.toString('base64url');
export const s256 = (value: string) => base64url(createHash('sha256').update(value, 'ascii').digest());
export const hashOneTimeCode = (code: string) => s256(code);

function safeEqual(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuseRequest(problem: LoginRequestRefusedError['problem'], message: string): never {
  throw new LoginRequestRefusedError(problem, message);
}

/**
 * Starts a login: checks the console's request, signs a state naming a single-use record that keeps
 * the identity provider's PKCE verifier and nonce on the server, and answers where to send the browser.
 * The redirect_uri is checked first, so nothing is ever sent to an address outside the whitelist.
 */
export async function startLogin(
  deps: Pick<EmployeeLoginDeps, 'settings' | 'signer' | 'states' | 'identityProvider'>,
  context: LoginContext,
  request: LoginRequest,
): Promise<{ location: string }> {
  const { redirectUri, codeChallenge, codeChallengeMethod, state } = request;
  if (redirectUri === undefined || !deps.settings.redirectUris.includes(redirectUri))
    refuseRequest('redirect_uri', 'The redirect_uri is not one of the admin console addresses.');
  if (codeChallengeMethod !== 'S256')
    refuseRequest('code_challenge_method', 'code_challenge_method must be S256.');
  if (codeChallenge === undefined || !s256ChallengeFormat.test(codeChallenge))
    refuseRequest('code_challenge', 'code_challenge must be the base64url SHA-256 of the code verifier.');
  if (state === undefined || !appStateFormat.test(state))
    refuseRequest('state', 'state is required: 1 to 512 printable ASCII characters.');

  const stateId = randomUUID();
  const expiresAt = new Date(context.now.getTime() + loginStateLifetimeSeconds * 1000);
  const signed = await deps.signer.sign({ stateId, redirectUri, codeChallenge, appState: state }, expiresAt);
  const redirect = await deps.identityProvider.authorizationRedirect(signed);
  await deps.states.save({
    stateId,
    codeVerifier: redirect.codeVerifier,
    nonce: redirect.nonce,
    expiresAt: expiresAt.toISOString(),
  });
  return { location: redirect.url };
}

function consoleRedirect(target: ConsoleReturn, parameters: Record<string, string>): string {
  const url = new URL(target.redirectUri);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  url.searchParams.set('state', target.appState);
  return url.toString();
}

/** The console address for a refusal that may go back to it (RFC 6749 section 4.1.2.1). */
export function consoleErrorRedirect(target: ConsoleReturn, error: 'access_denied', description: string) {
  return consoleRedirect(target, { error, error_description: description });
}

const loginActor = (identity: EmployeeIdentity | null, granted: readonly string[] = []) => ({
  type: 'employee' as const,
  id: identity?.subject ?? null,
  roles: granted,
});

async function audit(
  deps: Pick<EmployeeLoginDeps, 'audit' | 'committer'>,
  context: LoginContext,
  entry: AuditEntry,
) {
  const record = buildAuditRecord(entry, uuidV7(context.now), context.now);
  await deps.committer.commit([deps.audit.append(record)]);
}

/**
 * The identity provider's answer: the state must be ours, fresh and unused; the provider's code is
 * redeemed on the server; the employee's groups become roles. A granted login stores a one-time code
 * (only its hash) and its audit record in one transaction and sends the browser back to the console.
 * Every attempt that got past the state check is audited, refused ones included.
 */
export async function handleCallback(
  deps: EmployeeLoginDeps,
  context: LoginContext,
  callbackParams: URLSearchParams,
): Promise<{ location: string }> {
  const token = callbackParams.get('state');
  if (!token) throw new LoginCallbackRefusedError('state_invalid', 'The login state is missing.');
  const verification = await deps.signer.verify(token, context.now);
  if (!verification.valid) {
    throw verification.problem === 'expired'
      ? new LoginCallbackRefusedError(
          'state_expired',
          'The login took too long. Start again from the console.',
        )
      : new LoginCallbackRefusedError('state_invalid', 'The login state is not valid.');
  }
  const { state } = verification;
  const pending = await deps.states.consume(state.stateId, context.now);
  if (!pending)
    throw new LoginCallbackRefusedError(
      'state_used',
      'This login was already completed. Start again from the console.',
    );
  const consoleReturn: ConsoleReturn = { redirectUri: state.redirectUri, appState: state.appState };
  const action = employeeLoginOperations.callback;

  let identity: EmployeeIdentity;
  try {
    identity = await deps.identityProvider.identify(callbackParams, {
      state: token,
      codeVerifier: pending.codeVerifier,
      nonce: pending.nonce,
    });
  } catch (error) {
    if (!(error instanceof IdentityProviderError)) throw error;
    await audit(deps, context, {
      actor: loginActor(null),
      action,
      target: { type: 'employee', id: null },
      requestId: context.requestId,
      outcome: 'refused',
      reason: 'identity_provider',
      details: { provider_error: error.providerError },
    });
    throw new LoginCallbackRefusedError(
      'identity_provider',
      'The identity provider did not confirm the login.',
      consoleReturn,
      { cause: error },
    );
  }

  const granted = rolesFor(identity.groups, deps.settings.roleMapping);
  const target = { type: 'employee', id: identity.subject };
  if (granted.length === 0) {
    await audit(deps, context, {
      actor: loginActor(identity),
      action,
      target,
      requestId: context.requestId,
      outcome: 'refused',
      reason: 'no_role',
      details: { groups: [...identity.groups] },
    });
    throw new NoRoleError(identity.subject, consoleReturn);
  }

  const code = base64url(randomBytes(32));
  const codeWrite = deps.codes.save({
    codeHash: hashOneTimeCode(code),
    employeeId: identity.subject,
    roles: granted,
    codeChallenge: state.codeChallenge,
    redirectUri: state.redirectUri,
    expiresAt: new Date(context.now.getTime() + oneTimeCodeLifetimeSeconds * 1000).toISOString(),
  });
  const record = buildAuditRecord(
    {
      actor: loginActor(identity, granted),
      action,
      target,
      requestId: context.requestId,
      outcome: 'succeeded',
      details: { redirect_uri: state.redirectUri, groups: [...identity.groups] },
    },
    uuidV7(context.now),
    context.now,
  );
  await deps.committer.commit([codeWrite, deps.audit.append(record)]);
  return { location: consoleRedirect(consoleReturn, { code }) };
}

/**
 * `grant_type=authorization_code`: spends the one-time code, then checks that it was issued to this
 * console address and that the verifier matches the challenge of the login that created it, and
 * issues the employee token unless the employee was revoked meanwhile (read without a cache: the
 * revocation holds from its commit). Any refusal after the code is found still spends the code.
 */
export async function exchangeCode(
  deps: Pick<EmployeeLoginDeps, 'settings' | 'codes' | 'tokens' | 'revocations'>,
  context: Pick<LoginContext, 'now'>,
  exchange: CodeExchange,
): Promise<IssuedEmployeeToken> {
  const { code, codeVerifier, redirectUri, clientId } = exchange;
  if (!code) throw new OAuthError('invalid_request', 'code is required.');
  if (!redirectUri) throw new OAuthError('invalid_request', 'redirect_uri is required.');
  if (!codeVerifier) throw new OAuthError('invalid_request', 'code_verifier is required.');
  if (!codeVerifierFormat.test(codeVerifier))
    throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 characters of [A-Za-z0-9._~-].');

  const issued = await deps.codes.consume(hashOneTimeCode(code), context.now);
  if (!issued)
    throw new InvalidGrantError('code_unknown', 'The code is not valid, has expired or was already used.');
  if (clientId && clientId !== deps.settings.consoleClientId)
    throw new InvalidGrantError('client_mismatch', 'The code was issued to another client.');
  if (redirectUri !== issued.redirectUri)
    throw new InvalidGrantError('redirect_uri_mismatch', 'redirect_uri differs from the one of the login.');
  if (!safeEqual(s256(codeVerifier), issued.codeChallenge))
    throw new InvalidGrantError('code_verifier_mismatch', 'code_verifier does not match the code_challenge.');
  if ((await deps.revocations.find(issued.employeeId))?.status === 'Revoked') {
    throw new InvalidGrantError(
      'employee_revoked',
      'Your access to the admin console is revoked. Ask an administrator to reinstate it.',
    );
  }

  return deps.tokens.issue(
    {
      employeeId: issued.employeeId,
      roles: issued.roles,
      scopes: scopesFor(issued.roles),
      clientId: deps.settings.consoleClientId,
    },
    context.now,
  );
}
