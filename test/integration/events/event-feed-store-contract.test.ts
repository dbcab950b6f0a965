import { beforeAll } from 'vitest';
import { eventFeedReader, eventFeedWriter } from '../../../shared/db/entities/event-feed.ts';
import { eventFeedContract } from '../../support/contracts/event-feed.ts';
import { onOwnMainTable } from '../../support/contracts/own-table.ts';

beforeAll(() => onOwnMainTable('event-feed-contract'));

eventFeedContract('DynamoDB', () => ({ writer: eventFeedWriter, reader: eventFeedReader }));
