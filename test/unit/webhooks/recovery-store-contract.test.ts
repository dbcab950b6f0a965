import { recoveryStoreContract } from '../../support/contracts/recovery-store.ts';
import { fakeCommitter } from '../support/unit-of-work.ts';
import { MemoryRecoveries } from './fakes.ts';

const recoveries = new MemoryRecoveries();
recoveryStoreContract('in memory', () => ({ recoveries, dispatch: recoveries, committer: fakeCommitter }));
