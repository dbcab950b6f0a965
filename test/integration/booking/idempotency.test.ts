import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bookingBody, bookingPath, call, create, otherPartner, partner } from './helpers.ts';

describe('idempotent booking creation', () => {
  it('replays the first response for the same key and body, creating nothing new', async () => {
    const key = randomUUID();
    const first = await create('lounges', { key });

    const replay = await create('lounges', { key });

    expect(first.headers['idempotency-status']).toBe('created');
    expect(replay.status).toBe(202);
    expect(replay.headers['idempotency-status']).toBe('reused');
    expect(replay.headers['idempotency-key']).toBe(key);
    expect(replay.body).toEqual(first.body);
    expect(replay.body.price).toEqual({ amount: '6700.00', currency: 'RUB' });
    expect(replay.headers.location).toBe(first.headers.location);
  });

  it('refuses the same key with another body with IdempotencyConflict', async () => {
    const key = randomUUID();
    await create('lounges', { key });

    const conflict = await create('lounges', {
      key,
      body: bookingBody('lounges', { transport_number: 'BA118' }),
    });

    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('IdempotencyConflict');
  });

  it('compares bodies after JSON normalisation: field order does not matter', async () => {
    const key = randomUUID();
    const body = bookingBody('fast-tracks');
    const first = await create('fast-tracks', { key, body });

    const reordered = await create('fast-tracks', {
      key,
      body: Object.fromEntries(Object.entries(body).reverse()),
    });

    expect(reordered.headers['idempotency-status']).toBe('reused');
    expect(reordered.body.booking_id).toBe(first.body.booking_id);
  });

  it('requires the Idempotency-Key header (422)', async () => {
    const response = await call(partner, 'POST', '/v2/b2b/booking/lounges', { body: bookingBody('lounges') });

    expect(response.status).toBe(422);
    expect(response.body.details).toMatchObject({ errors: [{ path: 'headers.idempotency-key' }] });
  });

  it('keeps keys apart per account: the same key from another partner is a new booking', async () => {
    const key = randomUUID();
    const mine = await create('lounges', { key });

    const theirs = await create('lounges', { key, who: otherPartner });

    expect(theirs.status).toBe(202);
    expect(theirs.headers['idempotency-status']).toBe('created');
    expect(theirs.body.booking_id).not.toBe(mine.body.booking_id);
  });

  it('makes exactly one booking of 20 concurrent requests with one key', async () => {
    const key = randomUUID();
    const body = bookingBody('lounges', {
      transport_number: `U2 ${Math.floor(Math.random() * 9000) + 1000}`,
    });

    const responses = await Promise.all(Array.from({ length: 20 }, () => create('lounges', { key, body })));

    const accepted = responses.filter((response) => response.status === 202);
    const ids = new Set(accepted.map((response) => response.body.booking_id));
    const created = accepted.filter((response) => response.headers['idempotency-status'] === 'created');
    // A request that arrives while the first is still in flight is told to retry (409 + Retry-After).
    const inFlight = responses.filter((response) => response.status === 409);
    expect(accepted.length + inFlight.length).toBe(20);
    for (const response of inFlight) expect(response.headers['retry-after']).toBeDefined();
    expect(ids.size).toBe(1);
    expect(created).toHaveLength(1);
    const [bookingId] = ids;
    const list = await call(partner, 'GET', '/v2/b2b/booking/lounges?limit=200');
    const same = (list.body.data as { booking_id: string; transport_number: string }[]).filter(
      (booking) => booking.transport_number === body.transport_number,
    );
    expect(same.map((booking) => booking.booking_id)).toEqual([bookingId]);
  });

  it('accepts an Idempotency-Key on confirm and replays the outcome', async () => {
    const created = await create('lounges');
    const bookingId = created.body.booking_id as string;
    const key = randomUUID();
    const cancel = () =>
      call(partner, 'POST', bookingPath('lounges', bookingId, 'cancel'), {
        headers: { 'idempotency-key': key },
      });

    const first = await cancel();
    const retry = await cancel();

    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotency-status']).toBe('reused');
    expect(retry.body).toEqual(first.body);
  });
});
