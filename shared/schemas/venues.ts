import { listsEachOnce } from '../domain/catalog-admin/form-rules.ts';
import { timestamp, uuid } from './common.ts';
import * as z from './zod.ts';

/** Venues, enrollment codes and devices (docs/venues.md). */
export const venueStatus = z.enum(['Active', 'Disabled']);
export const deviceStatus = z.enum(['Active', 'Disabled']);

const itemIds = (what: string) =>
  z
    .array(uuid)
    .check(z.maxLength(500), z.refine(listsEachOnce, { message: 'List each id once' }))
    .register(z.globalRegistry, { description: `Ids of ${what} of the published catalog` });

export const venueItemsRequestSchema = z
  .strictObject({ lounges: itemIds('lounges'), fast_tracks: itemIds('fast-tracks') })
  .register(z.globalRegistry, { id: 'VenueItemsRequest' });

export const createVenueRequestSchema = z
  .strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)),
    lounges: itemIds('lounges the venue operates'),
    fast_tracks: itemIds('fast-track lanes the venue operates'),
  })
  .register(z.globalRegistry, { id: 'CreateVenueRequest' });

export const venueSchema = z
  .object({
    venue_id: uuid,
    name: z.string(),
    lounges: z.array(uuid),
    fast_tracks: z.array(uuid),
    status: venueStatus,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'Venue' });

export const enrollmentCodeSchema = z
  .object({
    enrollment_code: z.string().register(z.globalRegistry, {
      description:
        'Shown once; enrolls one device into the venue until `expires_at` (24 h). Only its hash is stored.',
      example: '7K2QD-M9XPA-4RTWB-0HC3V',
    }),
    expires_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'EnrollmentCode' });

const base64urlCoordinate = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'a base64url P-256 coordinate (43 characters)'));

/**
 * The device's public key as a JWK (RFC 7517): EC P-256 only. Private members (`d`) and anything else
 * are refused as unknown fields, so a private key sent by mistake is never stored.
 */
export const devicePublicJwkSchema = z
  .strictObject({
    kty: z.literal('EC'),
    crv: z.literal('P-256'),
    x: base64urlCoordinate,
    y: base64urlCoordinate,
    alg: z.optional(z.literal('ES256')),
    kid: z.optional(z.string().check(z.maxLength(128))),
    use: z.optional(z.literal('sig')),
    ext: z.optional(z.boolean()),
    key_ops: z.optional(z.array(z.literal('verify')).check(z.maxLength(1))),
  })
  .register(z.globalRegistry, { id: 'DevicePublicJwk' });

export const registerDeviceRequestSchema = z
  .strictObject({
    enrollment_code: z.string().check(z.minLength(1), z.maxLength(64)),
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)),
    public_jwk: devicePublicJwkSchema,
  })
  .register(z.globalRegistry, { id: 'RegisterDeviceRequest' });

export const deviceSchema = z
  .object({
    device_id: uuid,
    venue_id: uuid,
    name: z.string(),
    status: deviceStatus,
  })
  .register(z.globalRegistry, { id: 'Device' });

export const deviceAdminSchema = z
  .extend(deviceSchema, {
    jwk_thumbprint: z.string().register(z.globalRegistry, {
      description: 'RFC 7638 SHA-256 thumbprint of the device key',
    }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'VenueDevice' });

export const venueItemsSchema = z
  .object({ venue_id: uuid, name: z.string(), lounges: z.array(uuid), fast_tracks: z.array(uuid) })
  .register(z.globalRegistry, { id: 'VenueItems' });

export const venueParams = z.strictObject({ venueID: uuid });
export const venueDeviceParams = z.strictObject({ venueID: uuid, deviceID: uuid });
