import { beforeAll } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { DynamoLockoutStore } from '../../../shared/db/entities/client-lockout.ts';
import { endpoints } from '../../support/api.ts';
import { lockoutStoreContract } from '../../support/contracts/lockout-store.ts';

beforeAll(() => {
  // The store reads its table and endpoint from the environment: the run's DynamoDB Local.
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

const store = new DynamoLockoutStore();
lockoutStoreContract('DynamoDB', () => store);
