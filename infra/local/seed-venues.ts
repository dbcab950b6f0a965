import { stagedWriteCommitter } from '../../shared/db/commit-staged.ts';
import { enrollmentCodeStore } from '../../shared/db/entities/enrollment-code.ts';
import { publishedVenueCatalog, venueStore } from '../../shared/db/entities/venue.ts';
import { enrollmentCodeHash, newEnrollmentCode } from '../../shared/domain/venues/enrollment.ts';
import { enrollmentCodeLifetimeMs } from '../../shared/domain/venues/model.ts';

/** The local stage's venue (docs/venues.md): the same id on every fresh stage. */
export const seededVenueId = '5eed0000-0000-4000-8000-000000000001';
const seededVenueName = 'Local Lounges & Lanes';

/** What stage.json says of each seeded venue. */
export interface StageVenue {
  venue_id: string;
  name: string;
  lounges: string[];
  fast_tracks: string[];
  /** Unused, minted at this start: enrolls one scanner within 24 hours. */
  enrollment_code: string;
}

/** Once per state dir: a venue operating every lounge and fast-track of the seeded catalog. */
export async function seedVenue(now: Date): Promise<void> {
  if (await venueStore.find(seededVenueId)) return;
  const published = await publishedVenueCatalog.publishedItems();
  const timestamp = now.toISOString();
  await stagedWriteCommitter.commit([
    venueStore.create({
      venueId: seededVenueId,
      name: seededVenueName,
      lounges: [...published.lounges],
      fastTracks: [...published.fastTracks],
      status: 'Active',
      createdAt: timestamp,
      updatedAt: timestamp,
    }),
  ]);
}

/** At every start: a fresh enrollment code for each seeded venue, so stage.json always names an unused one. */
export async function seededVenues(now: Date): Promise<StageVenue[]> {
  const venue = await venueStore.find(seededVenueId);
  if (!venue) return [];
  const enrollmentCode = newEnrollmentCode();
  await stagedWriteCommitter.commit([
    enrollmentCodeStore.save({
      codeHash: enrollmentCodeHash(enrollmentCode),
      venueId: venue.venueId,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + enrollmentCodeLifetimeMs).toISOString(),
    }),
  ]);
  return [
    {
      venue_id: venue.venueId,
      name: venue.name,
      lounges: venue.lounges,
      fast_tracks: venue.fastTracks,
      enrollment_code: enrollmentCode,
    },
  ];
}
