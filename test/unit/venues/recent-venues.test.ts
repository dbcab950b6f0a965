import { describe, expect, it } from 'vitest';
import { RecentVenues } from '../../../shared/db/entities/venue.ts';
import type { Venue } from '../../../shared/domain/venues/model.ts';
import { venueAuthority } from '../../../shared/domain/venues/service.ts';

const venue = (lounges: string[], status: Venue['status'] = 'Active'): Venue => ({
  venueId: 'venue-1',
  name: 'Door',
  lounges,
  fastTracks: [],
  status,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
});

describe('the venues the venue function remembers', () => {
  it('reads a venue once per bound: a change reaches the door once the remembered one is as old as the bound', async () => {
    let stored: Venue | undefined = venue(['lounge-1']);
    let reads = 0;
    let clock = 0;
    const venues = new RecentVenues(
      async () => {
        reads += 1;
        return stored;
      },
      () => 60_000,
      () => clock,
    );
    const authority = venueAuthority(venues);

    expect(await authority.operates('venue-1', 'Lounge', 'lounge-1')).toBe(true);
    stored = venue(['lounge-1'], 'Disabled');
    clock = 59_999;
    expect(await authority.operates('venue-1', 'Lounge', 'lounge-1')).toBe(true);
    clock = 60_000;
    expect(await authority.operates('venue-1', 'Lounge', 'lounge-1')).toBe(false);
    expect(reads).toBe(2);
  });

  it('remembers that a venue does not exist for the same bound', async () => {
    let reads = 0;
    const venues = new RecentVenues(
      async () => {
        reads += 1;
        return undefined;
      },
      () => 60_000,
      () => 0,
    );

    expect(await venues.find('venue-2')).toBeUndefined();
    expect(await venues.find('venue-2')).toBeUndefined();
    expect(reads).toBe(1);
  });
});
