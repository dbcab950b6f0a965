import type { Audience, RouteAuth } from '../routes/types.ts';
import type { Scope } from '../vocabulary/scopes.ts';

/** A partner application, proven by a client-credentials token: it always acts for one account. */
export interface PartnerPrincipal {
  kind: 'partner';
  /** The tenant: every record the call reads or writes belongs to it. */
  accountId: string;
  /** The application's client_id. */
  subject: string;
  scopes: readonly Scope[];
  tokenId: string;
  /** The application's token generation the token was issued in; verifiers refuse an older one. */
  tokenGeneration: number;
}

/** An employee, proven by an admin-login token: no account of its own. */
export interface EmployeePrincipal {
  kind: 'employee';
  /** The employee id. */
  subject: string;
  scopes: readonly Scope[];
  /** The roles the identity provider granted, when the token names any. */
  roles?: readonly string[];
  tokenId: string;
  /** The token's `iat` (epoch seconds): a token issued before a revocation stays refused after its lift. */
  issuedAt: number;
}

/** A venue device, proven by a DPoP-bound token and a proof by the key it is bound to. */
export interface DevicePrincipal {
  kind: 'device';
  /** The device id. */
  subject: string;
  /** The venue the device scans for. */
  venueId: string;
  /** `cnf.jkt`: the thumbprint of the key every request's DPoP proof must be made with. */
  jkt: string;
  scopes: readonly Scope[];
  tokenId: string;
}

/** Who is calling, as proven by a verified access token; `kind` is the token's audience. */
export type Principal = PartnerPrincipal | EmployeePrincipal | DevicePrincipal;

type AcceptedAudience<Listed> = Listed extends readonly (infer Kind extends Audience)[] ? Kind : 'partner';

/** The audiences a route accepts: partner tokens only unless it lists others (RouteAuth.audiences). */
export type RouteAudience<Auth extends RouteAuth> = Auth extends { readonly audiences?: infer Listed }
  ? AcceptedAudience<Listed>
  : 'partner';

/**
 * The principal a route's handler receives: a partner-only route gets a PartnerPrincipal, an
 * employee-only route an EmployeePrincipal, a route open to both the union, and `auth: null` no one.
 */
export type PrincipalFor<Auth extends RouteAuth | null> = Auth extends RouteAuth
  ? Extract<Principal, { kind: RouteAudience<Auth> }>
  : null;

/** The idempotency tenant of a caller: its account, or the employee (docs/architecture.md, Idempotency). */
/** An employee's tenant: this, then the subject. */
export const employeeTenantPrefix = 'employee:';
/** A venue's tenant (its devices share it): this, then the venue id. */
export const venueTenantPrefix = 'venue:';

export function tenantOf(principal: Principal | null): string {
  if (principal?.kind === 'partner') return principal.accountId;
  if (principal?.kind === 'device') return `${venueTenantPrefix}${principal.venueId}`;
  return `${employeeTenantPrefix}${principal?.subject ?? 'anonymous'}`;
}

/** The client certificate API Gateway verified (requestContext.identity.clientCert). */
export interface ClientCertificate {
  pem: string;
  subjectDN: string;
  issuerDN: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
}
