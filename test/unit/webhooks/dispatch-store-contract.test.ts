import { dispatchStoreContract } from '../../support/contracts/dispatch-store.ts';
import { fakeCommitter } from '../support/unit-of-work.ts';
import { dispatchStoreOf, MemoryDeliveries, MemoryWebhooks } from './fakes.ts';

const webhooks = new MemoryWebhooks();
const dispatch = dispatchStoreOf(webhooks, new MemoryDeliveries());
dispatchStoreContract('in memory', () => ({ dispatch, webhooks, committer: fakeCommitter }));
