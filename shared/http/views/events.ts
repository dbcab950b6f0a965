import type { FeedPage } from '../../domain/event-feed/model.ts';
import { envelopeOf } from '../../domain/webhooks/envelope.ts';

/** A page of the events feed: each event exactly as its webhook delivery's body. */
export function eventsPageView(page: FeedPage & { cursor: string }) {
  return { data: page.events.map(envelopeOf), next_cursor: page.cursor, has_more: page.hasMore };
}
