import { generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { generateKeyPair as generateDpopKeys, generateProof } from 'dpop';
import { exportJWK, SignJWT } from 'jose';
import { type ApiResponse, endpoints, request, stage } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import { asOperator } from '../admin/operator.ts';
import { catalog, type Json, partner } from '../booking/helpers.ts';

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

/** A scanner as the app makes one: a non-extractable WebCrypto key pair, enrolled with a fresh code. */
export async function enrolledScanner(venueId?: string) {
  const venue = venueId ?? (await newVenue()).venue_id;
  const keys = await generateDpopKeys('ES256');
  const { kty, crv, x, y } = await exportJWK(keys.publicKey);
  const enrolled = await registerDevice({
    enrollment_code: await enrollmentCode(venue),
    name: 'Door tablet',
    public_jwk: { kty, crv, x, y },
  });
  if (enrolled.status !== 201) throw new Error(`Not enrolled: ${JSON.stringify(enrolled.body)}`);
  return { venueId: venue, deviceId: enrolled.body.device_id, keys };
}

export type Scanner = Awaited<ReturnType<typeof enrolledScanner>>;

export const tokenUrl = () => `${stage().auth_url}/oauth/v2/token`;

/** RFC 7523: iss = sub = the device id, aud the token endpoint, a minute to live, a fresh jti. */
export function clientAssertion(scanner: Scanner, overrides: { aud?: string; jti?: string } = {}) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer(scanner.deviceId)
    .setSubject(scanner.deviceId)
    .setAudience(overrides.aud ?? tokenUrl())
    .setIssuedAt()
    .setExpirationTime('1m')
    .setJti(overrides.jti ?? randomUUID())
    .sign(scanner.keys.privateKey);
}

export interface DeviceTokenBody {
  access_token?: string;
  token_type?: string;
  expires_in?: number;
  scope?: string;
  error?: string;
  error_description?: string;
}

export async function deviceToken(
  scanner: Scanner,
  options: { assertion?: string; proof?: string | null; scope?: string } = {},
) {
  const proof =
    options.proof === undefined ? await generateProof(scanner.keys, tokenUrl(), 'POST') : options.proof;
  return request<DeviceTokenBody>('POST', '/oauth/v2/token', {
    host: 'auth',
    cert: null,
    form: {
      grant_type: 'client_credentials',
      client_id: scanner.deviceId,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: options.assertion ?? (await clientAssertion(scanner)),
      ...(options.scope === undefined ? {} : { scope: options.scope }),
    },
    headers: proof === null ? {} : { dpop: proof },
  });
}

/** The pass's window as if it had been issued `hours` ago (the service reads the stored window, not the QR's). */
export async function asIfIssuedHoursAgo(bookingId: string, hours: number): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: endpoints().tables.main,
      Key: { pk: `ACCOUNT#${partner.accountId}`, sk: `BOOKING#${bookingId}` },
      UpdateExpression: 'SET #pass.valid_from = :from',
      ExpressionAttributeNames: { '#pass': 'pass' },
      ExpressionAttributeValues: { ':from': hoursAgo(hours) },
    }),
  );
}

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

export interface Door {
  scanner: Scanner;
  token: string;
}

export async function doorOf(venueId?: string): Promise<Door> {
  const scanner = await enrolledScanner(venueId);
  const issued = await deviceToken(scanner);
  if (!issued.body.access_token) throw new Error(`No token: ${JSON.stringify(issued.body)}`);
  return { scanner, token: issued.body.access_token };
}

/** A call on the venue host with a fresh proof of this request (htu without the query). */
export async function atTheDoor(
  door: Door,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; key?: string | null } = {},
): Promise<ApiResponse<Json>> {
  const url = `${stage().venue_url}${path.split('?')[0]}`;
  const proof = await generateProof(door.scanner.keys, url, method, undefined, door.token);
  const key = options.key === undefined ? randomUUID() : options.key;
  return request<Json>(method, path, {
    host: 'venue',
    cert: null,
    headers: {
      authorization: `DPoP ${door.token}`,
      dpop: proof,
      ...(method === 'POST' && key !== null ? { 'idempotency-key': key } : {}),
    },
    ...(options.body === undefined ? {} : { body: options.body }),
  });
}
