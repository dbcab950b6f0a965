import { redemptionStoreContract } from '../../support/contracts/redemption-store.ts';
import { MemoryTable } from './fakes.ts';

const table = new MemoryTable();
redemptionStoreContract('in memory', () => ({
  store: table.redemptions,
  commit: (writes) => table.commit(writes),
}));
