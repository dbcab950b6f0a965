import { accountStoreContract } from '../../support/contracts/account-store.ts';
import { commitFakeWrites } from '../support/commit.ts';
import { MemoryAccounts } from './fakes.ts';

const store = new MemoryAccounts();
accountStoreContract('in memory', () => ({ store, commit: commitFakeWrites }));
