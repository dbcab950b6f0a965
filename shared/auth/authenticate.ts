import { config } from '../config/env.ts';
import { ForbiddenError, UnauthorizedError } from '../domain/errors.ts';
import type { RouteAuth } from '../routes/types.ts';
import { certificateMismatch } from './certificate-binding.ts';
import { type CertificateStandingCache, certificateStanding } from './certificate-standing.ts';
import { type EmployeeStandingCache, employeeStanding } from './employee-standing.ts';
import type { ClientCertificate, Principal } from './principal.ts';
import { type PrincipalStatusCache, principalStatus } from './principal-status.ts';
import { verifyAccessToken } from './tokens.ts';

const bearer = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;

export interface AuthenticationInput {
  auth: RouteAuth;
  authorization: string | undefined;
  clientCertificate: ClientCertificate | null;
  /**
   * The route is served on a mutual TLS host (the partner API), so its gateway verified a client
   * certificate; the admin API has none (shared/routes/types.ts, mutualTlsHosts).
   */
  certificateRequired: boolean;
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
}

const defaultDependencies: AuthenticationDependencies = {
  status: principalStatus,
  certificates: certificateStanding,
  employees: employeeStanding,
  partnerCaSubject: () => config().partnerCaSubject,
};

/**
 * Layer 1 (mTLS) is enforced by the gateway; on its hosts this checks that a certificate arrived, then
 * layer 2: the Bearer token, its audience, the certificate binding of partner tokens (RFC 8705 style,
 * per account: the exact issuer and subject, shared/auth/certificate-binding.ts), the scope, and that
 * a partner token's application and account are still active (shared/auth/principal-status.ts) and its
 * client certificate one of the account's active ones (shared/auth/certificate-standing.ts), or
 * an employee token's employee not revoked (shared/auth/employee-standing.ts).
 */
export async function authenticate(
  { auth, authorization, clientCertificate, certificateRequired }: AuthenticationInput,
  dependencies: AuthenticationDependencies = defaultDependencies,
): Promise<Principal> {
  if (certificateRequired && !clientCertificate)
    throw new UnauthorizedError('A client certificate is required.');
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
  const accepted = [auth.scope, ...(auth.alternatives ?? [])];
  if (!accepted.some((scope) => principal.scopes.includes(scope))) {
    const required = accepted.join(' ');
    throw new ForbiddenError(`The access token lacks the scope ${accepted.join(' or ')}.`, {
      details: {
        required_scope: required,
        ...(accepted.length > 1 ? { accepted_scopes: accepted } : {}),
        provided_scopes: principal.scopes,
      },
    });
  }
  // Last, as they may read: a disabled application's or account's token, a revoked certificate, or a
  // revoked employee's token is refused within the bound. Both partner reads go out side by side.
  if (principal.kind === 'partner') {
    await Promise.all([
      dependencies.status.requireActive(principal),
      dependencies.certificates.requireActive(principal.accountId, clientCertificate?.pem ?? ''),
    ]);
  } else await dependencies.employees.requireNotRevoked(principal);
  return principal;
}
