import { loginStateStoreContract } from '../../../support/contracts/login-state-store.ts';
import { MemoryLoginStates } from './fakes.ts';

const store = new MemoryLoginStates();
loginStateStoreContract('in memory', () => store);
