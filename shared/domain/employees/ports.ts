import type { StagedWrite } from '../unit-of-work.ts';
import type {
  EmployeeIdentity,
  EmployeeRevocation,
  EmployeeScope,
  IssuedCode,
  IssuedEmployeeToken,
  PendingLogin,
  Role,
  SignedLoginState,
} from './model.ts';

/** Server-side halves of started logins (shared/db/entities/login-state.ts). */
export interface LoginStateStore {
  save(login: PendingLogin): Promise<void>;
  /**
   * Takes the login out of the store and returns it, atomically: of two concurrent calls one gets it.
   * An expired login is never returned (storage TTL deletion may lag).
   */
  consume(stateId: string, now: Date): Promise<PendingLogin | undefined>;
}

/** One-time codes (shared/db/entities/one-time-code.ts), keyed by the hash of the code. */
export interface OneTimeCodeStore {
  /** The write that stores the code, committed with the login's audit record. */
  save(code: IssuedCode): StagedWrite;
  /** Single use and expiry, as for `LoginStateStore.consume`. */
  consume(codeHash: string, now: Date): Promise<IssuedCode | undefined>;
}

export type StateVerification =
  | { valid: true; state: SignedLoginState }
  | { valid: false; problem: 'invalid' | 'expired' };

/** Signs the `state` sent to the identity provider (shared/auth/login-state-signer.ts). */
export interface LoginStateSigner {
  sign(state: SignedLoginState, expiresAt: Date): Promise<string>;
  verify(token: string, now: Date): Promise<StateVerification>;
}

/** Where the browser goes to authenticate, and what the callback must prove it started. */
export interface AuthorizationRedirect {
  url: string;
  /** Kept on the server (PendingLogin): the provider's PKCE verifier and the ID token nonce. */
  codeVerifier: string;
  nonce: string;
}

export interface AuthorizationChecks {
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** An OpenID Provider (shared/auth/oidc-relying-party.ts). Its tokens never leave the adapter. */
export interface IdentityProvider {
  /** The provider's authorization URL for `state`, with a fresh PKCE S256 challenge and nonce. */
  authorizationRedirect(state: string): Promise<AuthorizationRedirect>;
  /**
   * Redeems the provider's code from the callback query (state, issuer, PKCE and nonce checked) and
   * reads the employee's claims. Throws IdentityProviderError on any refusal or failure.
   */
  identify(callbackParams: URLSearchParams, checks: AuthorizationChecks): Promise<EmployeeIdentity>;
}

export interface EmployeeTokenClaims {
  employeeId: string;
  roles: readonly Role[];
  scopes: readonly EmployeeScope[];
  /** The admin console's client id. */
  clientId: string;
}

/** Mints the service's own employee access token (shared/auth/employee-tokens.ts). */
export interface EmployeeTokenIssuer {
  issue(claims: EmployeeTokenClaims, now: Date): Promise<IssuedEmployeeToken>;
}

/** Commits staged writes in one transaction (shared/db/commit-staged.ts). */
export interface WriteCommitter {
  commit(writes: readonly StagedWrite[]): Promise<void>;
}

/** Employee revocations (shared/db/entities/employee-revocation.ts), one per employee. */
export interface EmployeeRevocationStore {
  /** Strongly consistent: the login refuses a revoked employee from the commit of the revocation on. */
  find(employeeId: string): Promise<EmployeeRevocation | undefined>;
  /** Only over no revocation or a lifted one; a revoked employee again: 409 EmployeeInvalidState. */
  revoke(revocation: EmployeeRevocation): StagedWrite;
  /** Only while revoked, else 409 EmployeeInvalidState; keeps `revokedAt`. */
  reinstate(employeeId: string, by: string, at: string): StagedWrite;
}
