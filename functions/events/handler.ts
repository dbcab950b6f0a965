import { eventFeedReader } from '../../shared/db/entities/event-feed.ts';
import { listFeed } from '../../shared/domain/event-feed/service.ts';
import type { EventType } from '../../shared/domain/events.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { eventsPageView } from '../../shared/http/views/events.ts';
import { eventsRoutes } from '../../shared/routes/events.ts';

export const handler = createApiHandler(eventsRoutes, {
  listEvents: async ({ principal, query, now }) => {
    const page = await listFeed(
      eventFeedReader,
      principal.accountId,
      {
        limit: query.limit,
        cursor: query.cursor,
        // The schema admits only known types, comma-separated.
        types: query.type?.split(',') as EventType[] | undefined,
        since: query.since === undefined ? undefined : new Date(query.since),
      },
      now,
    );
    return { status: 200, body: eventsPageView(page) };
  },
});
