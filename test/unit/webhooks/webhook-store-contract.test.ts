import { webhookStoreContract } from '../../support/contracts/webhook-store.ts';
import { fakeCommitter } from '../support/unit-of-work.ts';
import { MemoryWebhooks } from './fakes.ts';

const webhooks = new MemoryWebhooks();
webhookStoreContract('in memory', () => ({ webhooks, committer: fakeCommitter }));
