import { esimStoreContract } from '../../support/contracts/esim-store.ts';
import { MemoryEsims } from './fakes.ts';

const store = new MemoryEsims();
esimStoreContract('in memory', () => store);
