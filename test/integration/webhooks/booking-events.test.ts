import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import { bookingBody } from '../booking/helpers.ts';
import {
  eventually,
  type Json,
  type Partner,
  type Receiver,
  secret,
  startReceiver,
  subscribe,
} from './helpers.ts';

/**
 * Booking and pass events of a seeded partner (one with a catalog contract). Other test files book
 * for it too; this file only looks at the events of its own booking, and removes its subscription.
 */
const seeded = api(1);
const partner: Partner = {
  accountId: seeded.accountId ?? '',
  call: async (method, path, body) =>
    seeded.request(method, path, {
      token: await seeded.token(),
      ...(body === undefined ? {} : { body }),
      ...(method === 'POST' && path.startsWith('/v2/b2b/booking/')
        ? { headers: { 'idempotency-key': randomUUID() } }
        : {}),
    }),
};

let receiver: Receiver;
let webhookId: string;

beforeAll(async () => {
  receiver = await startReceiver();
  webhookId = await subscribe(partner, receiver.url);
});

afterAll(async () => {
  await partner.call('DELETE', `/v2/b2b/webhooks/${webhookId}`);
  await receiver.stop();
});

function eventsOfBooking(
  bookingId: string,
): { event: string; data: Json; timestamp: string; raw: string; signature: string }[] {
  return receiver.received
    .map((received) => ({
      ...JSON.parse(received.body),
      raw: received.body,
      signature: String(received.headers['x-webhook-signature']),
    }))
    .filter((envelope) => (envelope.data as Json).booking_id === bookingId);
}

describe('booking and pass status changes', () => {
  it('reach the subscription signed, in the order they happened', async () => {
    const created = await partner.call('POST', '/v2/b2b/booking/lounges', bookingBody('lounges'));
    expect(created.status).toBe(202);
    const bookingId = created.body.booking_id as string;
    await eventually(async () => {
      const booking = await partner.call('GET', `/v2/b2b/booking/lounges/${bookingId}`);
      expect(booking.body.status).toBe('Issued');
    });
    await partner.call('POST', `/v2/b2b/booking/lounges/${bookingId}/confirm`);

    const events = await eventually(() => {
      const found = eventsOfBooking(bookingId);
      expect(found.filter((envelope) => envelope.event === 'booking.status.changed')).toHaveLength(3);
      expect(found.filter((envelope) => envelope.event === 'pass.status.changed')).toHaveLength(2);
      return found;
    });

    const statuses = (type: string) =>
      events
        .filter((envelope) => envelope.event === type)
        .map((envelope) => [envelope.data.previous_status, envelope.data.status]);
    expect(statuses('booking.status.changed')).toEqual([
      [null, 'Processing'],
      ['Processing', 'Issued'],
      ['Issued', 'Confirmed'],
    ]);
    expect(statuses('pass.status.changed')).toEqual([
      [null, 'Issued'],
      ['Issued', 'Active'],
    ]);
    const timestamps = events.map((envelope) => envelope.timestamp);
    expect([...timestamps].sort()).toEqual(timestamps);
    for (const envelope of events) {
      const expected = `sha256=${createHmac('sha256', secret).update(envelope.raw).digest('hex')}`;
      expect(envelope.signature).toBe(expected);
    }
  });
});
