import { eventsPageSchema, eventsQuery } from '../schemas/events.ts';
import { defineRoute } from './types.ts';

/** The events feed (docs/events.md): the account's events of the last 30 days, subscription or not. */
export const eventsRoutes = {
  listEvents: defineRoute({
    operationId: 'listEvents',
    method: 'GET',
    path: '/v2/b2b/events',
    hosts: ['api'],
    group: 'events',
    tags: ['Events'],
    // Kept literal (no audiences): partner tokens only, the feed is the token's account's.
    auth: { scope: 'events:read' },
    summary: 'List your account’s events, oldest first',
    description:
      'Every event of the last 30 days, whether or not a webhook subscription exists, in the order the ' +
      'feed numbered them, each as its webhook delivery carries it (same `id`). Cursor paging never skips ' +
      'or repeats an event while new ones arrive. `type` and `since` filter what a page returns; a ' +
      'filtered page may hold fewer than `limit` events, even none, while `has_more` is true. A cursor ' +
      'of another account or an altered one is 422 on `query.cursor`.',
    request: { query: eventsQuery },
    responses: { 200: { description: 'A page of events', schema: eventsPageSchema } },
  }),
};
