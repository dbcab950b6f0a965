import { esimSettingsStoreContract } from '../../support/contracts/esim-settings-store.ts';
import { MemoryEsimSettings } from './fakes.ts';

const store = new MemoryEsimSettings();
esimSettingsStoreContract('in memory', () => ({ store, commit: async (writes) => store.apply(writes) }));
