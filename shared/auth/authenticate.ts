import { ForbiddenError, UnauthorizedError } from '../domain/errors.ts';
import type { RouteAuth } from '../routes/types.ts';
import type { ClientCertificate, Principal } from './principal.ts';
import { verifyAccessToken } from './tokens.ts';

const bearer = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;
const accountInSubject = /CN=([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

/** The account a partner CA certificate was issued to: its subject CN (shared/domain/accounts). */
export function accountOfCertificate(certificate: ClientCertificate): string | undefined {
  return accountInSubject.exec(certificate.subjectDN)?.[1]?.toLowerCase();
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
}

/**
 * Layer 1 (mTLS) is enforced by the gateway; on its hosts this checks that a certificate arrived, then
 * layer 2: the Bearer token, its audience, the certificate binding of partner tokens (RFC 8705 style,
 * per account) and the scope.
 */
export async function authenticate({
  auth,
  authorization,
  clientCertificate,
  certificateRequired,
}: AuthenticationInput): Promise<Principal> {
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
  if (
    principal.kind === 'partner' &&
    (!clientCertificate || accountOfCertificate(clientCertificate) !== principal.accountId)
  ) {
    throw new ForbiddenError('The client certificate belongs to another account than the access token.', {
      details: { reason: 'certificate_account_mismatch' },
    });
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
  return principal;
}
