import { esimOrderStoreContract } from '../../support/contracts/esim-order-store.ts';
import { MemoryOrders } from './fakes.ts';

const store = new MemoryOrders();
esimOrderStoreContract('in memory', () => ({ store, commit: async (writes) => store.apply(writes) }));
