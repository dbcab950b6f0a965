import { randomBytes } from 'node:crypto';
import { decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { createLoginStateSigner } from '../../../../shared/auth/login-state-signer.ts';
import {
  InvalidGrantError,
  LoginCallbackRefusedError,
  LoginRequestRefusedError,
  NoRoleError,
} from '../../../../shared/domain/employees/errors.ts';
import { type EmployeeIdentity, roleScopes } from '../../../../shared/domain/employees/model.ts';
import {
  consoleErrorRedirect,
  exchangeCode,
  handleCallback,
  hashOneTimeCode,
  type LoginContext,
  s256,
  startLogin,
} from '../../../../shared/domain/employees/service.ts';
import { OAuthError } from '../../../../shared/vocabulary/oauth-error.ts';
import { verifyEmployeeToken } from '../../../support/employee-tokens.ts';
import {
  adminAudience,
  consoleClientId,
  consoleRedirectUri,
  issuer,
  type LoginWorld,
  lenient,
  loginWorld,
  strict,
} from './fakes.ts';

const now = new Date('2026-05-01T10:00:00.000Z');
const at = (offsetSeconds: number): LoginContext => ({
  now: new Date(now.getTime() + offsetSeconds * 1000),
  requestId: 'req-1',
});

const ada: EmployeeIdentity = {
  subject: 'ada',
  groups: ['pts-admins'],
  name: 'Ada',
  email: 'ada@example.test',
};
const sam: EmployeeIdentity = {
  subject: 'sam',
  groups: ['pts-support'],
  name: 'Sam',
  email: 'sam@example.test',
};
const nico: EmployeeIdentity = { subject: 'nico', groups: ['pts-finance'], name: null, email: null };

const newVerifier = () => randomBytes(32).toString('base64url');

function loginRequest(overrides: Partial<Parameters<typeof startLogin>[2]> = {}) {
  const verifier = newVerifier();
  return {
    verifier,
    request: {
      redirectUri: consoleRedirectUri,
      codeChallenge: s256(verifier),
      codeChallengeMethod: 'S256',
      state: 'console-state-42',
      ...overrides,
    },
  };
}

/** Start, sign in at the (fake) provider, and come back through the callback. */
async function signIn(world: LoginWorld, identity: EmployeeIdentity) {
  const { verifier, request } = loginRequest();
  const { location } = await startLogin(world.deps, at(0), request);
  const callback = world.idp.callbackFor(location, identity);
  const back = new URL((await handleCallback(world.deps, at(5), callback)).location);
  return { verifier, callback, back, code: back.searchParams.get('code') ?? '' };
}

async function refusal<T extends Error>(
  promise: Promise<unknown>,
  type: new (...args: never[]) => T,
): Promise<T> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(type);
  return error as T;
}

describe('startLogin', () => {
  it('sends the browser to the identity provider with a signed state and keeps the PKCE verifier on the server', async () => {
    const world = await loginWorld();
    const { location } = await startLogin(world.deps, at(0), loginRequest().request);

    const state = new URL(location).searchParams.get('state') ?? '';
    const verified = await world.deps.signer.verify(state, at(0).now);
    expect(verified).toMatchObject({
      valid: true,
      state: { redirectUri: consoleRedirectUri, appState: 'console-state-42' },
    });
    expect(location.startsWith('https://idp.test/authorize?')).toBe(true);
    const [pending] = [...world.states.logins.values()];
    expect(pending?.codeVerifier).toBe(world.idp.requests.get(state)?.codeVerifier);
    expect(location).not.toContain(pending?.codeVerifier);
    expect(pending?.expiresAt).toBe('2026-05-01T10:10:00.000Z');
  });

  it.each([
    ['a foreign address', 'https://evil.test/callback'],
    ['a trailing slash', `${consoleRedirectUri}/`],
    ['an added query', `${consoleRedirectUri}?next=/`],
    ['another case', consoleRedirectUri.toUpperCase()],
    ['no redirect_uri', undefined],
  ])('refuses a redirect_uri with %s and stores nothing', async (_case, redirectUri) => {
    const world = await loginWorld();
    const error = await refusal(
      startLogin(world.deps, at(0), loginRequest({ redirectUri }).request),
      LoginRequestRefusedError,
    );
    expect(error.problem).toBe('redirect_uri');
    expect(world.states.logins.size).toBe(0);
  });

  it.each([['plain'], ['s256'], [undefined]])('refuses code_challenge_method %s', async (method) => {
    const world = await loginWorld();
    const error = await refusal(
      startLogin(world.deps, at(0), loginRequest({ codeChallengeMethod: method }).request),
      LoginRequestRefusedError,
    );
    expect(error.problem).toBe('code_challenge_method');
  });

  it.each([
    ['too short', 'abc'],
    ['padded', `${s256('x'.repeat(43)).slice(0, 42)}=`],
    ['longer than an S256 challenge', 'a'.repeat(44)],
    ['missing', undefined],
  ])('refuses a code_challenge that is %s', async (_case, codeChallenge) => {
    const world = await loginWorld();
    const error = await refusal(
      startLogin(world.deps, at(0), loginRequest({ codeChallenge }).request),
      LoginRequestRefusedError,
    );
    expect(error.problem).toBe('code_challenge');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['longer than 512 characters', 'x'.repeat(513)],
    ['not printable ASCII', 'naïve state'],
  ])('refuses a console state that is %s', async (_case, state) => {
    const world = await loginWorld();
    const error = await refusal(
      startLogin(world.deps, at(0), loginRequest({ state }).request),
      LoginRequestRefusedError,
    );
    expect(error.problem).toBe('state');
  });
});

describe('handleCallback', () => {
  it('returns to the console with a one-time code and its state, storing only the hash of the code', async () => {
    const world = await loginWorld();
    const { back, code } = await signIn(world, ada);

    expect(`${back.origin}${back.pathname}`).toBe(consoleRedirectUri);
    expect(back.searchParams.get('state')).toBe('console-state-42');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = world.codes.codes.get(hashOneTimeCode(code));
    expect(stored).toMatchObject({
      employeeId: 'ada',
      roles: ['admin'],
      redirectUri: consoleRedirectUri,
      expiresAt: '2026-05-01T10:01:05.000Z',
    });
    expect(JSON.stringify([...world.codes.codes.entries()])).not.toContain(code);
  });

  it('audits a granted login in the same transaction as its code', async () => {
    const world = await loginWorld();
    await signIn(world, ada);

    expect(world.committer.transactions).toEqual([2]);
    expect(world.audit.records).toEqual([
      expect.objectContaining({
        at: '2026-05-01T10:00:05.000Z',
        actor: { type: 'employee', id: 'ada', roles: ['admin'] },
        action: 'completeEmployeeLogin',
        target: { type: 'employee', id: 'ada' },
        requestId: 'req-1',
        outcome: 'succeeded',
        reason: null,
      }),
    ]);
  });

  it('writes no secret into the audit record: not the code, the state, the verifiers or the provider code', async () => {
    const world = await loginWorld();
    const { code, callback, verifier } = await signIn(world, ada);
    const stored = JSON.stringify(world.audit.records);
    const secrets = [code, callback.get('state'), callback.get('code'), verifier, hashOneTimeCode(code)];
    for (const secret of secrets) expect(stored).not.toContain(secret);
  });

  it('refuses a missing state', async () => {
    const world = await loginWorld();
    const error = await refusal(
      handleCallback(world.deps, at(0), new URLSearchParams({ code: 'x' })),
      LoginCallbackRefusedError,
    );
    expect(error.problem).toBe('state_invalid');
  });

  it('refuses a tampered state and audits nothing', async () => {
    const world = await loginWorld();
    const { location } = await startLogin(world.deps, at(0), loginRequest().request);
    const callback = world.idp.callbackFor(location, ada);
    const [header, payload, signature] = (callback.get('state') ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    claims.rdu = 'https://evil.test/callback';
    callback.set(
      'state',
      `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`,
    );

    const error = await refusal(handleCallback(world.deps, at(5), callback), LoginCallbackRefusedError);
    expect(error.problem).toBe('state_invalid');
    expect(error.consoleReturn).toBeNull();
    expect(world.audit.records).toEqual([]);
    expect(world.states.logins.size).toBe(1);
  });

  it('refuses a state signed with a key the service does not hold', async () => {
    const world = await loginWorld();
    const forger = createLoginStateSigner({ issuer, keys: [randomBytes(32)] });
    const forged = await forger.sign(
      { stateId: 'x', redirectUri: 'https://evil.test/', codeChallenge: s256(newVerifier()), appState: 's' },
      at(600).now,
    );
    const error = await refusal(
      handleCallback(world.deps, at(0), new URLSearchParams({ code: 'c', state: forged })),
      LoginCallbackRefusedError,
    );
    expect(error.problem).toBe('state_invalid');
  });

  it('refuses a state older than 10 minutes', async () => {
    const world = await loginWorld();
    const { location } = await startLogin(world.deps, at(0), loginRequest().request);
    const callback = world.idp.callbackFor(location, ada);
    const error = await refusal(handleCallback(world.deps, at(601), callback), LoginCallbackRefusedError);
    expect(error.problem).toBe('state_expired');
    expect(world.codes.codes.size).toBe(0);
  });

  it('refuses a state used once already (a replayed callback)', async () => {
    const world = await loginWorld();
    const { callback } = await signIn(world, ada);
    const error = await refusal(handleCallback(world.deps, at(6), callback), LoginCallbackRefusedError);
    expect(error.problem).toBe('state_used');
    expect(world.codes.codes.size).toBe(1);
    expect(world.audit.records).toHaveLength(1);
  });

  it('audits a login the identity provider refused, and says where the console waits', async () => {
    const world = await loginWorld();
    const { location } = await startLogin(world.deps, at(0), loginRequest().request);
    const state = new URL(location).searchParams.get('state') ?? '';
    const callback = new URLSearchParams({ error: 'access_denied', state });

    const error = await refusal(handleCallback(world.deps, at(5), callback), LoginCallbackRefusedError);
    expect(error.problem).toBe('identity_provider');
    expect(error.consoleReturn).toEqual({ redirectUri: consoleRedirectUri, appState: 'console-state-42' });
    expect(world.audit.records).toEqual([
      expect.objectContaining({
        actor: { type: 'employee', id: null, roles: [] },
        target: { type: 'employee', id: null },
        outcome: 'refused',
        reason: 'identity_provider',
        details: { provider_error: 'access_denied' },
      }),
    ]);
    const back = new URL(
      consoleErrorRedirect(error.consoleReturn ?? { redirectUri: '', appState: '' }, 'access_denied', 'no'),
    );
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('console-state-42');
  });

  it('refuses, under strict mapping, an employee in no mapped group: audited, and no code', async () => {
    const world = await loginWorld(strict);
    const { request } = loginRequest();
    const { location } = await startLogin(world.deps, at(0), request);
    const error = await refusal(
      handleCallback(world.deps, at(5), world.idp.callbackFor(location, nico)),
      NoRoleError,
    );
    expect(error.employeeId).toBe('nico');
    expect(world.codes.codes.size).toBe(0);
    expect(world.audit.records).toEqual([
      expect.objectContaining({
        actor: { type: 'employee', id: 'nico', roles: [] },
        target: { type: 'employee', id: 'nico' },
        outcome: 'refused',
        reason: 'no_role',
        details: { groups: ['pts-finance'] },
      }),
    ]);
  });

  it('treats an employee in no mapped group as admin under lenient mapping', async () => {
    const world = await loginWorld(lenient);
    const { code } = await signIn(world, nico);
    expect(world.codes.codes.get(hashOneTimeCode(code))?.roles).toEqual(['admin']);
  });

  it('stores no code when the transaction fails, so the console never gets a dead code', async () => {
    const world = await loginWorld();
    world.committer.failure = new Error('transaction canceled');
    const { location } = await startLogin(world.deps, at(0), loginRequest().request);
    await expect(handleCallback(world.deps, at(5), world.idp.callbackFor(location, ada))).rejects.toThrow(
      'transaction canceled',
    );
    expect(world.codes.codes.size).toBe(0);
    expect(world.audit.records).toEqual([]);
  });
});

describe('exchangeCode', () => {
  async function tokenFor(world: LoginWorld, identity: EmployeeIdentity) {
    const { code, verifier } = await signIn(world, identity);
    return exchangeCode(world.deps, at(10), {
      code,
      codeVerifier: verifier,
      redirectUri: consoleRedirectUri,
      clientId: consoleClientId,
    });
  }

  const verify = (world: LoginWorld, accessToken: string) =>
    verifyEmployeeToken(world.keys, accessToken, { issuer, audience: adminAudience, now: at(10).now });

  it('issues an ES256 at+jwt for the admin API with the employee, roles, scopes and console client id', async () => {
    const world = await loginWorld();
    const token = await tokenFor(world, ada);

    expect(token.expiresIn).toBe(3600);
    expect(decodeProtectedHeader(token.accessToken)).toEqual({
      alg: 'ES256',
      typ: 'at+jwt',
      kid: 'test-key',
    });
    const { payload } = await verify(world, token.accessToken);
    expect(payload).toEqual({
      iss: issuer,
      aud: adminAudience,
      sub: 'ada',
      scopes: [...roleScopes.admin],
      roles: ['admin'],
      client_id: consoleClientId,
      iat: 1777629610,
      exp: 1777629610 + 3600,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('gives a support employee only the read scopes', async () => {
    const world = await loginWorld();
    const { payload } = await verify(world, (await tokenFor(world, sam)).accessToken);
    expect(payload.roles).toEqual(['support']);
    expect(payload.scopes).toEqual([...roleScopes.support]);
  });

  it('refuses a revoked employee with invalid_grant employee_revoked, and spends the code', async () => {
    const world = await loginWorld();
    const { code, verifier } = await signIn(world, ada);
    const form = { code, codeVerifier: verifier, redirectUri: consoleRedirectUri, clientId: undefined };
    world.revocations.revocations.set('ada', {
      employeeId: 'ada',
      status: 'Revoked',
      revokedAt: at(7).now.toISOString(),
      revokedBy: 'grace',
      reason: 'left the company',
      reinstatedAt: null,
      reinstatedBy: null,
    });

    const error = await refusal(exchangeCode(world.deps, at(10), form), InvalidGrantError);
    const again = await refusal(exchangeCode(world.deps, at(11), form), InvalidGrantError);

    expect([error.error, error.status, error.reason]).toEqual(['invalid_grant', 400, 'employee_revoked']);
    expect(error.message).toMatch(/revoked/);
    expect(again.reason).toBe('code_unknown');
  });

  it('issues a token again once the revocation is lifted', async () => {
    const world = await loginWorld();
    world.revocations.revocations.set('ada', {
      employeeId: 'ada',
      status: 'Reinstated',
      revokedAt: at(-60).now.toISOString(),
      revokedBy: 'grace',
      reason: 'left the company',
      reinstatedAt: at(-30).now.toISOString(),
      reinstatedBy: 'grace',
    });

    await expect(tokenFor(world, ada)).resolves.toMatchObject({ roles: ['admin'] });
  });

  it('refuses a code used once already', async () => {
    const world = await loginWorld();
    const { code, verifier } = await signIn(world, ada);
    const form = { code, codeVerifier: verifier, redirectUri: consoleRedirectUri, clientId: undefined };
    await exchangeCode(world.deps, at(10), form);
    const error = await refusal(exchangeCode(world.deps, at(11), form), InvalidGrantError);
    expect([error.error, error.status, error.reason]).toEqual(['invalid_grant', 400, 'code_unknown']);
  });

  it('refuses a code older than 60 seconds', async () => {
    const world = await loginWorld();
    const { code, verifier } = await signIn(world, ada);
    const error = await refusal(
      exchangeCode(world.deps, at(66), {
        code,
        codeVerifier: verifier,
        redirectUri: consoleRedirectUri,
        clientId: undefined,
      }),
      InvalidGrantError,
    );
    expect(error.reason).toBe('code_unknown');
  });

  it('refuses a code it never issued', async () => {
    const world = await loginWorld();
    const error = await refusal(
      exchangeCode(world.deps, at(0), {
        code: randomBytes(32).toString('base64url'),
        codeVerifier: newVerifier(),
        redirectUri: consoleRedirectUri,
        clientId: undefined,
      }),
      InvalidGrantError,
    );
    expect(error.reason).toBe('code_unknown');
  });

  it('refuses a wrong code_verifier, and the code is spent by the attempt', async () => {
    const world = await loginWorld();
    const { code, verifier } = await signIn(world, ada);
    const wrong = await refusal(
      exchangeCode(world.deps, at(10), {
        code,
        codeVerifier: newVerifier(),
        redirectUri: consoleRedirectUri,
        clientId: undefined,
      }),
      InvalidGrantError,
    );
    expect(wrong.reason).toBe('code_verifier_mismatch');
    const retry = await refusal(
      exchangeCode(world.deps, at(11), {
        code,
        codeVerifier: verifier,
        redirectUri: consoleRedirectUri,
        clientId: undefined,
      }),
      InvalidGrantError,
    );
    expect(retry.reason).toBe('code_unknown');
  });

  it('refuses a redirect_uri other than the one of the login', async () => {
    const world = await loginWorld();
    const { code, verifier } = await signIn(world, ada);
    const error = await refusal(
      exchangeCode(world.deps, at(10), {
        code,
        codeVerifier: verifier,
        redirectUri: 'https://console.test/other',
        clientId: undefined,
      }),
      InvalidGrantError,
    );
    expect(error.reason).toBe('redirect_uri_mismatch');
  });

  it('refuses a client_id other than the console', async () => {
    const world = await loginWorld();
    const { code, verifier } = await signIn(world, ada);
    const error = await refusal(
      exchangeCode(world.deps, at(10), {
        code,
        codeVerifier: verifier,
        redirectUri: consoleRedirectUri,
        clientId: 'pts_someoneelse',
      }),
      InvalidGrantError,
    );
    expect(error.reason).toBe('client_mismatch');
  });

  it.each([
    ['no code', { code: undefined }],
    ['no code_verifier', { codeVerifier: undefined }],
    ['no redirect_uri', { redirectUri: undefined }],
    ['a code_verifier shorter than 43 characters', { codeVerifier: 'short' }],
    ['a code_verifier with characters outside RFC 7636', { codeVerifier: `${'a'.repeat(42)}+` }],
  ])('answers invalid_request for %s, leaving the code unspent', async (_case, change) => {
    const world = await loginWorld();
    const { code, verifier } = await signIn(world, ada);
    const form = { code, codeVerifier: verifier, redirectUri: consoleRedirectUri, clientId: undefined };
    const error = await refusal(exchangeCode(world.deps, at(10), { ...form, ...change }), OAuthError);
    expect([error.error, error.status]).toEqual(['invalid_request', 400]);
    expect(error).not.toBeInstanceOf(InvalidGrantError);
    await expect(exchangeCode(world.deps, at(11), form)).resolves.toMatchObject({ roles: ['admin'] });
  });
});
