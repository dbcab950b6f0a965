import { deliveryStoreContract } from '../../support/contracts/delivery-store.ts';
import { fakeCommitter } from '../support/unit-of-work.ts';
import { dispatchStoreOf, MemoryDeliveries, MemoryWebhooks } from './fakes.ts';

const deliveries = new MemoryDeliveries();
const dispatch = dispatchStoreOf(new MemoryWebhooks(), deliveries);
deliveryStoreContract('in memory', () => ({ deliveries, dispatch, committer: fakeCommitter }));
