import type { Logger } from '@aws-lambda-powertools/logger';
import { type AuthenticationInput, authenticate } from '../../auth/authenticate.ts';
import type { Principal } from '../../auth/principal.ts';
import { config } from '../../config/env.ts';
import { logger } from '../../observability/logger.ts';
import { mutualTlsHosts } from '../../routes/types.ts';
import { type PipelineMiddleware, type PipelineRequest, present } from './internal.ts';

export interface AuthorizationOptions {
  /** Proves the caller: token, audience, certificate binding and scope (401/403 otherwise). */
  authenticate: (input: AuthenticationInput) => Promise<Principal>;
  logger: Pick<Logger, 'appendKeys'>;
}

const defaults: AuthorizationOptions = { authenticate, logger };

/**
 * Bearer token, audience, scope and client-certificate binding, for routes that name a scope; a
 * certificate is required where the route's host has mutual TLS.
 */
export function authorization(options: Partial<AuthorizationOptions> = {}): PipelineMiddleware {
  const { authenticate: prove, logger: log } = { ...defaults, ...options };

  const authorizationBefore = async (request: PipelineRequest): Promise<void> => {
    const { event, internal } = request;
    const route = present(internal.route, 'route (requestContext)');
    if (!route.auth) {
      internal.principal = null;
      return;
    }
    const principal = await prove({
      auth: route.auth,
      authorization: event.headers.authorization,
      clientCertificate: present(internal.clientCertificate, 'client certificate (requestContext)'),
      certificateRequired: route.hosts.some((host) => mutualTlsHosts.includes(host)),
      ...(route.hosts.includes('venue')
        ? {
            dpop: {
              proof: event.headers.dpop,
              method: event.httpMethod,
              url: `${config().venueBaseUrl.replace(/\/+$/, '')}${event.path}`,
            },
          }
        : {}),
    });
    log.appendKeys({
      account_id: principal.kind === 'partner' ? principal.accountId : undefined,
      subject: principal.subject,
    });
    internal.principal = principal;
  };

  return { before: authorizationBefore };
}
