import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { feedSettleMs, maxEventsPerAppend } from '../../../shared/domain/event-feed/model.ts';
import type { EventFeedWriter } from '../../../shared/domain/event-feed/ports.ts';
import { appendToFeed, listFeed } from '../../../shared/domain/event-feed/service.ts';
import type { DomainEvent } from '../../../shared/domain/events.ts';
import { feedEvent } from '../../support/contracts/event-feed.ts';
import { MemoryEventFeed } from './fakes.ts';

const now = new Date('2030-06-01T12:00:00.000Z');
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const ids = (events: readonly DomainEvent[]) => events.map((event) => event.id);

describe('appendToFeed', () => {
  it('appends each account’s events in stream order, one call per account and chunk', async () => {
    const calls: { accountId: string; ids: string[] }[] = [];
    const writer: EventFeedWriter = {
      append: async (accountId, events) => {
        calls.push({ accountId, ids: ids(events) });
        return { appended: events.length };
      },
    };
    const a = randomUUID();
    const b = randomUUID();
    const many = Array.from({ length: maxEventsPerAppend + 1 }, () => feedEvent(a));
    const ofB = feedEvent(b);

    const appended = await appendToFeed(writer, [...many.slice(0, 1), ofB, ...many.slice(1)], now);

    expect(appended).toBe(many.length + 1);
    expect(calls).toEqual([
      { accountId: a, ids: ids(many.slice(0, maxEventsPerAppend)) },
      { accountId: a, ids: ids(many.slice(maxEventsPerAppend)) },
      { accountId: b, ids: [ofB.id] },
    ]);
  });
});

describe('listFeed', () => {
  async function feedWith(count: number) {
    const feed = new MemoryEventFeed();
    const accountId = randomUUID();
    const events = Array.from({ length: count }, () => feedEvent(accountId));
    await feed.append(accountId, events, secondsAgo(1));
    return { feed, accountId, events };
  }

  it('pages oldest first; the last page says caught up and its cursor picks up what comes later', async () => {
    const { feed, accountId, events } = await feedWith(5);

    const first = await listFeed(feed, accountId, { limit: 2 }, now);
    const second = await listFeed(feed, accountId, { limit: 2, cursor: first.cursor }, now);
    const third = await listFeed(feed, accountId, { limit: 2, cursor: second.cursor }, now);
    const later = feedEvent(accountId);
    await feed.append(accountId, [later], now);
    const fourth = await listFeed(feed, accountId, { limit: 2, cursor: third.cursor }, now);

    expect([first, second, third].map((page) => ids(page.events))).toEqual([
      ids(events.slice(0, 2)),
      ids(events.slice(2, 4)),
      ids(events.slice(4)),
    ]);
    expect([first.hasMore, second.hasMore, third.hasMore]).toEqual([true, true, false]);
    expect(ids(fourth.events)).toEqual([later.id]);
  });

  it('stops before a missing position while the entry after it is fresh: an append may be in flight', async () => {
    const { feed, accountId, events } = await feedWith(2);
    const late = feedEvent(accountId);
    feed.place(accountId, { position: 4, event: late, appendedAt: secondsAgo(1) });

    const page = await listFeed(feed, accountId, { limit: 10 }, now);
    feed.place(accountId, { position: 3, event: feedEvent(accountId), appendedAt: secondsAgo(1) });
    const next = await listFeed(feed, accountId, { limit: 10, cursor: page.cursor }, now);

    expect(ids(page.events)).toEqual(ids(events));
    expect(page).toMatchObject({ position: 2, hasMore: false });
    expect(next.events).toHaveLength(2);
    expect(next.events[1]?.id).toBe(late.id);
  });

  it('moves over a hole once the entry after it has settled (the missing one expired)', async () => {
    const feed = new MemoryEventFeed();
    const accountId = randomUUID();
    const kept = feedEvent(accountId);
    feed.place(accountId, { position: 7, event: kept, appendedAt: new Date(now.getTime() - feedSettleMs) });

    const page = await listFeed(feed, accountId, { limit: 10 }, now);

    expect(ids(page.events)).toEqual([kept.id]);
    expect(page.position).toBe(7);
  });

  it('leaves out events older than 30 days, even before DynamoDB deletes them', async () => {
    const feed = new MemoryEventFeed();
    const accountId = randomUUID();
    const old = feedEvent(accountId, { timestamp: new Date(now.getTime() - 31 * 86_400_000).toISOString() });
    const recent = feedEvent(accountId);
    await feed.append(accountId, [old, recent], secondsAgo(120));

    const page = await listFeed(feed, accountId, { limit: 10 }, now);

    expect(ids(page.events)).toEqual([recent.id]);
    expect(page.position).toBe(2);
  });

  it('filters by type and since, moving the cursor over what it examined', async () => {
    const feed = new MemoryEventFeed();
    const accountId = randomUUID();
    const before = feedEvent(accountId, { timestamp: '2030-06-01T09:00:00.000Z' });
    const pass = feedEvent(accountId, { type: 'pass.status.changed', timestamp: '2030-06-01T11:00:00.000Z' });
    const booking = feedEvent(accountId, { timestamp: '2030-06-01T11:00:00.000Z' });
    const esim = feedEvent(accountId, { type: 'esim.status.changed', timestamp: '2030-06-01T11:30:00.000Z' });
    await feed.append(accountId, [before, pass, booking, esim], secondsAgo(1));

    const byType = await listFeed(
      feed,
      accountId,
      { limit: 10, types: ['pass.status.changed', 'esim.status.changed'] },
      now,
    );
    const bySince = await listFeed(
      feed,
      accountId,
      { limit: 10, since: new Date('2030-06-01T10:00:00Z') },
      now,
    );
    const both = await listFeed(
      feed,
      accountId,
      { limit: 1, types: ['booking.status.changed'], since: new Date('2030-06-01T10:00:00Z') },
      now,
    );

    expect(ids(byType.events)).toEqual([pass.id, esim.id]);
    expect(ids(bySince.events)).toEqual([pass.id, booking.id, esim.id]);
    expect(ids(both.events)).toEqual([booking.id]);
    expect(both).toMatchObject({ position: 3, hasMore: true });
  });

  it("refuses another account's cursor", async () => {
    const { feed, accountId } = await feedWith(1);
    const page = await listFeed(feed, accountId, { limit: 10 }, now);

    await expect(listFeed(feed, randomUUID(), { limit: 10, cursor: page.cursor }, now)).rejects.toMatchObject(
      {
        code: 'ValidationError',
      },
    );
  });
});
