import { resellersContract } from '../../support/contracts/resellers.ts';
import { MemoryResellers } from './fakes.ts';

const store = new MemoryResellers();
resellersContract('in memory', () => ({ store, commit: async (writes) => store.apply(writes) }));
