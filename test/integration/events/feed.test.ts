import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { toEventItem } from '../../../shared/db/entities/event.ts';
import type { DomainEvent } from '../../../shared/domain/events.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import { onboardPartner } from '../../support/onboard.ts';
import { emitEvent, eventually, type Receiver, startReceiver, subscribe } from '../webhooks/helpers.ts';

type Json = Record<string, unknown>;
interface EventsPage {
  data: { id: string; event: string; timestamp: string; data: Json }[];
  next_cursor: string;
  has_more: boolean;
}
type Partner = Awaited<ReturnType<typeof onboardPartner>>;

const events = '/v2/b2b/events';

async function page(partner: Partner, query = '') {
  return partner.call<EventsPage>('GET', `${events}${query}`);
}

/** Pages with `limit` from `cursor` until caught up: every event of the account so far, in feed order. */
async function readAll(partner: Partner, limit = 50, cursor?: string) {
  const seen: EventsPage['data'] = [];
  let next = cursor;
  for (;;) {
    const answer = await page(partner, `?limit=${limit}${next ? `&cursor=${next}` : ''}`);
    expect(answer.status).toBe(200);
    seen.push(...answer.body.data);
    next = answer.body.next_cursor;
    if (!answer.body.has_more) return { seen, cursor: next };
  }
}

/** One transaction of several outbox events, as a state change commits them. */
async function commitEvents(accountId: string, count: number): Promise<DomainEvent[]> {
  const staged: DomainEvent[] = Array.from({ length: count }, () => ({
    id: randomUUID(),
    accountId,
    type: 'booking.status.changed',
    timestamp: new Date().toISOString(),
    orderingKey: randomUUID(),
    data: { booking_id: randomUUID(), service_type: 'Lounge', status: 'Issued', previous_status: null },
  }));
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: staged.map((event) => ({
        Put: { TableName: endpoints().tables.main, Item: toEventItem(event) },
      })),
    }),
  );
  return staged;
}

const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.stop()));
});

describe('GET /v2/b2b/events', () => {
  it('lists an event exactly as its webhook delivery carried it, with the same id', async () => {
    const partner = await onboardPartner(['webhooks', 'events:read'], 'Events test');
    const receiver = await startReceiver();
    receivers.push(receiver);
    const webhookId = await subscribe(
      {
        accountId: partner.accountId,
        call: (method, path, body) => partner.call(method, path, body === undefined ? {} : { body }),
      },
      receiver.url,
    );

    const ping = await partner.call<{ id: string }>('POST', `/v2/b2b/webhooks/${webhookId}/ping`);
    const delivered = await eventually(() => {
      const found = receiver.received.find((request) => request.id === ping.body.id);
      if (!found) throw new Error('not delivered yet');
      return found;
    }, 60_000);
    const listed = await eventually(async () => {
      const { seen } = await readAll(partner);
      const found = seen.find((event) => event.id === ping.body.id);
      if (!found) throw new Error('not in the feed yet');
      return found;
    }, 60_000);

    expect(listed).toEqual(JSON.parse(delivered.body));
  }, 120_000);

  it('lists events of an account without a subscription, filtered by type and since', async () => {
    const partner = await onboardPartner(['events:read'], 'Events test');
    const before = new Date().toISOString();
    const booking = await emitEvent(partner.accountId, randomUUID());

    const { seen } = await eventually(async () => {
      const all = await readAll(partner);
      if (all.seen.length < 1) throw new Error('not in the feed yet');
      return all;
    });
    const byType = await page(partner, '?type=pass.status.changed,booking.status.changed');
    const otherType = await page(partner, '?type=esim.status.changed');
    const since = await page(partner, `?since=${encodeURIComponent(before)}`);
    const later = await page(
      partner,
      `?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );

    expect(seen.map((event) => event.id)).toEqual([booking.id]);
    expect(byType.body.data.map((event) => event.id)).toEqual([booking.id]);
    expect(otherType.body.data).toEqual([]);
    expect(since.body.data.map((event) => event.id)).toEqual([booking.id]);
    expect(later.body.data).toEqual([]);
  });

  it('never skips nor repeats an event while five writers commit concurrently and a reader pages', async () => {
    const partner = await onboardPartner(['events:read'], 'Events test');
    const written: string[] = [];
    let writing = true;
    const writers = Array.from({ length: 5 }, async () => {
      for (let round = 0; round < 8; round++) {
        const committed = await commitEvents(partner.accountId, 1 + (round % 3));
        written.push(...committed.map((event) => event.id));
      }
    });
    const done = Promise.all(writers).finally(() => {
      writing = false;
    });

    const seen: string[] = [];
    let cursor: string | undefined;
    // Page with a small limit while the writers run, then until every written event is listed.
    while (writing || seen.length < written.length) {
      const answer = await page(partner, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.status).toBe(200);
      seen.push(...answer.body.data.map((event) => event.id));
      cursor = answer.body.next_cursor;
      if (!answer.body.has_more) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await done;
    const complete = await readAll(partner, 200);

    expect(written).toHaveLength(5 * (1 + 2 + 3 + 1 + 2 + 3 + 1 + 2));
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(written));
    // The pages read while events were arriving equal one listing read afterwards: nothing committed
    // behind the reader's cursor.
    expect(seen).toEqual(complete.seen.map((event) => event.id));
  }, 120_000);

  it("keeps accounts apart: another account's events are never listed, and its cursor is refused", async () => {
    const owner = await onboardPartner(['events:read'], 'Events test');
    const other = await onboardPartner(['events:read'], 'Events test');
    const event = await emitEvent(owner.accountId, randomUUID());
    const { cursor } = await eventually(async () => {
      const all = await readAll(owner);
      if (!all.seen.some((seen) => seen.id === event.id)) throw new Error('not in the feed yet');
      return all;
    });

    const theirs = await page(other);
    const foreign = await page(other, `?cursor=${cursor}`);

    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    expect([foreign.status, foreign.body]).toMatchObject([
      422,
      { code: 'ValidationError', details: { errors: [{ path: 'query.cursor' }] } },
    ]);
  });

  it('answers 403 without events:read and 422 for a bad cursor, since, type or limit', async () => {
    const partner = await onboardPartner(['events:read'], 'Events test');
    const withoutScope = await onboardPartner(['webhooks'], 'Events test');

    const forbidden = await withoutScope.call<Json>('GET', events);
    const refused = await Promise.all(
      [
        '?cursor=bm90LWEtY3Vyc29y',
        '?since=yesterday',
        '?since=2030-01-01',
        '?type=booking.created',
        '?type=booking.status.changed,',
        '?limit=0',
        '?limit=201',
        '?unknown=1',
      ].map((query) => page(partner, query)),
    );

    expect([forbidden.status, forbidden.body.code]).toEqual([403, 'Forbidden']);
    for (const answer of refused) {
      expect([answer.status, (answer.body as unknown as Json).code]).toEqual([422, 'ValidationError']);
    }
  });
});
