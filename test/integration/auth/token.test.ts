import { createLocalJWKSet, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { partnerScopes } from '../../../shared/vocabulary/scopes.ts';
import { endpoints, request, seeded, stage } from '../../support/api.ts';
import {
  addApplication,
  asOperator,
  type CreatedApplication,
  claimsOf,
  clientCredentials,
  headerOf,
  onboardAccount,
  requestToken,
} from '../admin/operator.ts';

const partner = () => seeded(0);
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

function expectOAuthError(
  response: {
    status: number;
    headers: Record<string, string>;
    body: { error?: string; error_description?: string };
  },
  status: 400 | 401,
  error: string,
) {
  expect(response.status).toBe(status);
  expect(response.body.error).toBe(error);
  expect(response.body.error_description).toEqual(expect.any(String));
  expect(response.headers['cache-control']).toBe('no-store');
  if (status === 401) expect(response.headers['www-authenticate']).toMatch(/^Basic /);
}

describe('POST /oauth/v2/token with client credentials', () => {
  it('issues a one-hour ES256 access token for the application and its account (client_secret_post)', async () => {
    const { clientId, clientSecret, accountId } = partner();

    const response = await clientCredentials(clientId, clientSecret);

    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: partnerScopes.join(' '),
    });
    const token = response.body.access_token ?? '';
    expect(headerOf(token)).toEqual({ alg: 'ES256', typ: 'at+jwt', kid: expect.any(String) });
    const claims = claimsOf(token);
    expect(claims).toMatchObject({
      iss: endpoints().environment.TOKEN_ISSUER,
      aud: endpoints().environment.PARTNER_AUDIENCE,
      sub: clientId,
      account_id: accountId,
      scopes: [...partnerScopes],
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
  });

  it('issues tokens that verify offline against the published JWKS', async () => {
    const { clientId, clientSecret } = partner();
    const jwks = await request<{ keys: [] }>('GET', '/.well-known/jwks.json', { host: 'auth' });

    const token = (await clientCredentials(clientId, clientSecret)).body.access_token ?? '';

    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks.body), {
      algorithms: ['ES256'],
      issuer: endpoints().environment.TOKEN_ISSUER,
      audience: endpoints().environment.PARTNER_AUDIENCE,
      typ: 'at+jwt',
    });
    expect(payload.sub).toBe(clientId);
  });

  it('accepts the secret as HTTP Basic credentials (client_secret_basic)', async () => {
    const { clientId, clientSecret } = partner();

    const response = await requestToken(
      { grant_type: 'client_credentials' },
      { authorization: basic(clientId, clientSecret) },
    );

    expect(response.status).toBe(200);
    expect(claimsOf(response.body.access_token ?? '').sub).toBe(clientId);
  });

  it('refuses the secret sent both as Basic credentials and in the form: invalid_request', async () => {
    const { clientId, clientSecret } = partner();

    const response = await requestToken(
      { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
      { authorization: basic(clientId, clientSecret) },
    );

    expectOAuthError(response, 400, 'invalid_request');
  });

  it('refuses a wrong secret: 401 invalid_client with WWW-Authenticate: Basic', async () => {
    const { clientId } = partner();

    const response = await clientCredentials(clientId, 'ptss_wrongwrongwrongwrongwrongwrongwrongwrongwro');

    expectOAuthError(response, 401, 'invalid_client');
  });

  it('refuses wrong Basic credentials the same way', async () => {
    const response = await requestToken(
      { grant_type: 'client_credentials' },
      { authorization: basic(partner().clientId, 'nope') },
    );

    expectOAuthError(response, 401, 'invalid_client');
  });

  it('refuses an unknown client exactly like a wrong secret', async () => {
    const wrongSecret = await clientCredentials(partner().clientId, 'nope');

    const unknown = await clientCredentials('pts_AAAAAAAAAAAAAAAAAAAAAAAA', 'nope');
    const malformedId = await clientCredentials('APPLICATION#x', 'nope');

    expectOAuthError(unknown, 401, 'invalid_client');
    expectOAuthError(malformedId, 401, 'invalid_client');
    expect(unknown.body).toEqual(wrongSecret.body);
  });

  it('refuses a request without client authentication: invalid_client', async () => {
    expectOAuthError(await requestToken({ grant_type: 'client_credentials' }), 401, 'invalid_client');
    expectOAuthError(
      await requestToken({ grant_type: 'client_credentials', client_id: partner().clientId }),
      401,
      'invalid_client',
    );
  });

  it('refuses a grant type other than client_credentials: unsupported_grant_type', async () => {
    const { clientId, clientSecret } = partner();

    const response = await requestToken({
      grant_type: 'password',
      client_id: clientId,
      client_secret: clientSecret,
    });

    expectOAuthError(response, 400, 'unsupported_grant_type');
  });

  it('refuses a request without grant_type: invalid_request', async () => {
    const { clientId, clientSecret } = partner();

    expectOAuthError(
      await requestToken({ client_id: clientId, client_secret: clientSecret }),
      400,
      'invalid_request',
    );
  });

  it('refuses a JSON body: invalid_request', async () => {
    const { clientId, clientSecret } = partner();

    const response = await request('POST', '/oauth/v2/token', {
      host: 'auth',
      body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
    });

    expectOAuthError(response as Parameters<typeof expectOAuthError>[0], 400, 'invalid_request');
  });

  it('grants the requested scopes the application holds, aliases resolved, the others dropped', async () => {
    const { clientId, clientSecret } = partner();

    const response = await clientCredentials(
      clientId,
      clientSecret,
      'catalog.lounges esim:write identity.account:* no.such',
    );

    expect(response.status).toBe(200);
    expect(response.body.scope).toBe('catalog.lounges:read esim:write');
    expect(claimsOf(response.body.access_token ?? '').scopes).toEqual(['catalog.lounges:read', 'esim:write']);
  });

  it('refuses a scope request none of whose scopes the application holds: invalid_scope', async () => {
    const { clientId, clientSecret } = partner();

    const response = await clientCredentials(clientId, clientSecret, 'identity.account:* no.such');

    expectOAuthError(response, 400, 'invalid_scope');
  });
});

describe('the token endpoint and disabled or rotated clients', () => {
  let accountId: string;
  let application: CreatedApplication;
  let sibling: CreatedApplication;

  beforeAll(async () => {
    ({
      account: { account_id: accountId },
    } = await onboardAccount());
    application = await addApplication(accountId);
    sibling = await addApplication(accountId);
  });

  it('stops issuing tokens to an application once it is disabled', async () => {
    const before = await clientCredentials(application.client_id, application.client_secret);

    const disabled = await asOperator(
      'POST',
      `/v2/admin/accounts/${accountId}/applications/${application.client_id}/disable`,
    );
    const after = await clientCredentials(application.client_id, application.client_secret);

    expect(before.status).toBe(200);
    expect(disabled.status).toBe(200);
    expectOAuthError(after, 401, 'invalid_client');
    expect(after.body.error_description).toMatch(/application is disabled/);
  });

  it('replaces a rotated secret at once', async () => {
    const rotated = await asOperator<{ client_secret: string }>(
      'POST',
      `/v2/admin/accounts/${accountId}/applications/${sibling.client_id}/rotate-secret`,
    );

    const withOld = await clientCredentials(sibling.client_id, sibling.client_secret);
    const withNew = await clientCredentials(sibling.client_id, rotated.body.client_secret);

    expect(rotated.status).toBe(200);
    expectOAuthError(withOld, 401, 'invalid_client');
    expect(withNew.status).toBe(200);
    sibling = { ...sibling, client_secret: rotated.body.client_secret };
  });

  it('stops issuing tokens to every application of a disabled account', async () => {
    const before = await clientCredentials(sibling.client_id, sibling.client_secret);

    const disabled = await asOperator('POST', `/v2/admin/accounts/${accountId}/disable`);
    const after = await clientCredentials(sibling.client_id, sibling.client_secret);

    expect(before.status).toBe(200);
    expect(disabled.status).toBe(200);
    expectOAuthError(after, 401, 'invalid_client');
    expect(after.body.error_description).toMatch(/account is disabled/);
  });
});

describe('key discovery', () => {
  it('publishes the ES256 public keys on both hosts, cacheable for five minutes', async () => {
    const onAuth = await request<{ keys: Record<string, unknown>[] }>('GET', '/.well-known/jwks.json', {
      host: 'auth',
    });
    const onApi = await request<{ keys: Record<string, unknown>[] }>('GET', '/.well-known/jwks.json', {
      cert: 0,
    });

    expect(onAuth.status).toBe(200);
    expect(onAuth.headers['cache-control']).toBe('public, max-age=300');
    expect(onAuth.body.keys.length).toBeGreaterThan(0);
    for (const key of onAuth.body.keys) {
      expect(key).toEqual({
        kty: 'EC',
        use: 'sig',
        kid: expect.any(String),
        alg: 'ES256',
        crv: 'P-256',
        x: expect.any(String),
        y: expect.any(String),
      });
    }
    expect(onApi.body).toEqual(onAuth.body);
  });

  it('describes the token endpoint in the discovery document', async () => {
    const { auth_url } = stage();

    const response = await request('GET', '/.well-known/openid-configuration', { host: 'auth' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      issuer: endpoints().environment.TOKEN_ISSUER,
      token_endpoint: `${auth_url}/oauth/v2/token`,
      jwks_uri: `${auth_url}/.well-known/jwks.json`,
      grant_types_supported: ['client_credentials', 'authorization_code'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      id_token_signing_alg_values_supported: ['ES256'],
      scopes_supported: expect.arrayContaining(['catalog.lounges:read', 'identity.account:*']),
    });
  });
});
