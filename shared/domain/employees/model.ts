import { employeeOnlyScopes, identityScopes } from '../../vocabulary/scopes.ts';

/** Employee roles (docs/employees.md, Roles and scopes). */
export const roles = ['admin', 'support'] as const;
export type Role = (typeof roles)[number];

export const isRole = (value: string): value is Role => (roles as readonly string[]).includes(value);

export { employeeOnlyScopes };

export const employeeScopes = [...identityScopes, ...employeeOnlyScopes] as const;
export type EmployeeScope = (typeof employeeScopes)[number];

/**
 * Each role is a fixed set of scopes. `admin` holds every employee scope; `support` only reads
 * accounts, applications, eSIM pools, the catalog, webhook deliveries, the audit log, venues, redemptions,
 * billing, bookings, eSIMs and partners' request logs.
 */
export const roleScopes: Readonly<Record<Role, readonly EmployeeScope[]>> = {
  admin: employeeScopes,
  support: [
    'identity.account:read',
    'identity.application:read',
    'admin.catalog:read',
    'admin.esim_pools:read',
    'admin.webhook_deliveries:read',
    'admin.audit_log:read',
    'admin.venues:read',
    'admin.redemptions:read',
    'admin.billing:read',
    'admin.bookings:read',
    'admin.esims:read',
    'admin.requests:read',
  ],
};

/**
 * `strict`: an employee in no mapped group has no role (production, and any stage that asks for it).
 * `lenient`: such an employee is treated as `admin`, so a development identity provider needs no
 * group setup.
 */
export type RoleMappingMode = 'strict' | 'lenient';

export interface RoleMapping {
  /** Identity provider group name -> role. Several groups may map to one role. */
  groups: Readonly<Record<string, Role>>;
  mode: RoleMappingMode;
}

/** The employee's roles, in the order of `roles`; empty only under strict mapping. */
export function rolesFor(groups: readonly string[], mapping: RoleMapping): Role[] {
  const granted = new Set<Role>();
  for (const group of groups) {
    const role = Object.hasOwn(mapping.groups, group) ? mapping.groups[group] : undefined;
    if (role) granted.add(role);
  }
  if (granted.size === 0 && mapping.mode === 'lenient') granted.add('admin');
  return roles.filter((role) => granted.has(role));
}

/** The union of the roles' scopes, in the order of `employeeScopes`. */
export function scopesFor(granted: readonly Role[]): EmployeeScope[] {
  const scopes = new Set<EmployeeScope>(granted.flatMap((role) => roleScopes[role]));
  return employeeScopes.filter((scope) => scopes.has(scope));
}

/** Who the identity provider says logged in. */
export interface EmployeeIdentity {
  /** The provider's `sub`: the employee id in tokens and the audit log. */
  subject: string;
  groups: readonly string[];
  name: string | null;
  email: string | null;
}

/** The admin console's login request (the query of the login operation). */
export interface LoginRequest {
  redirectUri: string | undefined;
  codeChallenge: string | undefined;
  codeChallengeMethod: string | undefined;
  state: string | undefined;
}

/** What the signed `state` sent to the identity provider carries through the browser. */
export interface SignedLoginState {
  /** Names the single-use record of this login attempt. */
  stateId: string;
  redirectUri: string;
  codeChallenge: string;
  /** The console's own `state`, given back to it with the one-time code. */
  appState: string;
}

/** The server-side half of a login attempt: what must never travel through the browser. */
export interface PendingLogin {
  stateId: string;
  /** PKCE verifier and nonce of the request to the identity provider. */
  codeVerifier: string;
  nonce: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** A one-time code, stored under the hash of its value (the value itself only goes to the browser). */
export interface IssuedCode {
  /** base64url SHA-256 of the code. */
  codeHash: string;
  employeeId: string;
  roles: readonly Role[];
  codeChallenge: string;
  redirectUri: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** The token exchange form (`grant_type=authorization_code`). */
export interface CodeExchange {
  code: string | undefined;
  codeVerifier: string | undefined;
  redirectUri: string | undefined;
  /** Optional for a public client (RFC 6749 section 4.1.3); checked when sent. */
  clientId: string | undefined;
}

export interface IssuedEmployeeToken {
  accessToken: string;
  expiresIn: number;
  scopes: readonly EmployeeScope[];
  roles: readonly Role[];
}

/**
 * An employee's cut-off (docs/employees.md, Revocation). The item outlives its lift: `revokedAt` keeps
 * refusing the tokens issued before the revocation, so lifting it lets the employee sign in again
 * without bringing their old tokens back.
 */
export interface EmployeeRevocation {
  employeeId: string;
  status: 'Revoked' | 'Reinstated';
  revokedAt: string;
  revokedBy: string;
  reason: string;
  reinstatedAt: string | null;
  reinstatedBy: string | null;
}

/** Whether a token issued at `issuedAt` (epoch seconds) is refused; `iat` has whole seconds, so a tie refuses. */
export function refusesToken(revocation: EmployeeRevocation | undefined, issuedAt: number): boolean {
  if (!revocation) return false;
  return revocation.status === 'Revoked' || issuedAt * 1000 <= Date.parse(revocation.revokedAt);
}
