import type { DomainEvent } from '../events.ts';
import {
  type FeedEntry,
  type FeedFilter,
  type FeedPage,
  feedRetentionMs,
  feedSettleMs,
  maxEntriesScanned,
  maxEventsPerAppend,
} from './model.ts';
import type { EventFeedReader, EventFeedWriter } from './ports.ts';

/**
 * The feed writer's use case (the stream consumer): the events of a batch of stream records, grouped by
 * account, appended in the order the stream handed them over, one transaction per account and chunk.
 * Returns how many were new.
 */
export async function appendToFeed(
  writer: EventFeedWriter,
  events: readonly DomainEvent[],
  now: Date,
): Promise<number> {
  const byAccount = new Map<string, DomainEvent[]>();
  for (const event of events) {
    const own = byAccount.get(event.accountId) ?? [];
    own.push(event);
    byAccount.set(event.accountId, own);
  }
  let appended = 0;
  for (const [accountId, own] of byAccount) {
    for (let start = 0; start < own.length; start += maxEventsPerAppend) {
      const chunk = own.slice(start, start + maxEventsPerAppend);
      appended += (await writer.append(accountId, chunk, now)).appended;
    }
  }
  return appended;
}

function matches(event: DomainEvent, filter: FeedFilter): boolean {
  if (filter.types && !filter.types.includes(event.type)) return false;
  return !filter.since || Date.parse(event.timestamp) >= filter.since.getTime();
}

const expired = (entry: FeedEntry, now: Date) =>
  Date.parse(entry.event.timestamp) + feedRetentionMs <= now.getTime();

/** A hole before `entry` that is no append in flight (docs/events.md, Paging). */
const settled = (entry: FeedEntry, now: Date) => now.getTime() - entry.appendedAt.getTime() >= feedSettleMs;

/**
 * One page of the account's feed, oldest first, after the cursor. The page only ever moves over
 * positions it has seen: it stops before a missing position unless that hole has settled (the entry
 * after it was appended long ago, so the missing one expired), which is what makes a page never skip
 * an event that commits while it reads. Filters apply to the events read, so a filtered page may be
 * short, even empty, while `hasMore` is true; its cursor still moves over what it examined.
 */
export async function listFeed(
  reader: EventFeedReader,
  accountId: string,
  request: FeedFilter & { limit: number; cursor?: string | undefined },
  now: Date,
): Promise<FeedPage & { cursor: string }> {
  const filtered = request.types !== undefined || request.since !== undefined;
  const read = await reader.read(
    accountId,
    request.cursor,
    filtered ? Math.max(maxEntriesScanned, request.limit + 1) : request.limit + 1,
  );
  const events: DomainEvent[] = [];
  let position = read.after;
  let hasMore = read.more;
  for (const entry of read.entries) {
    if (events.length === request.limit) {
      hasMore = true;
      break;
    }
    if (entry.position !== position + 1 && !settled(entry, now)) {
      // Nothing more is readable yet: the caller polls again.
      hasMore = false;
      break;
    }
    position = entry.position;
    if (!expired(entry, now) && matches(entry.event, request)) events.push(entry.event);
  }
  return { events, position, hasMore, cursor: reader.cursorAt(accountId, position) };
}
