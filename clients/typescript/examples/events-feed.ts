/**
 * Catching up with the events feed: every event of the last 30 days, oldest first, whether or not a
 * webhook subscription exists. Keep `next_cursor` (never null) and poll with it; dedupe on `id`,
 * which is the id webhook deliveries carry too.
 */
import type { createPartnerClient } from '../src/index.ts';

type PartnerClient = ReturnType<typeof createPartnerClient>;

export async function catchUp(
  api: PartnerClient,
  cursor: string | undefined,
  handle: (event: { id: string; event: string; timestamp: string; data: Record<string, unknown> }) => void,
): Promise<string> {
  let next = cursor;
  for (;;) {
    const page = await api.GET('/v2/b2b/events', {
      params: { query: { limit: 200, type: 'booking.status.changed,pass.status.changed', cursor: next } },
    });
    if (page.error) throw new Error(`${page.error.code}: ${page.error.detail ?? page.error.title}`);
    for (const event of page.data.data) handle(event);
    next = page.data.next_cursor;
    // Caught up: store `next` and call again later (a minute, or after a webhook outage).
    if (!page.data.has_more) return next;
  }
}
