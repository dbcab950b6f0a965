import { eventFeedContract } from '../../support/contracts/event-feed.ts';
import { MemoryEventFeed } from './fakes.ts';

eventFeedContract('in memory', () => {
  const feed = new MemoryEventFeed();
  return { writer: feed, reader: feed };
});
