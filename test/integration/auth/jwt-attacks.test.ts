import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCertificateAuthority,
  generateKeyPair,
  issueCertificate,
  privateKeyPem,
} from '../../../shared/pki/certificates.ts';
import { type ApiResponse, api, endpoints, request } from '../../support/api.ts';
import { claimsOf } from '../admin/operator.ts';
import {
  employeeClaims,
  foreignKey,
  hmacWithPublicKey,
  nowSeconds,
  partnerClaims,
  signed,
  stageSigningKey,
  unsigned,
} from './forge.ts';

/** A protected route of the partner-side admin API, called with the operator's certificate. */
const operator = api('operator');
const listAccounts = (token: string) => operator.request('GET', '/v2/admin/accounts?limit=1', { token });
let operatorAccountId: string;
let operatorClientId: string;
const operatorClaims = () => partnerClaims(operatorAccountId, operatorClientId, ['identity.account:*']);

function expectUnauthorized(response: ApiResponse, reason: RegExp) {
  expect(response.status).toBe(401);
  expect(response.body.detail).toMatch(reason);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({ code: 'Unauthorized', status: 401 });
  expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
}

function without(claims: Record<string, unknown>, name: string): Record<string, unknown> {
  const { [name]: _removed, ...rest } = claims;
  return rest;
}

beforeAll(async () => {
  const claims = claimsOf(await operator.token());
  operatorAccountId = String(claims.account_id);
  operatorClientId = String(claims.sub);
});

describe('a protected route with a forged token', () => {
  it('accepts a token made with the stage key and the right claims (the control case)', async () => {
    expect((await listAccounts(await signed(operatorClaims()))).status).toBe(200);
  });

  it('refuses a call without a token: 401', async () => {
    const response = await operator.request('GET', '/v2/admin/accounts');

    expectUnauthorized(response, /Bearer token is required/);
  });

  it('refuses an Authorization header that is not a Bearer token: 401', async () => {
    const response = await operator.request('GET', '/v2/admin/accounts', {
      headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    });

    expectUnauthorized(response, /must be "Bearer/);
  });

  it('refuses alg none', async () => {
    expectUnauthorized(await listAccounts(await unsigned(operatorClaims())), /only ES256/);
  });

  it('refuses HS256 keyed with the published public key', async () => {
    expectUnauthorized(await listAccounts(await hmacWithPublicKey(operatorClaims())), /only ES256/);
  });

  it('refuses a key id the service never published', async () => {
    const attacker = await foreignKey('attacker-key');

    expectUnauthorized(
      await listAccounts(await signed(operatorClaims(), {}, attacker)),
      /unknown signing key/,
    );
  });

  it('refuses a foreign key presented under the kid of the real one', async () => {
    const { kid } = await stageSigningKey();
    const attacker = await foreignKey(kid);

    expectUnauthorized(await listAccounts(await signed(operatorClaims(), {}, attacker)), /bad signature/);
  });

  it('refuses an expired token, beyond the 30 s of skew', async () => {
    const expired = { ...operatorClaims(), iat: nowSeconds() - 3700, exp: nowSeconds() - 60 };

    expectUnauthorized(await listAccounts(await signed(expired)), /expired/);
  });

  it('still accepts a token that expired within the 30 s of skew', async () => {
    const justExpired = { ...operatorClaims(), iat: nowSeconds() - 3600, exp: nowSeconds() - 5 };

    expect((await listAccounts(await signed(justExpired))).status).toBe(200);
  });

  it('refuses a token issued in the future, beyond the skew', async () => {
    const future = { ...operatorClaims(), iat: nowSeconds() + 120, exp: nowSeconds() + 3720 };

    expectUnauthorized(await listAccounts(await signed(future)), /issued in the future/);
  });

  it('refuses a token not valid before a time beyond the skew', async () => {
    expectUnauthorized(
      await listAccounts(await signed({ ...operatorClaims(), nbf: nowSeconds() + 120 })),
      /nbf/,
    );
  });

  it('refuses another issuer', async () => {
    expectUnauthorized(
      await listAccounts(await signed({ ...operatorClaims(), iss: 'https://evil.example' })),
      /iss/,
    );
  });

  it('refuses another token type than at+jwt', async () => {
    expectUnauthorized(await listAccounts(await signed(operatorClaims(), { typ: 'JWT' })), /typ/);
  });

  it.each(['exp', 'iat', 'jti', 'sub', 'aud', 'account_id', 'scopes'])(
    'refuses a token without %s',
    async (claim) => {
      expectUnauthorized(
        await listAccounts(await signed(without(operatorClaims(), claim))),
        new RegExp(claim),
      );
    },
  );

  it('refuses another audience with 403 naming the expected and the provided one', async () => {
    const response = await listAccounts(
      await signed({ ...operatorClaims(), aud: 'https://other-api.example' }),
    );

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: 'Forbidden',
      details: {
        expected_aud: expect.arrayContaining([endpoints().environment.PARTNER_AUDIENCE]),
        provided_aud: 'https://other-api.example',
      },
    });
  });

  it('refuses an employee token on a partner route with 403', async () => {
    const employeeToken = await signed(employeeClaims(['catalog.lounges:read']));

    const response = await request('GET', '/v2/catalog/lounges', { cert: 0, token: employeeToken });

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: 'Forbidden',
      details: {
        expected_aud: [endpoints().environment.PARTNER_AUDIENCE],
        provided_aud: endpoints().environment.ADMIN_AUDIENCE,
      },
    });
  });

  it('refuses an employee token on /v2/admin, which serves operator applications only, and accepts it on the admin API', async () => {
    const employeeToken = await signed(employeeClaims(['identity.account:*']));

    const partnerSide = await request('GET', '/v2/admin/accounts?limit=1', { cert: 0, token: employeeToken });
    const adminApi = await request('GET', '/api/v1/admin/accounts?limit=1', {
      host: 'admin',
      cert: null,
      token: employeeToken,
    });

    expect(partnerSide.status).toBe(403);
    expect(partnerSide.body).toMatchObject({
      details: { provided_aud: endpoints().environment.ADMIN_AUDIENCE },
    });
    expect(adminApi.status).toBe(200);
  });
});

describe('scopes and certificate binding with real tokens', () => {
  it('refuses a token without the route scope with 403 naming the required and provided scopes', async () => {
    const partner = api(0);
    const token = await partner.token('catalog.lounges webhooks');

    const response = await partner.request('GET', '/v2/admin/accounts', { token });

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: 'Forbidden',
      details: {
        required_scope: 'identity.account:read identity.account:*',
        accepted_scopes: ['identity.account:read', 'identity.account:*'],
        provided_scopes: ['catalog.lounges:read', 'webhooks'],
      },
    });
  });

  it("refuses one account's token presented with another account's certificate: 403", async () => {
    const tokenOfFirst = await api(0).token();

    const response = await request('GET', '/v2/catalog/lounges', { cert: 1, token: tokenOfFirst });

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: 'Forbidden',
      details: { reason: 'certificate_account_mismatch' },
    });
  });

  it('accepts the same token with its own account certificate', async () => {
    const partner = api(0);

    expect(
      (await partner.request('GET', '/v2/catalog/lounges', { token: await partner.token() })).status,
    ).toBe(200);
  });
});

describe('mutual TLS on base_url', () => {
  it('refuses a connection without a client certificate', async () => {
    await expect(request('GET', '/v2/admin/accounts', { cert: null })).rejects.toThrow();
  });

  it('refuses a client certificate from another CA', async () => {
    const foreignCa = await createCertificateAuthority('Not the partner CA');
    const keys = await generateKeyPair();
    const certificate = await issueCertificate({
      ca: foreignCa,
      subject: `CN=${operatorAccountId}`,
      publicKey: keys.publicKey,
      days: 1,
      usage: 'client',
    });

    const call = request('GET', '/v2/admin/accounts', {
      cert: { cert: certificate.certificatePem, key: await privateKeyPem(keys.privateKey) },
      token: await operator.token(),
    });

    await expect(call).rejects.toThrow();
  });
});
