import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { createLoginStateSigner, loginStateKeysFrom } from '../../../shared/auth/login-state-signer.ts';
import { defaultSecretIds } from '../../../shared/config/env.ts';
import { dynamoOneTimeCodeStore } from '../../../shared/db/entities/one-time-code.ts';
import { isDynamoWrite } from '../../../shared/db/transaction.ts';
import { roleScopes } from '../../../shared/domain/employees/model.ts';
import { hashOneTimeCode } from '../../../shared/domain/employees/service.ts';
import { FileSecretStore } from '../../../shared/secrets/store.ts';
import { endpoints, request, stage, token } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import type { Page } from '../../support/browser.ts';
import { loginParameters, newAttempt } from '../../support/employee-login.ts';
import { asAdmin, employeeLogin, exchangeCode } from '../../support/employees.ts';

/*
 * The employee login through the local stage's real listeners: the login and callback operations on
 * auth_url, the real identity provider (oidc-provider) with its sign-in form, and the token endpoint.
 */

afterAll(() => employeeLogin.close());

function expectRefusalPage(page: Page, status: number, text: RegExp) {
  expect(page.status).toBe(status);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.headers.location).toBeUndefined();
  expect(page.body).toMatch(text);
  expect(page.headers['x-request-id']).toBeTruthy();
}

async function exchange(form: Record<string, string>) {
  return exchangeCode({
    grant_type: 'authorization_code',
    client_id: stage().employee_login.client_id,
    ...form,
  });
}

async function jwks(): Promise<JSONWebKeySet> {
  const response = await request<JSONWebKeySet>('GET', '/.well-known/jwks.json', { host: 'auth' });
  return response.body;
}

describe('the discovery document', () => {
  it('advertises the login as authorization endpoint, both grant types and S256 only', async () => {
    const { status, body } = await request('GET', '/.well-known/openid-configuration', { host: 'auth' });

    expect(status).toBe(200);
    expect(body).toMatchObject({
      authorization_endpoint: `${stage().auth_url}/api/v1/auth/idp/login`,
      token_endpoint: `${stage().auth_url}/oauth/v2/token`,
      grant_types_supported: ['client_credentials', 'authorization_code'],
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
  });
});

describe('a login', () => {
  it.each([
    ['ada.admin', 'admin'],
    ['sam.support', 'support'],
    // In no mapped group: admin, because the shared stage maps roles leniently (the default).
    ['nico.nogroup', 'admin'],
  ] as const)('gives %s an employee token with role %s for the admin API', async (username, role) => {
    const { attempt, back, code } = await employeeLogin.codeFor(username);
    expect(`${back.origin}${back.pathname}`).toBe(attempt.redirectUri);
    expect([...back.searchParams.keys()].sort()).toEqual(['code', 'state']);
    expect(back.searchParams.get('state')).toBe(attempt.appState);

    const response = await exchange({
      code,
      code_verifier: attempt.verifier,
      redirect_uri: attempt.redirectUri,
    });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const token = String(response.body.access_token);
    expect(response.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    const { payload } = await jwtVerify(token, createLocalJWKSet(await jwks()), {
      issuer: stage().auth_url,
      audience: stage().admin_url,
      typ: 'at+jwt',
    });
    expect(payload).toMatchObject({
      sub: username,
      roles: [role],
      scopes: [...roleScopes[role]],
      client_id: stage().employee_login.client_id,
    });
    expect(payload.exp).toBe((payload.iat ?? 0) + 3600);
    expect(payload.jti).toEqual(expect.any(String));
    expect(payload).not.toHaveProperty('account_id');

    const accounts = await request('GET', '/api/v1/admin/accounts', { host: 'admin', cert: null, token });
    expect(accounts.status).toBe(200);
  });

  it('sends a sign-in canceled at the provider back to the console as access_denied, and audits it', async () => {
    const attempt = newAttempt(stage());
    const { browser, page } = await employeeLogin.openLogin(loginParameters(attempt));
    const callbackUrl = await employeeLogin.cancelAtProvider(browser, page.headers.location ?? '');
    const answer = await employeeLogin.callback(browser, callbackUrl);

    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.location ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(attempt.redirectUri);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(attempt.appState);
    expect(back.searchParams.has('code')).toBe(false);

    const log = await asAdmin<{ data: Record<string, unknown>[] }>(
      'GET',
      '/api/v1/admin/audit-log?action=completeEmployeeLogin&limit=200',
    );
    expect(
      log.body.data.find((record) => record.request_id === answer.headers['x-request-id']),
    ).toMatchObject({
      actor: { type: 'employee', id: null, roles: [] },
      outcome: 'refused',
      reason: 'identity_provider',
    });
  });

  it('writes one audit record per granted login, with the request id of the callback and no secret', async () => {
    const { callbackUrl, page, back, code } = await employeeLogin.codeFor('sam.support');
    const log = await asAdmin<{ data: Record<string, unknown>[] }>(
      'GET',
      '/api/v1/admin/audit-log?action=completeEmployeeLogin&actor=sam.support',
    );
    const records = log.body.data.filter((record) => record.request_id === page.headers['x-request-id']);

    expect(records).toEqual([
      expect.objectContaining({
        actor: { type: 'employee', id: 'sam.support', roles: ['support'] },
        target: { type: 'employee', id: 'sam.support' },
        outcome: 'succeeded',
        reason: null,
      }),
    ]);
    const stored = JSON.stringify(records);
    const provider = new URL(callbackUrl).searchParams;
    for (const secret of [code, provider.get('code'), provider.get('state'), back.searchParams.get('state')])
      expect(stored).not.toContain(secret);
    expect(stored).not.toContain(stage().idp.employees[1]?.password);
  });
});

describe('the login operation refuses with a page, never a redirect,', () => {
  const valid = () => loginParameters(newAttempt(stage()));

  it.each([
    ['a redirect_uri outside the whitelist', { redirect_uri: 'https://evil.example/callback' }],
    [
      'a redirect_uri that only starts like a whitelisted one',
      { redirect_uri: `${stage().employee_login.redirect_uri}/x` },
    ],
    ['no redirect_uri', { redirect_uri: undefined }],
    ['the plain PKCE method', { code_challenge_method: 'plain' }],
    ['no PKCE method', { code_challenge_method: undefined }],
    ['a challenge that is no S256 digest', { code_challenge: 'short' }],
    ['no state', { state: undefined }],
  ])('%s: 400', async (_case, change) => {
    const parameters: Record<string, string> = { ...valid() };
    for (const [name, value] of Object.entries(change)) {
      if (value === undefined) delete parameters[name];
      else parameters[name] = value;
    }
    const { page } = await employeeLogin.openLogin(parameters);

    expectRefusalPage(page, 400, /The sign-in request is not valid/);
  });
});

describe('the callback', () => {
  it('refuses a tampered state with a 400 page', async () => {
    const { browser, callbackUrl } = await employeeLogin.throughProvider('ada.admin');
    const url = new URL(callbackUrl);
    const state = url.searchParams.get('state') ?? '';
    url.searchParams.set('state', `${state.slice(0, -2)}${state.endsWith('AA') ? 'BB' : 'AA'}`);

    expectRefusalPage(await employeeLogin.callback(browser, url.href), 400, /not valid/);
  });

  it('refuses a state used once already (a replayed callback) with a 400 page', async () => {
    const { browser, callbackUrl } = await employeeLogin.throughProvider('ada.admin');
    expect((await employeeLogin.callback(browser, callbackUrl)).status).toBe(302);

    expectRefusalPage(await employeeLogin.callback(browser, callbackUrl), 400, /already completed/);
  });

  it('refuses a state signed by the service but older than 10 minutes with a 400 page', async () => {
    const secrets = new FileSecretStore(endpoints().environment.SECRETS_DIR ?? '');
    const signer = createLoginStateSigner({
      issuer: stage().auth_url,
      keys: loginStateKeysFrom((await secrets.get(defaultSecretIds.loginStateKey)) ?? ''),
    });
    const attempt = newAttempt(stage());
    const expired = await signer.sign(
      {
        stateId: randomUUID(),
        redirectUri: attempt.redirectUri,
        codeChallenge: attempt.challenge,
        appState: attempt.appState,
      },
      new Date(Date.now() - 1000),
    );
    const { browser } = await employeeLogin.openLogin(loginParameters(attempt));
    const url = `${stage().auth_url}/api/v1/auth/idp/callback?code=anything&state=${expired}`;

    expectRefusalPage(await employeeLogin.callback(browser, url), 400, /took too long/);
  });

  it('refuses a callback without a state with a 400 page', async () => {
    const { browser } = await employeeLogin.openLogin(loginParameters(newAttempt(stage())));

    expectRefusalPage(
      await employeeLogin.callback(browser, `${stage().auth_url}/api/v1/auth/idp/callback?code=x`),
      400,
      /missing/,
    );
  });
});

describe('the code exchange', () => {
  it('spends the code: a second exchange of the same code is invalid_grant', async () => {
    const { attempt, code } = await employeeLogin.codeFor('ada.admin');
    const form = { code, code_verifier: attempt.verifier, redirect_uri: attempt.redirectUri };

    expect((await exchange(form)).status).toBe(200);
    const again = await exchange(form);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong verifier as invalid_grant, and the code is spent by the attempt', async () => {
    const { attempt, code } = await employeeLogin.codeFor('ada.admin');
    const wrong = await exchange({
      code,
      code_verifier: newAttempt(stage()).verifier,
      redirect_uri: attempt.redirectUri,
    });
    const right = await exchange({
      code,
      code_verifier: attempt.verifier,
      redirect_uri: attempt.redirectUri,
    });

    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'invalid_grant' });
    expect(right.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses another redirect_uri than the login one as invalid_grant', async () => {
    const { attempt, code } = await employeeLogin.codeFor('ada.admin');
    const response = await exchange({
      code,
      code_verifier: attempt.verifier,
      redirect_uri: `${attempt.redirectUri}?other`,
    });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses an expired code as invalid_grant, even before storage deleted it', async () => {
    const attempt = newAttempt(stage());
    const code = randomUUID();
    const write = dynamoOneTimeCodeStore({
      tableName: endpoints().tables.main,
      client: () => documentClient(),
    }).save({
      codeHash: hashOneTimeCode(code),
      employeeId: 'ada.admin',
      roles: ['admin'],
      codeChallenge: attempt.challenge,
      redirectUri: attempt.redirectUri,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    if (!isDynamoWrite(write) || !write.item.Put) throw new Error('The code store stages a put');
    await documentClient().send(new PutCommand(write.item.Put));

    const response = await exchange({
      code,
      code_verifier: attempt.verifier,
      redirect_uri: attempt.redirectUri,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers invalid_request without a verifier, and keeps the code valid', async () => {
    const { attempt, code } = await employeeLogin.codeFor('ada.admin');
    const missing = await exchange({ code, redirect_uri: attempt.redirectUri });
    const then = await exchange({ code, code_verifier: attempt.verifier, redirect_uri: attempt.redirectUri });

    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'invalid_request' });
    expect(then.status).toBe(200);
  });

  it('answers unsupported_grant_type for any other grant', async () => {
    const response = await exchangeCode({ grant_type: 'password', username: 'ada.admin', password: 'x' });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'unsupported_grant_type' });
  });
});

describe('CORS for the console', () => {
  const console = () => stage().console_url;

  it('answers the preflight of the admin API for the console origin only', async () => {
    const preflight = (origin: string) =>
      request('OPTIONS', '/api/v1/admin/accounts', {
        host: 'admin',
        cert: null,
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
    const allowed = await preflight(console());
    const foreign = await preflight('https://evil.example');

    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(console());
    expect(allowed.headers['access-control-allow-headers']).toMatch(/Authorization/);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the console read answers of the admin API and the token endpoint, and no other origin', async () => {
    const admin = await asAdmin('GET', '/api/v1/admin/accounts', { headers: { origin: console() } });
    const foreign = await asAdmin('GET', '/api/v1/admin/accounts', {
      headers: { origin: 'https://evil.example' },
    });
    const token = await exchangeCode({ grant_type: 'authorization_code', code: 'nothing' });
    const tokenFromConsole = await request('POST', '/oauth/v2/token', {
      host: 'auth',
      form: { grant_type: 'authorization_code' },
      headers: { origin: console() },
    });

    expect(admin.headers['access-control-allow-origin']).toBe(console());
    expect(admin.headers['access-control-expose-headers']).toMatch(/X-Request-ID/);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(token.headers['access-control-allow-origin']).toBeUndefined();
    expect(tokenFromConsole.headers['access-control-allow-origin']).toBe(console());
  });

  it('never answers CORS on the operations of the partner API', async () => {
    const response = await request('GET', '/v2/catalog/lounges', {
      cert: 0,
      token: await token(0),
      headers: { origin: console() },
    });

    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
