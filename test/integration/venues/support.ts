import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { request } from '../../support/api.ts';
import { asOperator } from '../admin/operator.ts';
import { catalog } from '../booking/helpers.ts';

/** Venues and their scanners through the local stage (docs/venues.md). */
export interface VenueBody {
  venue_id: string;
  name: string;
  lounges: string[];
  fast_tracks: string[];
  status: string;
  created_at: string;
  updated_at: string;
}

export interface DeviceBody {
  device_id: string;
  venue_id: string;
  name: string;
  status: string;
}

export async function newVenue(name = 'Test venue'): Promise<VenueBody> {
  const created = await asOperator<VenueBody>('POST', '/v2/admin/venues', {
    body: { name, lounges: [catalog.lounge], fast_tracks: [catalog.fastTrack] },
  });
  if (created.status !== 201) throw new Error(`Venue not created: ${JSON.stringify(created.body)}`);
  return created.body;
}

export async function enrollmentCode(venueId: string): Promise<string> {
  const minted = await asOperator<{ enrollment_code: string }>(
    'POST',
    `/v2/admin/venues/${venueId}/enrollments`,
  );
  if (minted.status !== 201) throw new Error(`No enrollment code: ${JSON.stringify(minted.body)}`);
  return minted.body.enrollment_code;
}

/** A scanner's key pair, made on the device; only the public JWK leaves it. */
export function deviceKeys(): { privateKey: KeyObject; publicJwk: Record<string, string> } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { kty, crv, x, y } = publicKey.export({ format: 'jwk' });
  return { privateKey, publicJwk: { kty: String(kty), crv: String(crv), x: String(x), y: String(y) } };
}

export function registerDevice(body: Record<string, unknown>) {
  return request<DeviceBody & Record<string, unknown>>('POST', '/v2/venue/devices', {
    host: 'venue',
    cert: null,
    body,
  });
}
