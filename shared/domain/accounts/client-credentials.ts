import {
  type BasicCredentials,
  MalformedBasicCredentialsError,
  parseBasicCredentials,
} from '../../vocabulary/basic-credentials.ts';
import { OAuthError } from '../../vocabulary/oauth-error.ts';
import { clientLockedOut } from '../quotas/lockout.ts';
import type { IssuedToken, TokenGrantPorts } from './ports.ts';
import { grantedScopes } from './scopes.ts';

export interface TokenForm {
  grant_type: string;
  client_id?: string | undefined;
  client_secret?: string | undefined;
  scope?: string | undefined;
}

export type ClientCredentials = BasicCredentials;

const present = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

/**
 * Who the client says it is: HTTP Basic (client_secret_basic) or the form (client_secret_post), never
 * both (RFC 6749 section 2.3: one authentication method per request).
 */
export function clientCredentialsOf(
  form: Omit<TokenForm, 'grant_type'>,
  authorization: string | undefined,
): ClientCredentials {
  let basic: ClientCredentials | undefined;
  try {
    basic = parseBasicCredentials(authorization);
  } catch (error) {
    if (error instanceof MalformedBasicCredentialsError)
      throw new OAuthError('invalid_request', error.message);
    throw error;
  }
  const formId = present(form.client_id);
  const formSecret = present(form.client_secret);
  if (basic) {
    if (formSecret !== undefined) {
      throw new OAuthError(
        'invalid_request',
        'Send the client secret either as HTTP Basic credentials or in the form, not both.',
      );
    }
    if (formId !== undefined && formId !== basic.clientId) {
      throw new OAuthError(
        'invalid_request',
        'client_id in the form differs from the HTTP Basic credentials.',
      );
    }
    return basic;
  }
  if (formId === undefined || formSecret === undefined) {
    throw new OAuthError(
      'invalid_client',
      'Client authentication is required: HTTP Basic credentials, or client_id and client_secret in the form.',
    );
  }
  return { clientId: formId, clientSecret: formSecret };
}

const authenticationFailed = () => new OAuthError('invalid_client', 'Client authentication failed.');

/**
 * The client credentials grant: the lockout of the client_id from the caller's source address checked
 * first (a locked pair is refused before its secret is looked at, so guessing during a lockout learns
 * nothing), one strongly
 * consistent read of the application (its item carries the account status), the secret checked
 * against its keyed hash, then the scope intersection. Unknown client and wrong secret get the same
 * answer, and both count towards the lockout; only the holder of a valid secret learns that its
 * application or account is disabled.
 */
export async function issueClientCredentialsToken(
  ports: TokenGrantPorts,
  form: Omit<TokenForm, 'grant_type'>,
  authorization: string | undefined,
  sourceAddress: string,
  now: Date,
): Promise<IssuedToken> {
  const { applications, tokens, lockout, log } = ports;
  const presented = clientCredentialsOf(form, authorization);
  const wellFormed = ports.credentials.isClientId(presented.clientId);
  const lockoutKey = { clientId: presented.clientId, source: sourceAddress };
  const [seen, application, verify] = await Promise.all([
    wellFormed ? lockout.check(lockoutKey, now) : undefined,
    wellFormed ? applications.find(presented.clientId) : undefined,
    ports.credentials.verifier(),
  ]);
  if (seen?.locked) {
    log.info('Client locked out', { retry_after_seconds: seen.retryAfterSeconds });
    throw clientLockedOut(seen.retryAfterSeconds);
  }
  const secretMatches = verify(presented.clientSecret, application?.secretHash);
  if (!application || !secretMatches) {
    log.info('Client authentication failed', { client_id_known: application !== undefined });
    if (wellFormed) {
      const status = await lockout.recordFailure(lockoutKey, now);
      // The failure that locks the client says so at once, with the time to wait.
      if (status.locked) throw clientLockedOut(status.retryAfterSeconds);
    }
    throw authenticationFailed();
  }
  if (seen) await lockout.recordSuccess(lockoutKey, seen);
  if (application.status !== 'Active') {
    throw new OAuthError('invalid_client', 'The application is disabled.');
  }
  if (application.accountStatus !== 'Active') {
    throw new OAuthError('invalid_client', 'The account is disabled.');
  }

  const scopes = grantedScopes(form.scope, application.allowedScopes);
  const token = await tokens.issuePartnerToken(
    {
      clientId: application.clientId,
      accountId: application.accountId,
      scopes,
      tokenGeneration: application.tokenGeneration,
    },
    now,
  );
  log.info('Access token issued', {
    client_id: application.clientId,
    account_id: application.accountId,
    scopes,
  });
  return token;
}
