import { describe, expect, it } from 'vitest';
import type { AuthenticationInput } from '../../../../shared/auth/authenticate.ts';
import type { Principal } from '../../../../shared/auth/principal.ts';
import { ApiError, ForbiddenError } from '../../../../shared/domain/errors.ts';
import { authorization } from '../../../../shared/http/pipeline/authorization.ts';
import { statusOf } from '../../../../shared/http/problem.ts';
import { employee, eventOf, partner, recordingLogger, requestOf, resolved, testRoute } from './support.ts';

const open = testRoute({ auth: null });
const guarded = testRoute({ auth: { scope: 'webhooks' } });
const certificate = {
  pem: 'pem',
  subjectDN: `CN=${partner.accountId}`,
  issuerDN: 'CN=Partner CA',
  serialNumber: '01',
  notBefore: 'a',
  notAfter: 'b',
};

function proving(principal: Principal) {
  const calls: AuthenticationInput[] = [];
  return {
    calls,
    authenticate: async (input: AuthenticationInput) => {
      calls.push(input);
      return principal;
    },
  };
}

describe('the authorization middleware', () => {
  it('lets a route without auth through with no principal and checks nothing', async () => {
    const prover = proving(partner);
    const request = requestOf(eventOf(), resolved(open));

    await authorization({ authenticate: prover.authenticate, logger: recordingLogger() }).before?.(request);

    expect(request.internal.principal).toBeNull();
    expect(prover.calls).toEqual([]);
  });

  it('proves the caller with the route auth, the Authorization header and the client certificate', async () => {
    const prover = proving(partner);
    const event = eventOf();
    event.headers = { authorization: 'Bearer a.b.c' };
    const request = requestOf(event, resolved(guarded, { clientCertificate: certificate }));

    await authorization({ authenticate: prover.authenticate, logger: recordingLogger() }).before?.(request);

    expect(prover.calls).toEqual([
      {
        auth: guarded.auth,
        authorization: 'Bearer a.b.c',
        clientCertificate: certificate,
        certificateRequired: true,
      },
    ]);
    expect(request.internal.principal).toBe(partner);
  });

  it('requires a certificate only of routes served on a mutual TLS host', async () => {
    const adminRoute = testRoute({ hosts: ['admin'], auth: { scope: 'webhooks', audiences: ['employee'] } });
    const prover = proving(employee);

    await authorization({ authenticate: prover.authenticate, logger: recordingLogger() }).before?.(
      requestOf(eventOf(), resolved(adminRoute)),
    );

    expect(prover.calls.map((call) => call.certificateRequired)).toEqual([false]);
  });

  it('logs the account of a partner, and only the subject of an employee', async () => {
    const partnerLogger = recordingLogger();
    const employeeLogger = recordingLogger();

    await authorization({ authenticate: proving(partner).authenticate, logger: partnerLogger }).before?.(
      requestOf(eventOf(), resolved(guarded)),
    );
    await authorization({ authenticate: proving(employee).authenticate, logger: employeeLogger }).before?.(
      requestOf(eventOf(), resolved(guarded)),
    );

    expect(partnerLogger.keys).toEqual([
      { account_id: '0b3c6a7e-0000-4000-8000-000000000001', subject: 'pts_client' },
    ]);
    expect(employeeLogger.keys).toEqual([{ account_id: undefined, subject: 'employee-42' }]);
  });

  it('passes a refusal on as it is', async () => {
    const refused = new ForbiddenError('The access token lacks the scope webhooks.');
    const middleware = authorization({
      authenticate: async () => {
        throw refused;
      },
      logger: recordingLogger(),
    });

    await expect(middleware.before?.(requestOf(eventOf(), resolved(guarded)))).rejects.toBe(refused);
  });

  it('authenticates for real by default: no client certificate is 401', async () => {
    const request = requestOf(eventOf(), resolved(guarded, { clientCertificate: null }));

    const error = await authorization()
      .before?.(request)
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error instanceof ApiError && statusOf(error)).toBe(401);
    expect(request.internal.principal).toBeUndefined();
  });
});
