import { describe, expect, it } from 'vitest';
import { OAuthError } from '../../../../shared/auth/oauth-error.ts';
import { clientCredentialsOf } from '../../../../shared/domain/accounts/client-credentials.ts';

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
