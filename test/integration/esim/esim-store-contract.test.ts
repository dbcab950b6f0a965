import { beforeAll } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { esimStore } from '../../../shared/db/entities/esim.ts';
import { endpoints } from '../../support/api.ts';
import { esimStoreContract } from '../../support/contracts/esim-store.ts';

beforeAll(() => {
  // The stores read their table and endpoint from the environment: the run's DynamoDB Local.
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

esimStoreContract('DynamoDB', () => esimStore);
