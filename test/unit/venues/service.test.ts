import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError, ValidationError } from '../../../shared/domain/errors.ts';
import { enrollmentCodeHash } from '../../../shared/domain/venues/enrollment.ts';
import type { DevicePublicJwk } from '../../../shared/domain/venues/model.ts';
import {
  createEnrollmentCode,
  createVenue,
  disableDevice,
  disableVenue,
  getVenue,
  listDevices,
  listVenues,
  registerDevice,
  replaceVenueItems,
  venueAuthority,
} from '../../../shared/domain/venues/service.ts';
import { FakeUnitOfWork, refusalOf } from '../support/unit-of-work.ts';
import { fastTrack, lounge, now, otherLounge, venuePorts } from './fakes.ts';

function aPublicJwk(): DevicePublicJwk {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y } = publicKey.export({ format: 'jwk' });
  return { kty: 'EC', crv: 'P-256', x: String(x), y: String(y) };
}

async function committed<T>(run: (uow: FakeUnitOfWork) => Promise<T>): Promise<T> {
  const uow = new FakeUnitOfWork();
  const result = await run(uow);
  uow.commit();
  return result;
}

async function aVenue(ports = venuePorts()) {
  const venue = await committed((uow) =>
    createVenue(ports, { name: ' Sky Lounges ', lounges: [lounge], fastTracks: [fastTrack] }, uow, now),
  );
  return { ports, venue };
}

const errorCode = (error: Error) => (error instanceof ApiError ? error.code : error.message);

describe('venue administration', () => {
  it('registers an active venue operating the published items it names', async () => {
    const { ports, venue } = await aVenue();

    expect(venue).toMatchObject({ name: 'Sky Lounges', lounges: [lounge], fastTracks: [fastTrack] });
    expect(await getVenue(ports, venue.venueId)).toEqual({ ...venue, status: 'Active' });
    expect((await listVenues(ports, { limit: 10 })).items).toEqual([venue]);
  });

  it('refuses ids that are not lounges or fast-tracks of the published catalog, each at its path', async () => {
    const ports = venuePorts();
    const unknown = '44444444-4444-4444-8444-444444444444';

    const refused = await refusalOf(() =>
      createVenue(
        ports,
        { name: 'V', lounges: [lounge, unknown], fastTracks: [lounge] },
        new FakeUnitOfWork(),
        now,
      ),
    );

    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).errors.map((error) => error.path)).toEqual([
      'body.lounges.1',
      'body.fast_tracks.0',
    ]);
    expect(ports.venues.venues.size).toBe(0);
  });

  it('replaces the items of a venue', async () => {
    const { ports, venue } = await aVenue();

    const changed = await committed((uow) =>
      replaceVenueItems(ports, venue.venueId, { lounges: [otherLounge], fastTracks: [] }, uow, now),
    );

    expect(changed).toMatchObject({ lounges: [otherLounge], fastTracks: [] });
    expect(await getVenue(ports, venue.venueId)).toEqual(changed);
  });

  it('answers 404 ResourceNotFound for a venue that does not exist', async () => {
    const refused = await refusalOf(() => getVenue(venuePorts(), '55555555-5555-4555-8555-555555555555'));
    expect(errorCode(refused)).toBe('ResourceNotFound');
  });

  it('disables a venue once: a second disable is 409 VenueInvalidState', async () => {
    const { ports, venue } = await aVenue();

    await committed((uow) => disableVenue(ports, venue.venueId, uow, now));
    const again = await refusalOf(() => disableVenue(ports, venue.venueId, new FakeUnitOfWork(), now));

    expect((await getVenue(ports, venue.venueId)).status).toBe('Disabled');
    expect(errorCode(again)).toBe('VenueInvalidState');
  });
});

describe('enrollment codes and device registration', () => {
  it('mints a 24-hour code, keeps only its hash, and enrolls one device with it', async () => {
    const { ports, venue } = await aVenue();

    const { enrollmentCode, expiresAt } = await committed((uow) =>
      createEnrollmentCode(ports, venue.venueId, uow, now),
    );

    expect(enrollmentCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
    expect(expiresAt).toBe('2030-01-02T00:00:00.000Z');
    expect([...ports.enrollments.codes.keys()]).toEqual([enrollmentCodeHash(enrollmentCode)]);
    expect(JSON.stringify([...ports.enrollments.codes.values()])).not.toContain(enrollmentCode);

    const device = await committed((uow) =>
      registerDevice(
        ports,
        { enrollmentCode: enrollmentCode.toLowerCase(), name: 'Door tablet', publicJwk: aPublicJwk() },
        uow,
        now,
      ),
    );

    expect(device).toMatchObject({ venueId: venue.venueId, name: 'Door tablet', status: 'Active' });
    expect(device.jwkThumbprint).toMatch(/^[\w-]{43}$/);
    expect((await listDevices(ports, venue.venueId, { limit: 10 })).items).toEqual([device]);
  });

  it('refuses a used code with 422 EnrollmentCodeInvalid at body.enrollment_code', async () => {
    const { ports, venue } = await aVenue();
    const { enrollmentCode } = await committed((uow) => createEnrollmentCode(ports, venue.venueId, uow, now));
    const input = { enrollmentCode, name: 'Tablet', publicJwk: aPublicJwk() };
    await committed((uow) => registerDevice(ports, input, uow, now));

    const refused = await refusalOf(() => registerDevice(ports, input, new FakeUnitOfWork(), now));

    expect(errorCode(refused)).toBe('EnrollmentCodeInvalid');
    expect((refused as ApiError).details).toEqual({
      errors: [{ path: 'body.enrollment_code', message: 'Unknown, used or expired' }],
    });
  });

  it('refuses an expired code and an unknown one alike', async () => {
    const { ports, venue } = await aVenue();
    const { enrollmentCode, expiresAt } = await committed((uow) =>
      createEnrollmentCode(ports, venue.venueId, uow, now),
    );
    const publicJwk = aPublicJwk();

    const expired = await refusalOf(() =>
      registerDevice(
        ports,
        { enrollmentCode, name: 'T', publicJwk },
        new FakeUnitOfWork(),
        new Date(expiresAt),
      ),
    );
    const unknown = await refusalOf(() =>
      registerDevice(
        ports,
        { enrollmentCode: 'AAAAA-AAAAA', name: 'T', publicJwk },
        new FakeUnitOfWork(),
        now,
      ),
    );

    expect([errorCode(expired), errorCode(unknown)]).toEqual([
      'EnrollmentCodeInvalid',
      'EnrollmentCodeInvalid',
    ]);
  });

  it('enrolls exactly one device when two registrations race with one code', async () => {
    const { ports, venue } = await aVenue();
    const { enrollmentCode } = await committed((uow) => createEnrollmentCode(ports, venue.venueId, uow, now));
    const first = new FakeUnitOfWork();
    const second = new FakeUnitOfWork();

    await registerDevice(ports, { enrollmentCode, name: 'A', publicJwk: aPublicJwk() }, first, now);
    await registerDevice(ports, { enrollmentCode, name: 'B', publicJwk: aPublicJwk() }, second, now);
    first.commit();

    expect(errorCode(await refusalOf(() => second.commit()))).toBe('EnrollmentCodeInvalid');
    expect([...ports.devices.devices.values()].map((device) => device.name)).toEqual(['A']);
  });

  it('enrolls nothing into a venue disabled after the code was minted (409 VenueInvalidState)', async () => {
    const { ports, venue } = await aVenue();
    const { enrollmentCode } = await committed((uow) => createEnrollmentCode(ports, venue.venueId, uow, now));
    await committed((uow) => disableVenue(ports, venue.venueId, uow, now));

    const refused = await refusalOf(() =>
      registerDevice(
        ports,
        { enrollmentCode, name: 'T', publicJwk: aPublicJwk() },
        new FakeUnitOfWork(),
        now,
      ),
    );
    const minting = await refusalOf(() =>
      createEnrollmentCode(ports, venue.venueId, new FakeUnitOfWork(), now),
    );

    expect([errorCode(refused), errorCode(minting)]).toEqual(['VenueInvalidState', 'VenueInvalidState']);
  });

  it('refuses a key that is not a point on P-256 with 422 at body.public_jwk', async () => {
    const { ports, venue } = await aVenue();
    const { enrollmentCode } = await committed((uow) => createEnrollmentCode(ports, venue.venueId, uow, now));
    const publicJwk = { ...aPublicJwk(), y: 'A'.repeat(43) };

    const refused = await refusalOf(() =>
      registerDevice(ports, { enrollmentCode, name: 'T', publicJwk }, new FakeUnitOfWork(), now),
    );

    expect((refused as ValidationError).errors).toEqual([
      { path: 'body.public_jwk', message: 'Not a point on P-256' },
    ]);
  });
});

describe('disabling a device', () => {
  async function anEnrolledDevice() {
    const { ports, venue } = await aVenue();
    const { enrollmentCode } = await committed((uow) => createEnrollmentCode(ports, venue.venueId, uow, now));
    const device = await committed((uow) =>
      registerDevice(ports, { enrollmentCode, name: 'T', publicJwk: aPublicJwk() }, uow, now),
    );
    return { ports, venue, device };
  }

  it('disables it once: again is 409 DeviceInvalidState', async () => {
    const { ports, venue, device } = await anEnrolledDevice();

    const disabled = await committed((uow) => disableDevice(ports, venue.venueId, device.deviceId, uow, now));
    const again = await refusalOf(() =>
      disableDevice(ports, venue.venueId, device.deviceId, new FakeUnitOfWork(), now),
    );

    expect(disabled.status).toBe('Disabled');
    expect(ports.devices.devices.get(device.deviceId)?.status).toBe('Disabled');
    expect(errorCode(again)).toBe('DeviceInvalidState');
  });

  it('answers 404 for a device of another venue, as for an unknown one', async () => {
    const { ports, device } = await anEnrolledDevice();
    const other = await committed((uow) =>
      createVenue(ports, { name: 'Other', lounges: [], fastTracks: [] }, uow, now),
    );

    const refused = await refusalOf(() =>
      disableDevice(ports, other.venueId, device.deviceId, new FakeUnitOfWork(), now),
    );

    expect(errorCode(refused)).toBe('ResourceNotFound');
  });
});

describe('the venue authority (redemptions)', () => {
  it('lets an Active venue redeem the lounges and lanes it lists, each under its own kind, and nothing else', async () => {
    const { ports, venue } = await aVenue();
    const authority = venueAuthority(ports.venues);

    expect(await authority.operates(venue.venueId, 'Lounge', lounge)).toBe(true);
    expect(await authority.operates(venue.venueId, 'FastTrack', fastTrack)).toBe(true);
    expect(await authority.operates(venue.venueId, 'Lounge', otherLounge)).toBe(false);
    expect(await authority.operates(venue.venueId, 'FastTrack', lounge)).toBe(false);
    expect(await authority.operates('55555555-5555-4555-8555-555555555555', 'Lounge', lounge)).toBe(false);
  });

  it('lets a disabled venue redeem nothing', async () => {
    const { ports, venue } = await aVenue();
    await committed((uow) => disableVenue(ports, venue.venueId, uow, now));

    expect(await venueAuthority(ports.venues).operates(venue.venueId, 'Lounge', lounge)).toBe(false);
  });
});
