import type { DomainEvent } from '../events.ts';
import type { FeedEntry } from './model.ts';

/**
 * Numbers events into their account's feed. One call is one transaction: the counter moves by the
 * number of new events and each gets the next position. Idempotent per event id: an event already in
 * the feed (a stream record delivered twice, a retried batch) is left where it is.
 */
export interface EventFeedWriter {
  append(accountId: string, events: readonly DomainEvent[], now: Date): Promise<{ appended: number }>;
}

export interface FeedRead {
  /** The position the cursor names (0 without one: the start of the feed). */
  after: number;
  /** Entries after it in position order, at most the number asked for (strongly consistent). */
  entries: FeedEntry[];
  /** Entries beyond these exist. */
  more: boolean;
}

export interface EventFeedReader {
  /** A cursor of another account, altered or not the store's is a ValidationError on `query.cursor`. */
  read(accountId: string, cursor: string | undefined, maxEntries: number): Promise<FeedRead>;
  /** The opaque cursor resuming after `position` in this account's feed. */
  cursorAt(accountId: string, position: number): string;
}
