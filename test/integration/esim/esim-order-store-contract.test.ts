import { beforeAll } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { esimOrderStore } from '../../../shared/db/entities/esim-order.ts';
import { endpoints } from '../../support/api.ts';
import { esimOrderStoreContract } from '../../support/contracts/esim-order-store.ts';

beforeAll(() => {
  // The stores read their table and endpoint from the environment: the run's DynamoDB Local.
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

esimOrderStoreContract('DynamoDB', () => ({ store: esimOrderStore, commit: stagedWriteCommitter.commit }));
