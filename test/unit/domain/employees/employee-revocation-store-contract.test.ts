import { employeeRevocationStoreContract } from '../../../support/contracts/employee-revocation-store.ts';
import { commitFakeWrites } from '../../support/commit.ts';
import { MemoryRevocations } from './memory-revocations.ts';

const store = new MemoryRevocations();
employeeRevocationStoreContract('in memory', () => ({ store, commit: commitFakeWrites }));
