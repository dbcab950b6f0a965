import { config } from '../config/env.ts';
import { proofReplayGuard } from '../db/entities/proof-jti.ts';
import { ForbiddenError, UnauthorizedError } from '../domain/errors.ts';
import type { ProofReplayGuard } from '../domain/venues/ports.ts';
import type { RouteAuth } from '../routes/types.ts';
import { processMillis } from '../util/clock.ts';
import { certificateMismatch } from './certificate-binding.ts';
import { type CertificateStandingCache, certificateStanding } from './certificate-standing.ts';
import { verifyDpopProof } from './device-proofs.ts';
import { type DeviceStandingCache, deviceStanding } from './device-standing.ts';
import { type EmployeeStandingCache, employeeStanding } from './employee-standing.ts';
import type { ClientCertificate, Principal } from './principal.ts';
import { type PrincipalStatusCache, principalStatus } from './principal-status.ts';
import { verifyAccessToken } from './tokens.ts';

const bearer = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;
const dpopBound = /^DPoP ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;

/** The DPoP request of a venue route (RFC 9449 section 7): the proof header and what it must name. */
export interface DpopRequest {
  proof: string | undefined;
  method: string;
  /** The absolute request URI the proof's `htu` must name. */
  url: string;
}

export interface AuthenticationInput {
  auth: RouteAuth;
  authorization: string | undefined;
  clientCertificate: ClientCertificate | null;
  /**
   * The route is served on a mutual TLS host (the partner API), so its gateway verified a client
   * certificate; the admin API has none (shared/routes/types.ts, mutualTlsHosts).
   */
  certificateRequired: boolean;
  /** Present on the venue host: device tokens are DPoP-bound, and each request carries a proof. */
  dpop?: DpopRequest;
}

export interface AuthenticationDependencies {
  /** Whether a partner token's application and account are still active (bounded cache). */
  status: Pick<PrincipalStatusCache, 'requireActive'>;
  /** Whether a partner call's client certificate is an active one of its account (bounded cache). */
  certificates: Pick<CertificateStandingCache, 'requireActive'>;
  /** Whether an employee token's employee is revoked (bounded cache). */
  employees: Pick<EmployeeStandingCache, 'requireNotRevoked'>;
  /** The issuer every partner certificate must name. */
  partnerCaSubject: () => string;
  /** Whether a device token's device and venue are still active (bounded cache). */
  devices: Pick<DeviceStandingCache, 'requireActive'>;
  /** Spends a DPoP proof's jti once. */
  replays: ProofReplayGuard;
  now: () => Date;
}

const defaultDependencies: AuthenticationDependencies = {
  status: principalStatus,
  certificates: certificateStanding,
  employees: employeeStanding,
  partnerCaSubject: () => config().partnerCaSubject,
  devices: deviceStanding,
  replays: proofReplayGuard,
  now: () => new Date(processMillis()),
};

const dpopRefusal = (error: string, message: string, cause?: unknown) =>
  new UnauthorizedError(message, {
    headers: { 'WWW-Authenticate': `DPoP algs="ES256", error="${error}"` },
    ...(cause === undefined ? {} : { cause }),
  });

/**
 * The venue host (docs/venues.md): `Authorization: DPoP <token>` of a device, and a fresh proof of the
 * request by the key the token is bound to, its jti spent once. Any other token is refused by its
 * audience (403), as a device token is everywhere else.
 */
async function dpopPrincipal(
  authorization: string | undefined,
  dpop: DpopRequest,
  dependencies: AuthenticationDependencies,
): Promise<Principal> {
  const token = dpopBound.exec(authorization?.trim() ?? '')?.[1];
  if (!token)
    throw dpopRefusal(
      'invalid_token',
      'The Authorization header must be "DPoP <access token>" of a venue device.',
    );
  const principal = await verifyAccessToken(token, ['device']);
  if (principal.kind !== 'device') throw dpopRefusal('invalid_token', 'Not a device token.');
  const [proof, ...more] = dpop.proof?.split(',').map((value) => value.trim()) ?? [];
  if (!proof || more.length > 0) throw dpopRefusal('invalid_dpop_proof', 'Send exactly one DPoP proof.');
  const now = dependencies.now();
  const verified = await verifyDpopProof(proof, {
    method: dpop.method,
    url: dpop.url,
    now,
    accessToken: token,
  }).catch((error: unknown) => {
    throw dpopRefusal(
      'invalid_dpop_proof',
      error instanceof Error ? error.message : 'Invalid DPoP proof.',
      error,
    );
  });
  if (verified.jkt !== principal.jkt)
    throw dpopRefusal('invalid_dpop_proof', 'The DPoP proof is not made with the key the token is bound to.');
  const use = {
    kind: 'dpop' as const,
    issuer: verified.jkt,
    jti: verified.jti,
    keepUntil: verified.keepUntil,
  };
  if (!(await dependencies.replays.firstUse(use, now)))
    throw dpopRefusal('invalid_dpop_proof', 'The DPoP proof was used before: make a fresh one.');
  return principal;
}

/**
 * Layer 1 (mTLS) is enforced by the gateway; on its hosts this checks that a certificate arrived, then
 * layer 2: the Bearer token, its audience, the certificate binding of partner tokens (RFC 8705 style,
 * per account: the exact issuer and subject, shared/auth/certificate-binding.ts), the scope, and that
 * a partner token's application and account are still active (shared/auth/principal-status.ts) and its
 * client certificate one of the account's active ones (shared/auth/certificate-standing.ts), or
 * an employee token's employee not revoked (shared/auth/employee-standing.ts).
 */
export async function authenticate(
  { auth, authorization, clientCertificate, certificateRequired, dpop }: AuthenticationInput,
  dependencies: AuthenticationDependencies = defaultDependencies,
): Promise<Principal> {
  if (certificateRequired && !clientCertificate)
    throw new UnauthorizedError('A client certificate is required.');
  if (dpop)
    return checkedScopes(auth, await dpopPrincipal(authorization, dpop, dependencies), dependencies, null);
  if (!authorization) {
    throw new UnauthorizedError('The Authorization header with a Bearer token is required.', {
      headers: { 'WWW-Authenticate': 'Bearer' },
    });
  }
  const token = bearer.exec(authorization.trim())?.[1];
  if (!token) {
    throw new UnauthorizedError('The Authorization header must be "Bearer <access token>".', {
      headers: { 'WWW-Authenticate': 'Bearer error="invalid_request"' },
    });
  }
  const principal = await verifyAccessToken(token, auth.audiences ?? ['partner']);

  // A partner token is only ever good with its account's certificate, whatever the host.
  if (principal.kind === 'partner') {
    const mismatch = clientCertificate
      ? certificateMismatch(clientCertificate, principal.accountId, dependencies.partnerCaSubject())
      : 'certificate_account_mismatch';
    if (mismatch) {
      throw new ForbiddenError(
        mismatch === 'certificate_issuer_mismatch'
          ? 'The client certificate was not issued by the partner CA.'
          : 'The client certificate belongs to another account than the access token.',
        { details: { reason: mismatch } },
      );
    }
  }
  return checkedScopes(auth, principal, dependencies, clientCertificate);
}

/**
 * A valid token without the route's scope (403). It names whom the token proved, so the request log
 * files the refusal under the partner's account (docs/support.md, Request log); nothing else reads it.
 */
export class ScopeRefusedError extends ForbiddenError {
  constructor(
    readonly principal: Principal,
    message: string,
    options: ConstructorParameters<typeof ForbiddenError>[1],
  ) {
    super(message, options);
    this.name = 'ScopeRefusedError';
  }
}

/** The route's scope, then (as it may read) the standing of whoever holds the token. */
async function checkedScopes(
  auth: RouteAuth,
  principal: Principal,
  dependencies: AuthenticationDependencies,
  clientCertificate: ClientCertificate | null,
): Promise<Principal> {
  const accepted = [auth.scope, ...(auth.alternatives ?? [])];
  if (!accepted.some((scope) => principal.scopes.includes(scope))) {
    const required = accepted.join(' ');
    throw new ScopeRefusedError(principal, `The access token lacks the scope ${accepted.join(' or ')}.`, {
      details: {
        required_scope: required,
        ...(accepted.length > 1 ? { accepted_scopes: accepted } : {}),
        provided_scopes: principal.scopes,
      },
    });
  }
  // Last, as they may read: a disabled application's or account's token, a revoked certificate, a
  // disabled device or venue, or a revoked employee's token is refused within the bound. Both partner
  // reads go out side by side.
  if (principal.kind === 'partner') {
    await Promise.all([
      dependencies.status.requireActive(principal),
      dependencies.certificates.requireActive(principal.accountId, clientCertificate?.pem ?? ''),
    ]);
  } else if (principal.kind === 'device') await dependencies.devices.requireActive(principal);
  else await dependencies.employees.requireNotRevoked(principal);
  return principal;
}
