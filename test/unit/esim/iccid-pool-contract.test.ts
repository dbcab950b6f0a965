import { iccidPoolContract } from '../../support/contracts/iccid-pool.ts';
import { MemoryEsims, MemoryOrders, MemoryPool } from './fakes.ts';

const orders = new MemoryOrders();
const esims = new MemoryEsims();
const pool = new MemoryPool(orders, esims);
iccidPoolContract('in memory', () => ({
  pool,
  orders: { store: orders, commit: async (writes) => orders.apply(writes) },
  esims,
}));
