import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/domain/errors.ts';
import type { StagedWrite } from '../../../shared/domain/unit-of-work.ts';
import type { Device, EnrollmentCode, Venue } from '../../../shared/domain/venues/model.ts';
import type { DeviceStore, EnrollmentCodeStore, VenueStore } from '../../../shared/domain/venues/ports.ts';
import { everyPage, refusalOf } from './staging.ts';

export interface VenueStores {
  venues: VenueStore;
  enrollments: EnrollmentCodeStore;
  devices: DeviceStore;
  commit(writes: readonly StagedWrite[]): Promise<void>;
}

const codeOf = (error: Error) => (error instanceof ApiError ? error.code : error.message);

/**
 * What the venue, enrollment code and device stores do, in memory and on DynamoDB: state changes hold
 * only under their conditions, and an enrollment code is spent once, never after it expired.
 */
export function venueStoresContract(name: string, subject: () => VenueStores): void {
  const now = new Date('2030-06-01T12:00:00.000Z');
  const at = now.toISOString();
  const commit = (...writes: StagedWrite[]) => subject().commit(writes);
  const aVenue = (): Venue => ({
    venueId: randomUUID(),
    name: 'Contract venue',
    lounges: [randomUUID()],
    fastTracks: [],
    status: 'Active',
    // Long ago: a shared stage's listing shows these last.
    createdAt: '2001-01-01T00:00:00.000Z',
    updatedAt: '2001-01-01T00:00:00.000Z',
  });
  const aCode = (venueId: string): EnrollmentCode => ({
    codeHash: randomBytes(32).toString('base64url'),
    venueId,
    createdAt: at,
    expiresAt: new Date(now.getTime() + 60_000).toISOString(),
  });
  const aDevice = (venueId: string, createdAt = at): Device => ({
    deviceId: randomUUID(),
    venueId,
    name: 'Door tablet',
    publicJwk: { kty: 'EC', crv: 'P-256', x: 'x'.repeat(43), y: 'y'.repeat(43) },
    jwkThumbprint: randomBytes(32).toString('base64url'),
    status: 'Active',
    createdAt,
    updatedAt: createdAt,
  });
  async function stored(): Promise<Venue> {
    const venue = aVenue();
    await commit(subject().venues.create(venue));
    return venue;
  }

  describe(`the venue stores contract: ${name}`, () => {
    it('keeps a venue from its commit, replaces its items and disables it once', async () => {
      const { venues } = subject();
      const venue = aVenue();
      const write = venues.create(venue);
      expect(await venues.find(venue.venueId)).toBeUndefined();
      await commit(write);

      await commit(venues.replaceItems(venue.venueId, { lounges: [], fastTracks: venue.lounges }, at));
      await commit(venues.disable(venue.venueId, at));
      const again = await refusalOf(commit(venues.disable(venue.venueId, at)));

      expect(await venues.find(venue.venueId)).toEqual({
        ...venue,
        lounges: [],
        fastTracks: venue.lounges,
        status: 'Disabled',
        updatedAt: at,
      });
      expect(codeOf(again)).toBe('VenueInvalidState');
    });

    it('lists a venue it holds', async () => {
      const venue = await stored();
      const listed = await everyPage((cursor) => subject().venues.list({ limit: 200, cursor }));
      expect(listed).toContainEqual(venue);
    });

    it('holds a condition on an active venue only', async () => {
      const { venues } = subject();
      const venue = await stored();
      await commit(venues.stillActive(venue.venueId));
      await commit(venues.disable(venue.venueId, at));

      expect(codeOf(await refusalOf(commit(venues.stillActive(venue.venueId))))).toBe('VenueInvalidState');
      expect(codeOf(await refusalOf(commit(venues.stillActive(randomUUID()))))).toBe('ResourceNotFound');
      expect(codeOf(await refusalOf(commit(venues.disable(randomUUID(), at))))).toBe('ResourceNotFound');
    });

    it('spends an enrollment code once, and never at or past its expiry', async () => {
      const { enrollments } = subject();
      const venue = await stored();
      const code = aCode(venue.venueId);
      const expiring = aCode(venue.venueId);
      await commit(enrollments.save(code), enrollments.save(expiring));

      expect(await enrollments.findUnspent(code.codeHash)).toEqual(code);
      await commit(enrollments.spend(code.codeHash, randomUUID(), now));

      expect(await enrollments.findUnspent(code.codeHash)).toBeUndefined();
      const again = await refusalOf(commit(enrollments.spend(code.codeHash, randomUUID(), now)));
      const late = await refusalOf(
        commit(enrollments.spend(expiring.codeHash, randomUUID(), new Date(expiring.expiresAt))),
      );
      const unknown = await refusalOf(commit(enrollments.spend('no-such-code', randomUUID(), now)));
      expect([again, late, unknown].map(codeOf)).toEqual([
        'EnrollmentCodeInvalid',
        'EnrollmentCodeInvalid',
        'EnrollmentCodeInvalid',
      ]);
    });

    it('spends a code for exactly one of several concurrent uses', async () => {
      const { enrollments } = subject();
      const code = aCode((await stored()).venueId);
      await commit(enrollments.save(code));

      const outcomes = await Promise.allSettled(
        Array.from({ length: 5 }, () => commit(enrollments.spend(code.codeHash, randomUUID(), now))),
      );

      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    });

    it("lists a venue's devices newest first and disables one once", async () => {
      const { devices } = subject();
      const venue = await stored();
      const older = aDevice(venue.venueId, '2030-06-01T10:00:00.000Z');
      const newer = aDevice(venue.venueId, '2030-06-01T11:00:00.000Z');
      await commit(devices.create(older), devices.create(newer));

      const listed = await everyPage((cursor) => devices.listOfVenue(venue.venueId, { limit: 1, cursor }));
      await commit(devices.disable(newer, at));
      const again = await refusalOf(commit(devices.disable(newer, at)));
      const elsewhere = await refusalOf(commit(devices.disable({ ...older, venueId: randomUUID() }, at)));

      expect(listed).toEqual([newer, older]);
      expect(await devices.find(newer.deviceId)).toEqual({ ...newer, status: 'Disabled', updatedAt: at });
      expect([again, elsewhere].map(codeOf)).toEqual(['DeviceInvalidState', 'ResourceNotFound']);
    });
  });
}
