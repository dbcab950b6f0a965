import { beforeAll } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { esimStore } from '../../../shared/db/entities/esim.ts';
import { esimOrderStore } from '../../../shared/db/entities/esim-order.ts';
import { iccidPool } from '../../../shared/db/entities/esim-pool.ts';
import { endpoints } from '../../support/api.ts';
import { iccidPoolContract } from '../../support/contracts/iccid-pool.ts';

beforeAll(() => {
  // The stores read their table and endpoint from the environment: the run's DynamoDB Local.
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

iccidPoolContract('DynamoDB', () => ({
  pool: iccidPool,
  orders: { store: esimOrderStore, commit: stagedWriteCommitter.commit },
  esims: esimStore,
}));
