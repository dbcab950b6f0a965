import { applicationStoreContract } from '../../support/contracts/application-store.ts';
import { commitFakeWrites } from '../support/commit.ts';
import { MemoryApplications } from './fakes.ts';

const store = new MemoryApplications();
applicationStoreContract('in memory', () => ({ store, commit: commitFakeWrites }));
