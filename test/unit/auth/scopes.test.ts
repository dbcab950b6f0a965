import { describe, expect, it } from 'vitest';
import { canonicalScope, canonicalScopes } from '../../../shared/vocabulary/scopes.ts';

describe('scopes', () => {
  it('resolve the scope aliases of the contract to one canonical scope', () => {
    expect(canonicalScope('catalog.lounges')).toBe('catalog.lounges:read');
    expect(canonicalScope('booking.fast_tracks')).toBe('booking.fast_tracks:write');
    expect(canonicalScope('webhooks')).toBe('webhooks');
    expect(canonicalScope('catalog.everything')).toBeUndefined();
  });

  it('de-duplicate aliases and drop unknown names', () => {
    expect(canonicalScopes(['booking.lounges', 'booking.lounges:write', 'nope', 'webhooks'])).toEqual([
      'booking.lounges:write',
      'webhooks',
    ]);
  });
});
