import { describe, expect, it } from 'vitest';
import { DeviceStandingCache } from '../../../shared/auth/device-standing.ts';
import type { DevicePrincipal } from '../../../shared/auth/principal.ts';

const device: DevicePrincipal = {
  kind: 'device',
  subject: 'device-1',
  venueId: 'venue-1',
  jkt: 'jkt',
  scopes: ['passes:verify'],
  tokenId: 't',
};

describe('the standing of a device token', () => {
  it('cuts a disabled device off once the remembered answer is older than the bound, not before', async () => {
    let active = true;
    let reads = 0;
    let clock = 0;
    const cache = new DeviceStandingCache(
      async () => {
        reads += 1;
        return active;
      },
      () => 60_000,
      () => clock,
    );

    await cache.requireActive(device);
    active = false;
    clock = 59_999;
    await cache.requireActive(device);
    clock = 60_000;
    const refused = await cache.requireActive(device).catch((error: unknown) => error);

    expect(refused).toMatchObject({
      code: 'Unauthorized',
      headers: { 'WWW-Authenticate': 'DPoP algs="ES256", error="invalid_token"' },
    });
    expect(reads).toBe(2);
  });
});
