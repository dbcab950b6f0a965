import { decodeCursor, encodeCursor } from '../../../shared/db/paging.ts';
import type { FeedEntry } from '../../../shared/domain/event-feed/model.ts';
import type { EventFeedReader, EventFeedWriter, FeedRead } from '../../../shared/domain/event-feed/ports.ts';
import type { DomainEvent } from '../../../shared/domain/events.ts';

/** The events feed in memory: per account, the entries by position and the positions by event id. */
export class MemoryEventFeed implements EventFeedWriter, EventFeedReader {
  private readonly feeds = new Map<string, { entries: FeedEntry[]; positions: Map<string, number> }>();

  private feedOf(accountId: string) {
    let feed = this.feeds.get(accountId);
    if (!feed) {
      feed = { entries: [], positions: new Map() };
      this.feeds.set(accountId, feed);
    }
    return feed;
  }

  async append(accountId: string, events: readonly DomainEvent[], now: Date): Promise<{ appended: number }> {
    const feed = this.feedOf(accountId);
    let appended = 0;
    for (const event of events) {
      if (feed.positions.has(event.id)) continue;
      const position = feed.entries.length + 1;
      feed.positions.set(event.id, position);
      feed.entries.push({ position, event, appendedAt: now });
      appended++;
    }
    return { appended };
  }

  /** Puts an entry as the store would hold it: a test's way to make holes and old entries. */
  place(accountId: string, entry: FeedEntry): void {
    const feed = this.feedOf(accountId);
    feed.entries.push(entry);
    feed.entries.sort((a, b) => a.position - b.position);
  }

  async read(accountId: string, cursor: string | undefined, maxEntries: number): Promise<FeedRead> {
    const after =
      cursor === undefined
        ? 0
        : decodeCursor(
            cursor,
            (position): position is { a: string; p: number } =>
              Object.keys(position).length === 2 &&
              position.a === accountId &&
              Number.isSafeInteger(position.p) &&
              Number(position.p) >= 0,
          ).p;
    const following = this.feedOf(accountId).entries.filter((entry) => entry.position > after);
    return { after, entries: following.slice(0, maxEntries), more: following.length > maxEntries };
  }

  cursorAt(accountId: string, position: number): string {
    return encodeCursor({ a: accountId, p: position });
  }
}
