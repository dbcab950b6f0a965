import { randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, importJWK } from 'jose';
import { ApiError, ConflictError, type FieldError, NotFoundError, ValidationError } from '../errors.ts';
import type { Page, PageRequest } from '../ports.ts';
import type { VenueAuthority } from '../redemptions/ports.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { enrollmentCodeHash, newEnrollmentCode } from './enrollment.ts';
import {
  type Device,
  type DevicePublicJwk,
  enrollmentCodeLifetimeMs,
  type Venue,
  type VenueItems,
} from './model.ts';
import type { VenuePorts, VenueStore } from './ports.ts';

export type { Device, Venue } from './model.ts';

export function venueNotFound(venueId: string): NotFoundError {
  return new NotFoundError('ResourceNotFound', `No venue ${venueId}.`);
}

export function deviceNotFound(deviceId: string): NotFoundError {
  return new NotFoundError('ResourceNotFound', `No device ${deviceId}.`);
}

export function venueDisabled(venueId: string): ConflictError {
  return new ConflictError('VenueInvalidState', `Venue ${venueId} is disabled.`, {
    details: { status: 'Disabled' },
  });
}

export function deviceDisabled(deviceId: string): ConflictError {
  return new ConflictError('DeviceInvalidState', `Device ${deviceId} is disabled already.`, {
    details: { status: 'Disabled' },
  });
}

/** One refusal for every code that cannot enroll (unknown, spent, expired): nothing to learn from it. */
export function enrollmentCodeInvalid(): ApiError {
  return new ApiError('EnrollmentCodeInvalid', 'The enrollment code is unknown, used or expired.', {
    details: { errors: [{ path: 'body.enrollment_code', message: 'Unknown, used or expired' }] },
  });
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** Every listed id must be a lounge (or fast-track) of the published catalog: else 422 at its path. */
async function checkedItems(ports: Pick<VenuePorts, 'catalog'>, items: VenueItems): Promise<VenueItems> {
  const published = await ports.catalog.publishedItems();
  const errors: FieldError[] = [];
  const check = (ids: readonly string[], known: ReadonlySet<string>, field: string, label: string) =>
    ids.forEach((id, index) => {
      if (!known.has(id)) errors.push({ path: `body.${field}.${index}`, message: `No ${label} ${id}` });
    });
  check(items.lounges, published.lounges, 'lounges', 'lounge');
  check(items.fastTracks, published.fastTracks, 'fast_tracks', 'fast-track');
  if (errors.length > 0) throw new ValidationError('The venue names items that do not exist.', errors);
  return { lounges: unique(items.lounges), fastTracks: unique(items.fastTracks) };
}

/** Registers a venue operating the given published items (unknown ids: 422). */
export async function createVenue(
  ports: Pick<VenuePorts, 'venues' | 'catalog'>,
  input: { name: string } & VenueItems,
  uow: UnitOfWork,
  now: Date,
): Promise<Venue> {
  const items = await checkedItems(ports, input);
  const timestamp = now.toISOString();
  const venue: Venue = {
    venueId: randomUUID(),
    name: input.name.trim(),
    ...items,
    status: 'Active',
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  uow.stage(ports.venues.create(venue));
  return venue;
}

export async function getVenue(ports: Pick<VenuePorts, 'venues'>, venueId: string): Promise<Venue> {
  const venue = await ports.venues.find(venueId);
  if (!venue) throw venueNotFound(venueId);
  return venue;
}

export function listVenues(ports: Pick<VenuePorts, 'venues'>, page: PageRequest): Promise<Page<Venue>> {
  return ports.venues.list(page);
}

/** Replaces what the venue operates; a disabled venue's items can still be corrected. */
export async function replaceVenueItems(
  ports: Pick<VenuePorts, 'venues' | 'catalog'>,
  venueId: string,
  input: VenueItems,
  uow: UnitOfWork,
  now: Date,
): Promise<Venue> {
  const venue = await getVenue(ports, venueId);
  const items = await checkedItems(ports, input);
  const timestamp = now.toISOString();
  uow.stage(ports.venues.replaceItems(venueId, items, timestamp));
  return { ...venue, ...items, updatedAt: timestamp };
}

/**
 * Disables the venue: it enrolls no device, and its devices get no token and are refused on the venue
 * host within the standing cache's bound (docs/venues.md). Disabling a disabled venue: 409.
 */
export async function disableVenue(
  ports: Pick<VenuePorts, 'venues'>,
  venueId: string,
  uow: UnitOfWork,
  now: Date,
): Promise<Venue> {
  const venue = await getVenue(ports, venueId);
  if (venue.status === 'Disabled') throw venueDisabled(venueId);
  const timestamp = now.toISOString();
  uow.stage(ports.venues.disable(venueId, timestamp));
  return { ...venue, status: 'Disabled', updatedAt: timestamp };
}

/** A single-use code, valid 24 h, that enrolls one device into the active venue; only its hash is kept. */
export async function createEnrollmentCode(
  ports: Pick<VenuePorts, 'venues' | 'enrollments'>,
  venueId: string,
  uow: UnitOfWork,
  now: Date,
): Promise<{ enrollmentCode: string; expiresAt: string }> {
  const venue = await getVenue(ports, venueId);
  if (venue.status === 'Disabled') throw venueDisabled(venueId);
  const enrollmentCode = newEnrollmentCode();
  const expiresAt = new Date(now.getTime() + enrollmentCodeLifetimeMs).toISOString();
  uow.stage(
    ports.enrollments.save({
      codeHash: enrollmentCodeHash(enrollmentCode),
      venueId,
      createdAt: now.toISOString(),
      expiresAt,
    }),
    ports.venues.stillActive(venueId),
  );
  return { enrollmentCode, expiresAt };
}

/** RFC 7638 thumbprint of a P-256 public key; a point off the curve is 422 at `body.public_jwk`. */
export async function publicKeyThumbprint(jwk: DevicePublicJwk): Promise<string> {
  const publicPart = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
  try {
    await importJWK(publicPart, 'ES256');
  } catch {
    throw new ValidationError('public_jwk is not an EC P-256 public key.', [
      { path: 'body.public_jwk', message: 'Not a point on P-256' },
    ]);
  }
  return calculateJwkThumbprint(publicPart, 'sha256');
}

/**
 * Device registration: the code names the venue; spending it, creating the device and checking the
 * venue is still active commit in one transaction, so a code enrolls exactly one device even when
 * used concurrently, and never into a venue disabled meanwhile.
 */
export async function registerDevice(
  ports: Pick<VenuePorts, 'venues' | 'enrollments' | 'devices'>,
  input: { enrollmentCode: string; name: string; publicJwk: DevicePublicJwk },
  uow: UnitOfWork,
  now: Date,
): Promise<Device> {
  const codeHash = enrollmentCodeHash(input.enrollmentCode);
  const code = await ports.enrollments.findUnspent(codeHash);
  if (!code || Date.parse(code.expiresAt) <= now.getTime()) throw enrollmentCodeInvalid();
  const venue = await ports.venues.find(code.venueId);
  if (venue?.status !== 'Active') throw venueDisabled(code.venueId);
  const publicJwk: DevicePublicJwk = { kty: 'EC', crv: 'P-256', x: input.publicJwk.x, y: input.publicJwk.y };
  const timestamp = now.toISOString();
  const device: Device = {
    deviceId: randomUUID(),
    venueId: venue.venueId,
    name: input.name.trim(),
    publicJwk,
    jwkThumbprint: await publicKeyThumbprint(publicJwk),
    status: 'Active',
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  uow.stage(
    ports.enrollments.spend(codeHash, device.deviceId, now),
    ports.venues.stillActive(venue.venueId),
    ports.devices.create(device),
  );
  return device;
}

export async function listDevices(
  ports: Pick<VenuePorts, 'venues' | 'devices'>,
  venueId: string,
  page: PageRequest,
): Promise<Page<Device>> {
  await getVenue(ports, venueId);
  return ports.devices.listOfVenue(venueId, page);
}

/** A device of another venue is as missing as an unknown one (404). */
export async function disableDevice(
  ports: Pick<VenuePorts, 'devices'>,
  venueId: string,
  deviceId: string,
  uow: UnitOfWork,
  now: Date,
): Promise<Device> {
  const device = await ports.devices.find(deviceId);
  if (device?.venueId !== venueId) throw deviceNotFound(deviceId);
  if (device.status === 'Disabled') throw deviceDisabled(deviceId);
  const timestamp = now.toISOString();
  uow.stage(ports.devices.disable(device, timestamp));
  return { ...device, status: 'Disabled', updatedAt: timestamp };
}

/** The redemptions' VenueAuthority: an Active venue operates the lounges and lanes it lists. */
export function venueAuthority(venues: Pick<VenueStore, 'find'>): VenueAuthority {
  return {
    async operates(venueId, serviceType, itemId) {
      const venue = await venues.find(venueId);
      if (venue?.status !== 'Active') return false;
      return (serviceType === 'Lounge' ? venue.lounges : venue.fastTracks).includes(itemId);
    },
  };
}
