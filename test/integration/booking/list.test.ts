import { describe, expect, it } from 'vitest';
import { bookingPath, call, newBooking, otherPartner } from './helpers.ts';

interface Page {
  data: { booking_id: string; status: string; service_type: string }[];
  next_cursor: string | null;
}

async function page(query: string): Promise<Page> {
  const response = await call(otherPartner, 'GET', `/v2/b2b/booking/fast-tracks?${query}`);
  expect(response.status).toBe(200);
  return response.body as unknown as Page;
}

describe('listing bookings', () => {
  it('pages newest first through the cursor, each booking once', async () => {
    const created: string[] = [];
    for (let index = 0; index < 3; index++) created.push(await newBooking('fast-tracks', otherPartner));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const current: Page = await page(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(current.data.length).toBeLessThanOrEqual(2);
      seen.push(...current.data.map((booking) => booking.booking_id));
      cursor = current.next_cursor;
    } while (cursor && !created.every((id) => seen.includes(id)));

    expect(new Set(seen).size).toBe(seen.length);
    const order = created.map((id) => seen.indexOf(id));
    expect(order).toEqual([...order].sort((a, b) => b - a));
  });

  it('lists only the service of the path', async () => {
    const list = await page('limit=200');

    expect(list.data.every((booking) => booking.service_type === 'FastTrack')).toBe(true);
  });

  it('filters by status', async () => {
    const bookingId = await newBooking('fast-tracks', otherPartner);
    const cancel = await call(otherPartner, 'POST', bookingPath('fast-tracks', bookingId, 'cancel'));
    expect(cancel.status).toBe(200);

    const canceled = await page('status=Canceled&limit=200');

    expect(canceled.data.map((booking) => booking.booking_id)).toContain(bookingId);
    expect(canceled.data.every((booking) => booking.status === 'Canceled')).toBe(true);
  });

  it('refuses a cursor it did not hand out (422)', async () => {
    const response = await call(otherPartner, 'GET', '/v2/b2b/booking/fast-tracks?cursor=bm90LWEtY3Vyc29y');

    expect(response.status).toBe(422);
    expect(response.body.details).toMatchObject({ errors: [{ path: 'query.cursor' }] });
  });

  it('refuses a limit above 200 (422)', async () => {
    const response = await call(otherPartner, 'GET', '/v2/b2b/booking/fast-tracks?limit=201');

    expect(response.status).toBe(422);
  });
});
