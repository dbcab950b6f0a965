import { OAuthError } from '../../vocabulary/oauth-error.ts';

/**
 * Refusals of the employee login. The login and callback operations answer a browser, so these are
 * rendered as pages (docs/employees.md, Refusals), never as a redirect to an address that was not
 * checked; the token exchange answers RFC 6749 errors.
 */

export type LoginRequestProblem = 'redirect_uri' | 'code_challenge_method' | 'code_challenge' | 'state';

/** The login request is malformed or names a redirect_uri outside the whitelist: a 400 page. */
export class LoginRequestRefusedError extends Error {
  readonly problem: LoginRequestProblem;

  constructor(problem: LoginRequestProblem, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'LoginRequestRefusedError';
    this.problem = problem;
  }
}

export type CallbackProblem =
  /** Missing, malformed, or signed with a key the service does not hold. */
  | 'state_invalid'
  /** Signed by the service but older than its 10 minutes. */
  | 'state_expired'
  /** Signed, fresh, but already used once (a replayed callback). */
  | 'state_used'
  /** The identity provider refused the login, or its code could not be redeemed. */
  | 'identity_provider';

/** Where the console expects the answer, once the state proved it: only then may a refusal redirect. */
export interface ConsoleReturn {
  redirectUri: string;
  appState: string;
}

/**
 * The callback cannot complete the login: a 400 page. For `identity_provider` the state was valid, so
 * `consoleReturn` is known and the answer may instead redirect there with `error=access_denied`.
 */
export class LoginCallbackRefusedError extends Error {
  readonly problem: CallbackProblem;
  readonly consoleReturn: ConsoleReturn | null;

  constructor(
    problem: CallbackProblem,
    message: string,
    consoleReturn: ConsoleReturn | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'LoginCallbackRefusedError';
    this.problem = problem;
    this.consoleReturn = consoleReturn;
  }
}

/** The employee's groups map to no role under strict mapping: 403, and no token. */
export class NoRoleError extends Error {
  readonly employeeId: string;
  readonly consoleReturn: ConsoleReturn;

  constructor(employeeId: string, consoleReturn: ConsoleReturn) {
    super('Your account has no role in the admin console. Ask an administrator to add you to a group.');
    this.name = 'NoRoleError';
    this.employeeId = employeeId;
    this.consoleReturn = consoleReturn;
  }
}

/** The identity provider adapter's one failure type; `cause` holds the library error. */
export class IdentityProviderError extends Error {
  /** The provider's own error code when it sent one (`access_denied`), else null. */
  readonly providerError: string | null;

  constructor(message: string, providerError: string | null = null, options?: ErrorOptions) {
    super(message, options);
    this.name = 'IdentityProviderError';
    this.providerError = providerError;
  }
}

export type InvalidGrantReason =
  | 'code_unknown'
  | 'client_mismatch'
  | 'redirect_uri_mismatch'
  | 'code_verifier_mismatch'
  /** The employee was revoked (docs/employees.md, Revocation) and no admin has reinstated them yet. */
  | 'employee_revoked';

/**
 * The one-time code cannot be redeemed (RFC 6749 section 5.2 `invalid_grant`). The code is spent by
 * the attempt whatever the reason, so a guessed verifier gets one try.
 */
export class InvalidGrantError extends OAuthError {
  readonly reason: InvalidGrantReason;

  constructor(reason: InvalidGrantReason, description: string) {
    super('invalid_grant', description);
    this.name = 'InvalidGrantError';
    this.reason = reason;
  }
}
