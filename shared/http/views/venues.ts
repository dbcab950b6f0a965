import type { Device, Venue } from '../../domain/venues/model.ts';

/** Venues and their devices as operators, employees and the devices themselves read them (shared/schemas/venues.ts). */
export function venueView(venue: Venue) {
  return {
    venue_id: venue.venueId,
    name: venue.name,
    lounges: venue.lounges,
    fast_tracks: venue.fastTracks,
    status: venue.status,
    created_at: venue.createdAt,
    updated_at: venue.updatedAt,
  };
}

/** What a device's venue operates. */
export function venueItemsView(venue: Venue) {
  return { venue_id: venue.venueId, name: venue.name, lounges: venue.lounges, fast_tracks: venue.fastTracks };
}

/** What a device learns about itself at registration. */
export function deviceView(device: Device) {
  return { device_id: device.deviceId, venue_id: device.venueId, name: device.name, status: device.status };
}

export function deviceAdminView(device: Device) {
  return {
    ...deviceView(device),
    jwk_thumbprint: device.jwkThumbprint,
    created_at: device.createdAt,
    updated_at: device.updatedAt,
  };
}
