import { config } from '../config/env.ts';
import { onReset } from '../config/reset.ts';
import { venueStore } from '../db/entities/venue.ts';
import { deviceStore } from '../db/entities/venue-device.ts';
import { UnauthorizedError } from '../domain/errors.ts';
import { processMillis } from '../util/clock.ts';
import { LruMap } from '../util/lru-map.ts';
import type { DevicePrincipal } from './principal.ts';

/**
 * A device token stays valid for its hour, but the device, or its venue, can be disabled meanwhile
 * (docs/venues.md). As for partner tokens (shared/auth/principal-status.ts), every request asks
 * whether the device and its venue are still active, remembered per device for
 * PRINCIPAL_STATUS_TTL_SECONDS (default 60 s): a disable cuts a device off within that bound.
 */
export type DeviceStandingReader = (deviceId: string, venueId: string) => Promise<boolean>;

const readStanding: DeviceStandingReader = async (deviceId, venueId) => {
  const [device, venue] = await Promise.all([deviceStore.find(deviceId), venueStore.find(venueId)]);
  return device?.status === 'Active' && device.venueId === venueId && venue?.status === 'Active';
};

export class DeviceStandingCache {
  private readonly remembered = new LruMap<string, { active: boolean; until: number }>(1000);

  constructor(
    private readonly read: DeviceStandingReader = readStanding,
    private readonly ttlMs: () => number = () => config().principalStatusTtlSeconds * 1000,
    private readonly clock: () => number = processMillis,
  ) {}

  /** Refuses (401, `WWW-Authenticate: DPoP error="invalid_token"`) the token of a disabled device or venue. */
  async requireActive(principal: DevicePrincipal): Promise<void> {
    const key = `${principal.subject}|${principal.venueId}`;
    const now = this.clock();
    let known = this.remembered.get(key);
    if (!known || now >= known.until) {
      known = { active: await this.read(principal.subject, principal.venueId), until: now + this.ttlMs() };
      this.remembered.set(key, known);
    }
    if (!known.active)
      throw new UnauthorizedError('The access token is no longer valid: its device or venue is disabled.', {
        headers: { 'WWW-Authenticate': 'DPoP algs="ES256", error="invalid_token"' },
      });
  }

  clear(): void {
    this.remembered.clear();
  }
}

export const deviceStanding = new DeviceStandingCache();
onReset(() => deviceStanding.clear());
