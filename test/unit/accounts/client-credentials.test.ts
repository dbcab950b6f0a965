import { describe, expect, it } from 'vitest';
import {
  clientCredentialsOf,
  issueClientCredentialsToken,
} from '../../../shared/domain/accounts/client-credentials.ts';
import { ClientLockout } from '../../../shared/domain/quotas/lockout.ts';
import { OAuthError } from '../../../shared/vocabulary/oauth-error.ts';
import { InMemoryLockoutStore } from '../../support/in-memory-lockout-store.ts';
import { MemoryLog } from '../support/memory-log.ts';
import { refusalOf } from '../support/unit-of-work.ts';
import { anApplication, FakeClientSecrets, FakeTokens, MemoryApplications, now } from './fakes.ts';

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

function oauthError(run: () => unknown): OAuthError {
  try {
    run();
  } catch (error) {
    if (error instanceof OAuthError) return error;
    throw error;
  }
  throw new Error('expected an OAuthError');
}

describe('client authentication on the token endpoint', () => {
  it('reads client_secret_post from the form', () => {
    expect(clientCredentialsOf({ client_id: 'pts_a', client_secret: 's' }, undefined)).toEqual({
      clientId: 'pts_a',
      clientSecret: 's',
    });
  });

  it('reads client_secret_basic from the Authorization header', () => {
    expect(clientCredentialsOf({}, basic('pts_a', 's:/+'))).toEqual({
      clientId: 'pts_a',
      clientSecret: 's:/+',
    });
  });

  it('accepts a form client_id that repeats the Basic one', () => {
    expect(clientCredentialsOf({ client_id: 'pts_a' }, basic('pts_a', 's')).clientId).toBe('pts_a');
  });

  it('refuses a secret sent both ways as invalid_request', () => {
    const error = oauthError(() =>
      clientCredentialsOf({ client_id: 'pts_a', client_secret: 's' }, basic('pts_a', 's')),
    );

    expect(error).toMatchObject({ error: 'invalid_request', status: 400 });
  });

  it('refuses a form client_id that contradicts the Basic one as invalid_request', () => {
    expect(oauthError(() => clientCredentialsOf({ client_id: 'pts_b' }, basic('pts_a', 's'))).error).toBe(
      'invalid_request',
    );
  });

  it('refuses unreadable Basic credentials as invalid_request', () => {
    const header = `Basic ${Buffer.from('no colon').toString('base64')}`;

    expect(oauthError(() => clientCredentialsOf({}, header)).error).toBe('invalid_request');
  });

  it('answers invalid_client (401) when no client authentication is included', () => {
    expect(oauthError(() => clientCredentialsOf({}, undefined))).toMatchObject({
      error: 'invalid_client',
      status: 401,
    });
    expect(
      oauthError(() => clientCredentialsOf({ client_id: 'pts_a', client_secret: '' }, undefined)).error,
    ).toBe('invalid_client');
    expect(oauthError(() => clientCredentialsOf({ client_id: 'pts_a' }, 'Bearer x.y.z')).error).toBe(
      'invalid_client',
    );
  });
});

describe('the client credentials grant', () => {
  const sourceAddress = '192.0.2.1';
  const application = anApplication({ secretHash: 'hash(ptss_current)', tokenGeneration: 3 });

  function grant(applications = new MemoryApplications(application)) {
    const ports = {
      applications,
      credentials: new FakeClientSecrets(),
      tokens: new FakeTokens(),
      lockout: new ClientLockout(new InMemoryLockoutStore()),
      log: new MemoryLog(),
    };
    const issue = (form: Parameters<typeof issueClientCredentialsToken>[1], at = now) =>
      issueClientCredentialsToken(ports, form, undefined, sourceAddress, at);
    return { ports, issue };
  }
  const form = (overrides: Record<string, string> = {}) => ({
    client_id: application.clientId,
    client_secret: 'ptss_current',
    ...overrides,
  });

  it("issues a token for the application's account with the scopes granted, and logs no secret", async () => {
    const { ports, issue } = grant();

    const token = await issue(form({ scope: 'booking.lounges webhooks esim:write' }));

    expect(token).toEqual({
      accessToken: `token-of-${application.clientId}`,
      expiresIn: 3600,
      scopes: ['booking.lounges:write', 'webhooks'],
    });
    expect(ports.tokens.issued).toEqual([
      {
        clientId: application.clientId,
        accountId: application.accountId,
        scopes: token.scopes,
        tokenGeneration: application.tokenGeneration,
      },
    ]);
    expect(ports.log.lines).toEqual([
      {
        message: 'Access token issued',
        fields: { client_id: application.clientId, account_id: application.accountId, scopes: token.scopes },
      },
    ]);
    expect(JSON.stringify(ports.log.lines)).not.toContain('ptss_current');
  });

  it('answers an unknown client exactly as a wrong secret, after the same comparison', async () => {
    const unknown = grant();
    const wrong = grant();

    const unknownError = await refusalOf(() => unknown.issue(form({ client_id: 'pts_nobody' })));
    const wrongError = await refusalOf(() => wrong.issue(form({ client_secret: 'ptss_guess' })));

    for (const error of [unknownError, wrongError]) {
      expect(error).toMatchObject({
        error: 'invalid_client',
        status: 401,
        message: 'Client authentication failed.',
      });
    }
    expect(unknown.ports.credentials.comparedWith).toEqual([undefined]);
    expect(wrong.ports.credentials.comparedWith).toEqual([application.secretHash]);
    expect(unknown.ports.log.lines).toEqual([
      { message: 'Client authentication failed', fields: { client_id_known: false } },
    ]);
    expect(wrong.ports.log.lines[0]?.fields).toEqual({ client_id_known: true });
    expect(unknown.ports.tokens.issued).toEqual([]);
  });

  it('never looks up an id that is no client id of ours', async () => {
    const { ports, issue } = grant();

    const error = await refusalOf(() => issue(form({ client_id: "x' OR 1=1" })));

    expect(error).toMatchObject({ error: 'invalid_client', status: 401 });
    expect(ports.applications.foundIds).toEqual([]);
  });

  it('tells only the holder of a valid secret that its application or account is disabled', async () => {
    const disabledApplication = grant(new MemoryApplications({ ...application, status: 'Disabled' }));
    const disabledAccount = grant(new MemoryApplications({ ...application, accountStatus: 'Disabled' }));

    expect(await refusalOf(() => disabledApplication.issue(form()))).toMatchObject({
      error: 'invalid_client',
      status: 401,
      message: 'The application is disabled.',
    });
    expect(await refusalOf(() => disabledAccount.issue(form()))).toMatchObject({
      error: 'invalid_client',
      message: 'The account is disabled.',
    });
    expect(disabledApplication.ports.tokens.issued).toEqual([]);
  });

  it('locks the client after ten bad secrets in a row: 429 with Retry-After, even for the right secret', async () => {
    const { ports, issue } = grant();
    const wrong = form({ client_secret: 'ptss_guess' });

    const refusals = [];
    for (let attempt = 0; attempt < 10; attempt++) refusals.push(await refusalOf(() => issue(wrong)));
    const whileLocked = await refusalOf(() => issue(form(), new Date(now.getTime() + 29_000)));

    expect(refusals.slice(0, 9).every((error) => error instanceof OAuthError)).toBe(true);
    for (const error of [refusals[9], whileLocked]) {
      expect(error).toMatchObject({ code: 'RateLimitExceeded', details: { policy: 'client_lockout' } });
    }
    expect(refusals[9]).toMatchObject({ retryAfter: 30 });
    expect(whileLocked).toMatchObject({ retryAfter: 1 });
    expect(ports.tokens.issued).toEqual([]);
  });

  it('lets the right secret through once the lockout is over, and forgets the series', async () => {
    const { ports, issue } = grant();
    for (let attempt = 0; attempt < 10; attempt++) await refusalOf(() => issue(form({ client_secret: 'x' })));

    const token = await issue(form(), new Date(now.getTime() + 30_000));

    expect(token.accessToken).toBe(`token-of-${application.clientId}`);
    expect(
      await ports.lockout.check(
        { clientId: application.clientId, source: sourceAddress },
        new Date(now.getTime() + 30_000),
      ),
    ).toEqual({
      locked: false,
      state: undefined,
    });
  });

  it('locks only the address that sent the bad secrets: the right secret from another address gets a token', async () => {
    const { ports } = grant();
    const from = (address: string, secret: string) =>
      issueClientCredentialsToken(ports, form({ client_secret: secret }), undefined, address, now);
    for (let attempt = 0; attempt < 50; attempt++) await refusalOf(() => from('203.0.113.9', 'ptss_guess'));

    const token = await from(sourceAddress, 'ptss_current');
    const attacker = await refusalOf(() => from('203.0.113.9', 'ptss_current'));

    expect(token.accessToken).toBe(`token-of-${application.clientId}`);
    expect(attacker).toMatchObject({ code: 'RateLimitExceeded', details: { policy: 'client_lockout' } });
  });

  it('counts bad secrets for unknown client ids too, so a lockout never reveals which exist', async () => {
    const { issue } = grant();
    const unknown = form({ client_id: 'pts_nobody', client_secret: 'x' });
    for (let attempt = 0; attempt < 9; attempt++) await refusalOf(() => issue(unknown));

    expect(await refusalOf(() => issue(unknown))).toMatchObject({
      code: 'RateLimitExceeded',
      details: { policy: 'client_lockout' },
    });
  });

  it('answers invalid_scope (400) when no requested scope is allowed, and issues nothing', async () => {
    const { ports, issue } = grant();

    const error = await refusalOf(() => issue(form({ scope: 'esim:write' })));

    expect(error).toMatchObject({ error: 'invalid_scope', status: 400 });
    expect(ports.tokens.issued).toEqual([]);
  });
});
