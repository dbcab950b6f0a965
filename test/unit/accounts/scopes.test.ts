import { describe, expect, it } from 'vitest';
import { allowedScopesFor, grantedScopes } from '../../../shared/domain/accounts/scopes.ts';
import { ValidationError } from '../../../shared/domain/errors.ts';
import { OAuthError } from '../../../shared/vocabulary/oauth-error.ts';

function refusal(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('allowed scopes of an application', () => {
  it('are stored under their canonical names, each once, aliases accepted', () => {
    const scopes = allowedScopesFor(
      ['booking.lounges', 'webhooks', 'catalog.lounges:read', 'catalog.lounges'],
      'partner',
    );

    expect(scopes).toEqual(['catalog.lounges:read', 'booking.lounges:write', 'webhooks']);
  });

  it('refuse unknown names with the index of each', () => {
    const error = refusal(() => allowedScopesFor(['webhooks', 'catalog.everything', 'esim:rite'], 'partner'));

    expect(error.errors.map((entry) => entry.path)).toEqual([
      'body.allowed_scopes.1',
      'body.allowed_scopes.2',
    ]);
  });

  it('refuse the identity scopes on a partner account', () => {
    const error = refusal(() => allowedScopesFor(['identity.account:*'], 'partner'));

    expect(error.errors[0]?.message).toMatch(/operator accounts only/);
  });

  it('grant the identity scopes on an operator account', () => {
    expect(allowedScopesFor(['identity.application:*', 'identity.account:*'], 'operator')).toEqual([
      'identity.account:*',
      'identity.application:*',
    ]);
  });

  it('refuse the venue device scopes on any account: only enrolled devices hold them', () => {
    const error = refusal(() => allowedScopesFor(['passes:verify', 'passes:redeem'], 'operator'));

    expect(error.errors.map((entry) => entry.message)).toEqual([
      'passes:verify is granted to venue devices only',
      'passes:redeem is granted to venue devices only',
    ]);
  });

  it('grant venue administration on an operator account', () => {
    expect(allowedScopesFor(['admin.venues:write'], 'operator')).toEqual(['admin.venues:write']);
  });

  it('must name at least one scope', () => {
    expect(refusal(() => allowedScopesFor([], 'partner')).errors[0]?.path).toBe('body.allowed_scopes');
  });
});

describe('scopes granted to a token request', () => {
  const allowed = ['catalog.lounges:read', 'booking.lounges:write', 'webhooks'] as const;

  it('are every allowed scope when none is requested', () => {
    expect(grantedScopes(undefined, allowed)).toEqual(allowed);
    expect(grantedScopes('   ', allowed)).toEqual(allowed);
  });

  it('are the intersection with the request, aliases resolved', () => {
    expect(grantedScopes('booking.lounges esim:write webhooks', allowed)).toEqual([
      'booking.lounges:write',
      'webhooks',
    ]);
  });

  it('ignore unknown names as long as one requested scope is allowed', () => {
    expect(grantedScopes('no.such.scope catalog.lounges', allowed)).toEqual(['catalog.lounges:read']);
  });

  it('are invalid_scope when the intersection is empty', () => {
    const refused = () => grantedScopes('esim:write identity.account:*', allowed);

    expect(refused).toThrow(OAuthError);
    expect(refused).toThrow(expect.objectContaining({ error: 'invalid_scope', status: 400 }));
  });
});
