import { randomBytes } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalEmployee,
  localEmployeeSeeds,
  localRoleGroups,
  type RunningIdentityProvider,
  startIdentityProvider,
  withGeneratedPasswords,
} from '../../../infra/local/identity-provider.ts';
import { ensureTable } from '../../../infra/local/tables.ts';
import { createEmployeeTokenIssuer } from '../../../shared/auth/employee-tokens.ts';
import type { SigningKeySet } from '../../../shared/auth/keys.ts';
import { createLoginStateSigner } from '../../../shared/auth/login-state-signer.ts';
import { createOidcRelyingParty } from '../../../shared/auth/oidc-relying-party.ts';
import { SigningKeyCache } from '../../../shared/auth/signing-key-cache.ts';
import { dynamoAuditLog } from '../../../shared/db/entities/audit.ts';
import { dynamoEmployeeRevocationStore } from '../../../shared/db/entities/employee-revocation.ts';
import { dynamoLoginStateStore } from '../../../shared/db/entities/login-state.ts';
import { dynamoOneTimeCodeStore } from '../../../shared/db/entities/one-time-code.ts';
import { auditTable } from '../../../shared/db/tables.ts';
import { isDynamoWrite } from '../../../shared/db/transaction.ts';
import { LoginCallbackRefusedError, NoRoleError } from '../../../shared/domain/employees/errors.ts';
import { type RoleMappingMode, roleScopes } from '../../../shared/domain/employees/model.ts';
import type { WriteCommitter } from '../../../shared/domain/employees/ports.ts';
import {
  type EmployeeLoginDeps,
  exchangeCode,
  handleCallback,
  s256,
  startLogin,
} from '../../../shared/domain/employees/service.ts';
import { fetchTrustingCa } from '../../../shared/net/trusting-fetch.ts';
import {
  createCertificateAuthority,
  generateKeyPair,
  issueCertificate,
  privateKeyPem,
} from '../../../shared/pki/certificates.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient, dynamoClient } from '../../support/aws.ts';
import { HeadlessBrowser } from '../../support/browser.ts';
import { signingKeySet, verifyEmployeeToken } from '../../support/employee-tokens.ts';

/*
 * The employee login end to end without a browser: the real oidc-provider over HTTPS with the stage's
 * kind of CA, the real openid-client adapter, the DynamoDB entities on the run's DynamoDB Local, and
 * the use cases the login routes will call. Only the HTTP routes of the service are left out.
 */

const tokenIssuer = 'https://auth.employees.test';
const adminAudience = 'https://admin.employees.test';
const consoleClientId = 'pts-admin-console';
const consoleRedirectUri = 'https://console.employees.test/auth/callback';
const callbackUrl = 'https://auth.employees.test/api/v1/auth/idp/callback';
const backendClient = { client_id: 'pts-backend', client_secret: randomBytes(32).toString('base64url') };

let idp: RunningIdentityProvider;
let agent: Agent;
let closeFetch: () => Promise<void>;
let employees: (LocalEmployee & { role: string | null })[];
let keys: SigningKeySet;
let depsFor: (mode: RoleMappingMode) => EmployeeLoginDeps;
let auditLog: ReturnType<typeof dynamoAuditLog>;

beforeAll(async () => {
  const ca = await createCertificateAuthority('Employee login test CA', 1);
  const serverKeys = await generateKeyPair();
  const server = await issueCertificate({
    ca,
    subject: 'CN=127.0.0.1',
    publicKey: serverKeys.publicKey,
    days: 1,
    usage: 'server',
    altNames: { ip: ['127.0.0.1'] },
  });
  employees = withGeneratedPasswords();
  idp = await startIdentityProvider({
    port: 0,
    tls: { cert: server.certificatePem, key: await privateKeyPem(serverKeys.privateKey) },
    clients: [{ ...backendClient, redirect_uris: [callbackUrl] }],
    employees,
  });
  agent = new Agent({ connect: { ca: ca.certificatePem } });
  const trusting = fetchTrustingCa(ca.certificatePem);
  closeFetch = trusting.close;

  const client = documentClient();
  const tables = { tableName: endpoints().tables.main, client: () => client };
  const audit = await ensureTable(dynamoClient(), auditTable, `Audit-${randomBytes(4).toString('hex')}`);
  auditLog = dynamoAuditLog({ tableName: audit.name, client: () => client });
  const committer: WriteCommitter = {
    async commit(writes) {
      const items = writes.map((write) => {
        if (!isDynamoWrite(write)) throw new Error(`Not a DynamoDB write: ${write.description}`);
        return write.item;
      });
      await client.send(new TransactWriteCommand({ TransactItems: items }));
    },
  };
  keys = await signingKeySet();
  const shared = {
    signer: createLoginStateSigner({ issuer: tokenIssuer, keys: [randomBytes(32)] }),
    states: dynamoLoginStateStore(tables),
    codes: dynamoOneTimeCodeStore(tables),
    identityProvider: createOidcRelyingParty({
      issuer: idp.issuer,
      clientId: backendClient.client_id,
      clientSecret: backendClient.client_secret,
      callbackUrl,
      fetch: trusting.fetch,
    }),
    tokens: createEmployeeTokenIssuer({
      issuer: tokenIssuer,
      audience: adminAudience,
      signingKeys: new SigningKeyCache(async () => keys),
    }),
    revocations: dynamoEmployeeRevocationStore(tables),
    audit: auditLog,
    committer,
  };
  depsFor = (mode) => ({
    ...shared,
    settings: {
      redirectUris: [consoleRedirectUri],
      roleMapping: { groups: localRoleGroups, mode },
      consoleClientId,
    },
  });
});

afterAll(async () => {
  await idp?.stop();
  await agent?.close();
  await closeFetch?.();
});

const context = () => ({ now: new Date(), requestId: `req-${randomBytes(4).toString('hex')}` });

function employee(username: string): LocalEmployee {
  const found = employees.find((candidate) => candidate.username === username);
  if (!found) throw new Error(`No seeded employee ${username}`);
  return found;
}

/** The console's first step: a fresh verifier, and the login operation's answer (where to go). */
async function beginLogin(mode: RoleMappingMode) {
  const verifier = randomBytes(32).toString('base64url');
  const appState = randomBytes(8).toString('hex');
  const { location } = await startLogin(depsFor(mode), context(), {
    redirectUri: consoleRedirectUri,
    codeChallenge: s256(verifier),
    codeChallengeMethod: 'S256',
    state: appState,
  });
  return { verifier, appState, location };
}

/** At the provider: open the authorization URL, reach the login page, submit the form. */
async function signInAtProvider(location: string, username: string, password: string) {
  const browser = new HeadlessBrowser(agent);
  const { page: loginPage, visited } = await browser.follow(await browser.open(location), idp.issuer);
  expect(loginPage.status).toBe(200);
  const action = /<form method="post" action="([^"]+\/login)">/.exec(loginPage.body)?.[1];
  if (!action) throw new Error(`No login form in ${loginPage.body}`);
  const posted = await browser.open(
    new URL(action, loginPage.url).href,
    new URLSearchParams({ username, password }),
  );
  const after = await browser.follow(posted, idp.issuer);
  return { browser, loginPage, posted, after, visited: [...visited, ...after.visited] };
}

async function fullLogin(mode: RoleMappingMode, username: string) {
  const { verifier, appState, location } = await beginLogin(mode);
  const { after } = await signInAtProvider(location, username, employee(username).password);
  if (!after.leftTo) throw new Error(`The provider did not return to the callback: ${after.page.body}`);
  const callback = new URL(after.leftTo);
  expect(`${callback.origin}${callback.pathname}`).toBe(callbackUrl);
  const back = new URL((await handleCallback(depsFor(mode), context(), callback.searchParams)).location);
  return { verifier, appState, callback, back };
}

describe('employee login with the local identity provider', () => {
  it.each(localEmployeeSeeds.map((seed) => [seed.username, seed.role ?? 'admin']))(
    'gives %s an employee token with role %s under lenient mapping',
    async (username, role) => {
      const { verifier, appState, back } = await fullLogin('lenient', username);
      expect([...back.searchParams.keys()].sort()).toEqual(['code', 'state']);
      expect(`${back.origin}${back.pathname}`).toBe(consoleRedirectUri);
      expect(back.searchParams.get('state')).toBe(appState);

      const now = new Date();
      const token = await exchangeCode(
        depsFor('lenient'),
        { now },
        {
          code: back.searchParams.get('code') ?? '',
          codeVerifier: verifier,
          redirectUri: consoleRedirectUri,
          clientId: consoleClientId,
        },
      );
      const { payload, protectedHeader } = await verifyEmployeeToken(keys, token.accessToken, {
        issuer: tokenIssuer,
        audience: adminAudience,
        now,
      });
      expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
      expect(payload).toMatchObject({
        sub: username,
        roles: [role],
        scopes: [...roleScopes[role === 'support' ? 'support' : 'admin']],
        client_id: consoleClientId,
      });
      expect(payload.exp).toBe((payload.iat ?? 0) + 3600);
    },
  );

  it.each([
    ['ada.admin', 'admin'],
    ['sam.support', 'support'],
  ] as const)('gives %s the role %s under strict mapping', async (username, role) => {
    const { verifier, back } = await fullLogin('strict', username);
    const token = await exchangeCode(
      depsFor('strict'),
      { now: new Date() },
      {
        code: back.searchParams.get('code') ?? '',
        codeVerifier: verifier,
        redirectUri: consoleRedirectUri,
        clientId: undefined,
      },
    );
    expect(token.roles).toEqual([role]);
    expect(token.scopes).toEqual(roleScopes[role]);
  });

  it('refuses under strict mapping the employee in no mapped group, and audits the refusal', async () => {
    const { location } = await beginLogin('strict');
    const { after } = await signInAtProvider(location, 'nico.nogroup', employee('nico.nogroup').password);
    const callback = new URL(after.leftTo ?? '');
    const refusedContext = context();
    const error = await handleCallback(depsFor('strict'), refusedContext, callback.searchParams).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(NoRoleError);

    const { items } = await auditLog.list({ actorId: 'nico.nogroup', limit: 10 });
    expect(items.filter((record) => record.requestId === refusedContext.requestId)).toEqual([
      expect.objectContaining({
        action: 'completeEmployeeLogin',
        outcome: 'refused',
        reason: 'no_role',
        details: { groups: ['pts-finance'] },
      }),
    ]);
  });

  it('audits a granted login with the employee, roles and request id, and no secret', async () => {
    const { back, callback } = await fullLogin('lenient', 'sam.support');
    const { items } = await auditLog.list({ actorId: 'sam.support', limit: 1 });
    expect(items[0]).toMatchObject({
      actor: { type: 'employee', id: 'sam.support', roles: ['support'] },
      target: { type: 'employee', id: 'sam.support' },
      outcome: 'succeeded',
      requestId: expect.stringMatching(/^req-/),
    });
    const stored = JSON.stringify(items);
    for (const secret of [
      back.searchParams.get('code'),
      callback.searchParams.get('code'),
      callback.searchParams.get('state'),
    ])
      expect(stored).not.toContain(secret);
    expect(stored).not.toContain(employee('sam.support').password);
  });

  it('refuses a replayed callback: the state is single-use', async () => {
    const { callback } = await fullLogin('lenient', 'ada.admin');
    const error = await handleCallback(depsFor('lenient'), context(), callback.searchParams).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(LoginCallbackRefusedError);
    expect((error as LoginCallbackRefusedError).problem).toBe('state_used');
  });

  it('shows the error on the login page after a wrong password, and lets the employee try again', async () => {
    const { location } = await beginLogin('lenient');
    const { browser, posted, after } = await signInAtProvider(location, 'ada.admin', 'not-the-password');
    expect(after.leftTo).toBeNull();
    expect(posted.status).toBe(200);
    expect(posted.body).toContain('<p id="login-error" role="alert">Wrong username or password.</p>');
    expect(posted.body).toContain('value="ada.admin"');

    const action = /<form method="post" action="([^"]+\/login)">/.exec(posted.body)?.[1] ?? '';
    const retried = await browser.open(
      new URL(action, posted.url).href,
      new URLSearchParams({ username: 'ada.admin', password: employee('ada.admin').password }),
    );
    const { leftTo } = await browser.follow(retried, idp.issuer);
    expect(new URL(leftTo ?? '').searchParams.has('code')).toBe(true);
  });

  it('refuses an unknown username with the same page as a wrong password', async () => {
    const { location } = await beginLogin('lenient');
    const { posted, after } = await signInAtProvider(location, 'mallory', 'whatever');
    expect(after.leftTo).toBeNull();
    expect(posted.body).toContain('Wrong username or password.');
  });

  it('serves an accessible login form without script, under a strict CSP, and sets only secure cookies', async () => {
    const { location } = await beginLogin('lenient');
    const { loginPage, visited } = await signInAtProvider(
      location,
      'ada.admin',
      employee('ada.admin').password,
    );
    const html = loginPage.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<label for="username">Username</label>');
    expect(html).toContain(
      '<input id="username" name="username" type="text" autocomplete="username" required',
    );
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('<input id="password" name="password" type="password"');
    expect(html).not.toMatch(/<script|style=|\son[a-z]+=/i);
    expect(loginPage.headers['content-security-policy']).toMatch(/^default-src 'none'; form-action 'self' /);
    expect(loginPage.headers['cache-control']).toBe('no-store');

    const cookies = visited.flatMap((page) => page.setCookies);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie.toLowerCase()).toMatch(/; secure/);
  });

  it('sends a canceled sign-in back as access_denied, which the callback refuses and audits', async () => {
    const { location } = await beginLogin('lenient');
    const browser = new HeadlessBrowser(agent);
    const { page } = await browser.follow(await browser.open(location), idp.issuer);
    const abort = /<form method="post" action="([^"]+\/abort)">/.exec(page.body)?.[1] ?? '';
    const { leftTo } = await browser.follow(
      await browser.open(new URL(abort, page.url).href, new URLSearchParams()),
      idp.issuer,
    );
    const callback = new URL(leftTo ?? '');
    expect(callback.searchParams.get('error')).toBe('access_denied');

    const error = await handleCallback(depsFor('lenient'), context(), callback.searchParams).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(LoginCallbackRefusedError);
    expect((error as LoginCallbackRefusedError).problem).toBe('identity_provider');
    expect((error as LoginCallbackRefusedError).consoleReturn?.redirectUri).toBe(consoleRedirectUri);
  });

  it('requires PKCE at the provider: an authorization request without a challenge is refused', async () => {
    const discovery = await new HeadlessBrowser(agent).open(`${idp.issuer}/.well-known/openid-configuration`);
    const metadata = JSON.parse(discovery.body) as {
      authorization_endpoint: string;
      code_challenge_methods_supported: string[];
    };
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    const url = new URL(metadata.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: backendClient.client_id,
      redirect_uri: callbackUrl,
      response_type: 'code',
      scope: 'openid groups',
      state: 'no-pkce',
    }).toString();
    const browser = new HeadlessBrowser(agent);
    const { leftTo } = await browser.follow(await browser.open(url.href), idp.issuer);
    const answer = new URL(leftTo ?? '');
    expect(answer.searchParams.get('error')).toBe('invalid_request');
    expect(answer.searchParams.get('error_description')).toMatch(/PKCE/);
  });
});
