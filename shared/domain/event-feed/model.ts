import type { DomainEvent, EventType } from '../events.ts';

/**
 * The events feed (docs/events.md): every event of an account, numbered by a per-account position the
 * feed writer assigns as the events leave the table's stream. Positions are dense (1, 2, 3, ...):
 * each append transaction takes the next run of numbers together with the account's counter, so a
 * reader that resumes after position p and sees p+1, p+2, ... has seen every event up to there.
 */
export interface FeedEntry {
  position: number;
  event: DomainEvent;
  /** When the append that numbered it committed (its transaction's start, at most this late). */
  appendedAt: Date;
}

/** Outbox items and the feed keep events 30 days (docs/webhooks.md). */
export const feedRetentionMs = 30 * 24 * 60 * 60 * 1000;

/**
 * A missing position followed by an entry appended this long ago is gone for good: an append's
 * transaction is visible whole within milliseconds, so the only hole that outlives it is an entry
 * deleted at the end of its retention. A younger hole may still be an append in flight.
 */
export const feedSettleMs = 60_000;

/** At most this many events per append transaction: two items each, plus the counter, within 100. */
export const maxEventsPerAppend = 40;

/** How many entries one filtered page examines at most (one Query of at most 1 MB). */
export const maxEntriesScanned = 500;

export interface FeedFilter {
  types?: readonly EventType[] | undefined;
  /** RFC 3339: only events whose timestamp is at or after it. */
  since?: Date | undefined;
}

export interface FeedPage {
  events: DomainEvent[];
  /** The position this page read through: the next page starts after it. */
  position: number;
  /** More events can be read now; false when caught up (poll again later with the cursor). */
  hasMore: boolean;
}
