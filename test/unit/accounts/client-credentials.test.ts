import { describe, expect, it } from 'vitest';
import { OAuthError } from '../../../shared/auth/oauth-error.ts';
import {
  clientCredentialsOf,
  issueClientCredentialsToken,
} from '../../../shared/domain/accounts/client-credentials.ts';
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
  const application = anApplication({ secretHash: 'hash(ptss_current)' });

  function grant(applications = new MemoryApplications(application)) {
    const ports = {
      applications,
      credentials: new FakeClientSecrets(),
      tokens: new FakeTokens(),
      log: new MemoryLog(),
    };
    const issue = (form: Parameters<typeof issueClientCredentialsToken>[1]) =>
      issueClientCredentialsToken(ports, form, undefined, now);
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
      { clientId: application.clientId, accountId: application.accountId, scopes: token.scopes },
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

  it('answers invalid_scope (400) when no requested scope is allowed, and issues nothing', async () => {
    const { ports, issue } = grant();

    const error = await refusalOf(() => issue(form({ scope: 'esim:write' })));

    expect(error).toMatchObject({ error: 'invalid_scope', status: 400 });
    expect(ports.tokens.issued).toEqual([]);
  });
});
