import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { type AuthenticationDependencies, authenticate } from '../../../shared/auth/authenticate.ts';
import { partnerCertificateSubject } from '../../../shared/auth/certificate-binding.ts';
import { activeKey } from '../../../shared/auth/keys.ts';
import {
  type ClientCertificate,
  type EmployeePrincipal,
  type PartnerPrincipal,
  type Principal,
  tenantOf,
} from '../../../shared/auth/principal.ts';
import { readSigningKeys, rotateSigningKeys } from '../../../shared/auth/signing-keys.ts';
import { issuePartnerToken } from '../../../shared/auth/token-issuer.ts';
import { verifyAccessToken } from '../../../shared/auth/tokens.ts';
import { defaultPartnerCaSubject } from '../../../shared/config/env.ts';
import { signerOf } from '../../../shared/crypto/es256-key.ts';
import { signCompactJws } from '../../../shared/crypto/jws.ts';
import { ApiError, UnauthorizedError } from '../../../shared/domain/errors.ts';
import type { ApiRequest } from '../../../shared/http/pipeline/index.ts';
import { statusOf } from '../../../shared/http/problem.ts';
import type { adminRoutes } from '../../../shared/routes/admin.ts';
import type { authRoutes } from '../../../shared/routes/auth.ts';
import type { bookingRoutes } from '../../../shared/routes/booking.ts';
import type { catalogRoutes } from '../../../shared/routes/catalog.ts';
import type { sandboxRoutes } from '../../../shared/routes/sandbox.ts';
import { defineRoute, type RouteDefinition } from '../../../shared/routes/types.ts';
import type { webhooksRoutes } from '../../../shared/routes/webhooks.ts';
import { secretStore } from '../../../shared/secrets/store.ts';
import { testIssuer, useLocalConfig } from './local-config.ts';

type PrincipalOf<R extends RouteDefinition> = ApiRequest<R>['principal'];

const employeeOnly = defineRoute({
  operationId: 'reviewThing',
  method: 'GET',
  path: '/v2/review',
  hosts: ['api'],
  group: 'admin',
  summary: 'test',
  tags: [],
  auth: { scope: 'identity.account:*', audiences: ['employee'] },
  responses: { 200: { description: 'ok' } },
});

describe('the principal a handler receives', () => {
  it('is a partner on partner routes, the default audience', () => {
    expectTypeOf<PrincipalOf<typeof bookingRoutes.createLoungeBooking>>().toEqualTypeOf<PartnerPrincipal>();
    expectTypeOf<
      PrincipalOf<typeof bookingRoutes.cancelFastTrackBooking>
    >().toEqualTypeOf<PartnerPrincipal>();
    expectTypeOf<PrincipalOf<typeof catalogRoutes.listLounges>>().toEqualTypeOf<PartnerPrincipal>();
    expectTypeOf<PrincipalOf<typeof webhooksRoutes.createWebhook>>().toEqualTypeOf<PartnerPrincipal>();
    expectTypeOf<PrincipalOf<typeof sandboxRoutes.simulatePassUsed>>().toEqualTypeOf<PartnerPrincipal>();
    expectTypeOf<PartnerPrincipal['accountId']>().toEqualTypeOf<string>();
  });

  it('is an employee, without an account, on employee-only routes', () => {
    expectTypeOf<PrincipalOf<typeof employeeOnly>>().toEqualTypeOf<EmployeePrincipal>();
    expectTypeOf<EmployeePrincipal>().not.toHaveProperty('accountId');
  });

  it('is either on routes open to both, and no one on routes without auth', () => {
    expectTypeOf<PrincipalOf<typeof adminRoutes.createAccount>>().toEqualTypeOf<Principal>();
    expectTypeOf<PrincipalOf<typeof authRoutes.issueToken>>().toEqualTypeOf<null>();
    expectTypeOf<PrincipalOf<RouteDefinition>>().toEqualTypeOf<Principal | null>();
  });
});

describe('the idempotency tenant', () => {
  it('is the account of a partner and the employee otherwise', () => {
    const partner: Principal = {
      kind: 'partner',
      accountId: 'acc-1',
      subject: 'c',
      scopes: [],
      tokenId: 't',
      tokenGeneration: 0,
    };
    const employee: Principal = { kind: 'employee', subject: 'e-1', scopes: [], tokenId: 't', issuedAt: 0 };

    expect(tenantOf(partner)).toBe('acc-1');
    expect(tenantOf(employee)).toBe('employee:e-1');
    expect(tenantOf(null)).toBe('employee:anonymous');
  });
});

describe('verified access tokens', () => {
  // authenticate() verifies at the real time: the tokens are issued at it too.
  const now = new Date();
  const accountId = '0b3c6a7e-0000-4000-8000-000000000001';
  const certificateOf = (account: string, issuerDN = defaultPartnerCaSubject): ClientCertificate => ({
    pem: 'pem',
    subjectDN: partnerCertificateSubject(account),
    issuerDN,
    serialNumber: '01',
    notBefore: 'a',
    notAfter: 'b',
  });
  let cleanUp: () => Promise<void>;

  async function employeeToken(claims: Record<string, unknown>): Promise<string> {
    const set = await readSigningKeys(secretStore());
    if (!set) throw new Error('no keys');
    const key = activeKey(set, now);
    const iat = Math.floor(now.getTime() / 1000);
    return signCompactJws(
      'at+jwt',
      {
        scopes: ['identity.account:*'],
        ...claims,
        iss: testIssuer,
        aud: 'https://admin.test.invalid',
        sub: 'employee-42',
        iat,
        exp: iat + 600,
        jti: 'jti-1',
      },
      await signerOf(key),
    );
  }

  beforeEach(async () => {
    ({ cleanUp } = await useLocalConfig());
    await rotateSigningKeys(secretStore(), now);
  });
  afterEach(() => cleanUp());

  it('make a partner principal with the token’s account', async () => {
    const { accessToken } = await issuePartnerToken(
      { clientId: 'pts_c', accountId, scopes: ['webhooks'] },
      now,
    );

    const principal = await verifyAccessToken(accessToken, ['partner'], now);

    expect(principal).toEqual({
      kind: 'partner',
      accountId,
      subject: 'pts_c',
      scopes: ['webhooks'],
      tokenId: expect.any(String),
      tokenGeneration: 0,
    });
  });

  it('carry the token generation the token was issued in', async () => {
    const { accessToken } = await issuePartnerToken(
      { clientId: 'pts_c', accountId, scopes: ['webhooks'], tokenGeneration: 2 },
      now,
    );

    expect(await verifyAccessToken(accessToken, ['partner'], now)).toMatchObject({ tokenGeneration: 2 });
  });

  it('make an employee principal with its roles and no account', async () => {
    const token = await employeeToken({ roles: ['admin', 7], account_id: accountId });

    const principal = await verifyAccessToken(token, ['partner', 'employee'], now);

    expect(principal).toEqual({
      kind: 'employee',
      subject: 'employee-42',
      scopes: ['identity.account:*'],
      roles: ['admin'],
      tokenId: 'jti-1',
      issuedAt: expect.any(Number),
    });
  });

  it('leave the roles out when the token names none', async () => {
    const principal = await verifyAccessToken(await employeeToken({}), ['employee'], now);

    expect(principal).not.toHaveProperty('roles');
  });

  it('refuse an employee token on a partner-only route with 403', async () => {
    const error = await verifyAccessToken(await employeeToken({}), ['partner'], now).catch(
      (caught) => caught,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error instanceof ApiError && statusOf(error)).toBe(403);
  });

  /**
   * Every application active, certificate active and employee not revoked, unless named in `disabled`
   * (a certificate by its PEM); records who was asked about.
   */
  function dependencies(disabled: string[] = []): AuthenticationDependencies & { asked: string[] } {
    const asked: string[] = [];
    const refuseDisabled = async (principal: { subject: string }) => {
      asked.push(principal.subject);
      if (disabled.includes(principal.subject)) throw new UnauthorizedError('disabled');
    };
    return {
      asked,
      partnerCaSubject: () => defaultPartnerCaSubject,
      status: { requireActive: refuseDisabled },
      certificates: {
        requireActive: async (certificateAccount: string, pem: string) => {
          asked.push(`${certificateAccount} ${pem}`);
          if (disabled.includes(pem)) throw new UnauthorizedError('revoked');
        },
      },
      employees: { requireNotRevoked: refuseDisabled },
      devices: { requireActive: refuseDisabled },
      replays: { firstUse: async () => true },
      now: () => now,
    };
  }

  const partnerCall = async (clientCertificate: ClientCertificate, deps = dependencies()) => {
    const { accessToken } = await issuePartnerToken(
      { clientId: 'pts_c', accountId, scopes: ['webhooks'] },
      now,
    );
    return authenticate(
      {
        auth: { scope: 'webhooks' },
        authorization: `Bearer ${accessToken}`,
        clientCertificate,
        certificateRequired: true,
      },
      deps,
    ).catch((caught: unknown) => caught);
  };

  it('bind a partner to the certificate of its account, and an employee to none', async () => {
    const employee = await employeeToken({});
    const other = certificateOf('0b3c6a7e-0000-4000-8000-000000000002');

    const mismatch = await partnerCall(other);
    const bound = await partnerCall(certificateOf(accountId));
    const staff = await authenticate(
      {
        auth: { scope: 'identity.account:*', audiences: ['partner', 'employee'] },
        authorization: `Bearer ${employee}`,
        clientCertificate: other,
        certificateRequired: true,
      },
      dependencies(),
    );

    expect(mismatch).toBeInstanceOf(ApiError);
    expect((mismatch as ApiError).details).toEqual({ reason: 'certificate_account_mismatch' });
    expect(bound).toMatchObject({ kind: 'partner', accountId });
    expect(staff).toMatchObject({ kind: 'employee', subject: 'employee-42' });
  });

  it('refuse a certificate of the right subject from another issuer with 403', async () => {
    const foreign = certificateOf(accountId, 'CN=Partner Travel Services Partner CA, O=Someone Else');

    const refused = await partnerCall(foreign);

    expect(refused).toBeInstanceOf(ApiError);
    expect(refused instanceof ApiError && statusOf(refused)).toBe(403);
    expect((refused as ApiError).details).toEqual({ reason: 'certificate_issuer_mismatch' });
  });

  it('refuse subjects that merely contain the account id', async () => {
    const lookAlikes = [
      `CN=someone-else, OU=${accountId}, O=Partner Travel Services`,
      `CN=${accountId}x, OU=Partners, O=Partner Travel Services`,
      `CN=${accountId}, CN=other, OU=Partners, O=Partner Travel Services`,
      `CN=${accountId}`,
      `CN=${accountId}\\, OU=Partners, O=Partner Travel Services`,
    ];

    for (const subjectDN of lookAlikes) {
      const refused = await partnerCall({ ...certificateOf(accountId), subjectDN });

      expect((refused as ApiError).details, subjectDN).toEqual({ reason: 'certificate_account_mismatch' });
    }
  });

  it('accept the subject and issuer in the order API Gateway writes them (RFC 2253, reversed)', async () => {
    const reversed = {
      ...certificateOf(accountId),
      subjectDN: `O=Partner Travel Services,OU=Partners,CN=${accountId}`,
    };

    expect(await partnerCall(reversed)).toMatchObject({ kind: 'partner', accountId });
  });

  it('refuse the token of a disabled application or account with 401, after the certificate checks', async () => {
    const deps = dependencies(['pts_c']);

    const refused = await partnerCall(certificateOf(accountId), deps);
    const unbound = await partnerCall(certificateOf('0b3c6a7e-0000-4000-8000-000000000002'), deps);

    expect(refused instanceof ApiError && statusOf(refused)).toBe(401);
    expect(deps.asked).toEqual(['pts_c', `${accountId} pem`]);
    expect(unbound instanceof ApiError && statusOf(unbound)).toBe(403);
  });

  it("refuse a certificate that is not one of the account's active ones with 401, after the binding", async () => {
    const deps = dependencies(['pem']);

    const refused = await partnerCall(certificateOf(accountId), deps);

    expect(refused instanceof ApiError && statusOf(refused)).toBe(401);
    expect(deps.asked).toEqual(['pts_c', `${accountId} pem`]);
  });

  it('refuse the token of a revoked employee with 401, after the scope check', async () => {
    const employee = await employeeToken({});
    const deps = dependencies(['employee-42']);
    const employeeCall = (scope: 'identity.account:*' | 'admin.employees:write') =>
      authenticate(
        {
          auth: { scope, audiences: ['employee'] },
          authorization: `Bearer ${employee}`,
          clientCertificate: null,
          certificateRequired: false,
        },
        deps,
      ).catch((caught: unknown) => caught);

    const revoked = await employeeCall('identity.account:*');
    const outOfScope = await employeeCall('admin.employees:write');

    expect(revoked instanceof ApiError && statusOf(revoked)).toBe(401);
    expect(outOfScope instanceof ApiError && statusOf(outOfScope)).toBe(403);
    expect(deps.asked).toEqual(['employee-42']);
  });

  it('require no certificate off the mutual TLS hosts, but a missing one where it is required is 401', async () => {
    const employee = await employeeToken({});
    const { accessToken } = await issuePartnerToken(
      { clientId: 'pts_c', accountId, scopes: ['identity.account:*'] },
      now,
    );

    const deps = dependencies();
    const admin = await authenticate(
      {
        auth: { scope: 'identity.account:*', audiences: ['employee'] },
        authorization: `Bearer ${employee}`,
        clientCertificate: null,
        certificateRequired: false,
      },
      deps,
    );
    const missing = await authenticate(
      {
        auth: { scope: 'identity.account:*', audiences: ['employee'] },
        authorization: `Bearer ${employee}`,
        clientCertificate: null,
        certificateRequired: true,
      },
      deps,
    ).catch((caught: unknown) => caught);
    const partnerWithout = await authenticate(
      {
        auth: { scope: 'identity.account:*', audiences: ['partner', 'employee'] },
        authorization: `Bearer ${accessToken}`,
        clientCertificate: null,
        certificateRequired: false,
      },
      deps,
    ).catch((caught: unknown) => caught);

    expect(admin).toMatchObject({ kind: 'employee' });
    expect(missing instanceof ApiError && statusOf(missing)).toBe(401);
    expect(partnerWithout instanceof ApiError && statusOf(partnerWithout)).toBe(403);
    expect((partnerWithout as ApiError).details).toEqual({ reason: 'certificate_account_mismatch' });
  });
});
