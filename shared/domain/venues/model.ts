/** Venues, their scanners (devices) and enrollment codes (docs/venues.md). */
export type VenueStatus = 'Active' | 'Disabled';
export type DeviceStatus = 'Active' | 'Disabled';

/** The catalog items a venue operates, by kind. */
export interface VenueItems {
  lounges: string[];
  fastTracks: string[];
}

/** The operator of some lounges and fast-track lanes. */
export interface Venue extends VenueItems {
  venueId: string;
  name: string;
  status: VenueStatus;
  createdAt: string;
  updatedAt: string;
}

/**
 * An enrollment code as stored: its SHA-256 only, never the code. The codes are 100 random bits, so a
 * plain hash suffices (no pepper): nobody can enumerate them from a table read.
 */
export interface EnrollmentCode {
  codeHash: string;
  venueId: string;
  createdAt: string;
  expiresAt: string;
}

export const enrollmentCodeLifetimeMs = 24 * 60 * 60 * 1000;

/** The public half of a device's key: EC P-256 only, never a private part. */
export interface DevicePublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

/** A scanner: a tablet running the scanner app or a venue's own backend, holding one key pair. */
export interface Device {
  deviceId: string;
  venueId: string;
  name: string;
  publicJwk: DevicePublicJwk;
  /** RFC 7638 thumbprint of `publicJwk`. */
  jwkThumbprint: string;
  status: DeviceStatus;
  createdAt: string;
  updatedAt: string;
}
