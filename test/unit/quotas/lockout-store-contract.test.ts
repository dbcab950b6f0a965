import { lockoutStoreContract } from '../../support/contracts/lockout-store.ts';
import { InMemoryLockoutStore } from '../../support/in-memory-lockout-store.ts';

const store = new InMemoryLockoutStore();
lockoutStoreContract('in memory', () => store);
