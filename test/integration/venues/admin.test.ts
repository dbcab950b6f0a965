import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asAdmin, asSupport } from '../../support/employees.ts';
import { asOperator } from '../admin/operator.ts';
import { catalog } from '../booking/helpers.ts';

/* Venue administration (docs/venues.md) through the local stage: operators on base_url, employees on admin_url. */

interface VenueBody {
  venue_id: string;
  name: string;
  lounges: string[];
  fast_tracks: string[];
  status: string;
  created_at: string;
  updated_at: string;
}

interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

const newVenue = (name = `Venue ${randomUUID()}`) =>
  asOperator<VenueBody>('POST', '/v2/admin/venues', {
    body: { name, lounges: [catalog.lounge], fast_tracks: [catalog.fastTrack] },
  });

describe('venue administration', () => {
  it('registers a venue (201, Location), reads it, lists it and replaces its items', async () => {
    const created = await newVenue('Sky Lounges');
    expect(created.status).toBe(201);
    const venue = created.body;
    expect(venue).toMatchObject({
      name: 'Sky Lounges',
      lounges: [catalog.lounge],
      fast_tracks: [catalog.fastTrack],
      status: 'Active',
    });
    expect(created.headers.location).toBe(`/v2/admin/venues/${venue.venue_id}`);

    expect((await asOperator<VenueBody>('GET', `/v2/admin/venues/${venue.venue_id}`)).body).toEqual(venue);
    const listed = await asOperator<Page<VenueBody>>('GET', '/v2/admin/venues?limit=200');
    expect(listed.body.data.map((item) => item.venue_id)).toContain(venue.venue_id);

    const replaced = await asOperator<VenueBody>('PUT', `/v2/admin/venues/${venue.venue_id}/items`, {
      body: { lounges: [], fast_tracks: [catalog.fastTrack] },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ lounges: [], fast_tracks: [catalog.fastTrack] });
  });

  it('refuses an id that is no published lounge with 422 at its body path', async () => {
    const response = await asOperator('POST', '/v2/admin/venues', {
      body: { name: 'V', lounges: [catalog.lounge, randomUUID()], fast_tracks: [catalog.lounge] },
    });

    expect(response.status).toBe(422);
    expect(response.body.code).toBe('ValidationError');
    const errors = (response.body.details as { errors: { path: string }[] }).errors;
    expect(errors.map((error) => error.path)).toEqual(['body.lounges.1', 'body.fast_tracks.0']);
  });

  it('answers 404 ResourceNotFound for an unknown venue', async () => {
    const response = await asOperator('GET', `/v2/admin/venues/${randomUUID()}`);
    expect([response.status, response.body.code]).toEqual([404, 'ResourceNotFound']);
  });

  it('mints single-use enrollment codes, valid 24 h, never stored or cached', async () => {
    const { venue_id } = (await newVenue()).body;
    const before = Date.now();

    const minted = await asOperator<{ enrollment_code: string; expires_at: string }>(
      'POST',
      `/v2/admin/venues/${venue_id}/enrollments`,
    );

    expect(minted.status).toBe(201);
    expect(minted.headers['cache-control']).toBe('no-store');
    expect(minted.body.enrollment_code).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    const lifetime = Date.parse(minted.body.expires_at) - before;
    expect(lifetime).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(24 * 3600_000 + 1000);
  });

  it('disables a venue once: then 409 VenueInvalidState for a second disable and for a new code', async () => {
    const { venue_id } = (await newVenue()).body;

    const disabled = await asOperator<VenueBody>('POST', `/v2/admin/venues/${venue_id}/disable`);
    const again = await asOperator('POST', `/v2/admin/venues/${venue_id}/disable`);
    const code = await asOperator('POST', `/v2/admin/venues/${venue_id}/enrollments`);

    expect(disabled.body.status).toBe('Disabled');
    expect([again.status, again.body.code]).toEqual([409, 'VenueInvalidState']);
    expect([code.status, code.body.code]).toEqual([409, 'VenueInvalidState']);
  });

  it('answers 404 when disabling a device the venue does not have', async () => {
    const { venue_id } = (await newVenue()).body;
    const devices = await asOperator<Page<unknown>>('GET', `/v2/admin/venues/${venue_id}/devices`);
    const disable = await asOperator('POST', `/v2/admin/venues/${venue_id}/devices/${randomUUID()}/disable`);

    expect([devices.status, devices.body.data]).toEqual([200, []]);
    expect([disable.status, disable.body.code]).toEqual([404, 'ResourceNotFound']);
  });

  it('serves employees the same operations under /api/v1/admin, audited; support reads only', async () => {
    const created = await asAdmin<VenueBody>('POST', '/api/v1/admin/venues', {
      body: { name: 'Employee venue', lounges: [catalog.lounge], fast_tracks: [] },
    });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`/api/v1/admin/venues/${created.body.venue_id}`);

    const read = await asSupport('GET', `/api/v1/admin/venues/${created.body.venue_id}`);
    const write = await asSupport('POST', `/api/v1/admin/venues/${created.body.venue_id}/disable`);
    expect(read.status).toBe(200);
    expect([write.status, write.body.code]).toEqual([403, 'Forbidden']);

    const audit = await asAdmin<Page<{ action: string; target: { type: string; id: string } }>>(
      'GET',
      `/api/v1/admin/audit-log?target=${created.body.venue_id}`,
    );
    expect(audit.body.data.map((record) => [record.action, record.target.type])).toContainEqual([
      'employeeCreateVenue',
      'venue',
    ]);
  });
});
