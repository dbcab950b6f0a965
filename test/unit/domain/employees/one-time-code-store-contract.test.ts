import { oneTimeCodeStoreContract } from '../../../support/contracts/one-time-code-store.ts';
import { MemoryAudit, MemoryCodes, MemoryCommitter } from './fakes.ts';

const store = new MemoryCodes();
const committer = new MemoryCommitter(store, new MemoryAudit());
oneTimeCodeStoreContract('in memory', () => ({ store, commit: (writes) => committer.commit(writes) }));
