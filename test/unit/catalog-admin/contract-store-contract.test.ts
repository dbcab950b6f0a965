import { contractStoreContract } from '../../support/contracts/contract-store.ts';
import { fakeCommitter } from '../support/unit-of-work.ts';
import { MemoryContracts } from './fakes.ts';

const contracts = new MemoryContracts();
contractStoreContract('in memory', () => ({ contracts, committer: fakeCommitter }));
