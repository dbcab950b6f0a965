import { beforeAll } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { resellers } from '../../../shared/db/entities/esim-pool.ts';
import { endpoints } from '../../support/api.ts';
import { resellersContract } from '../../support/contracts/resellers.ts';

beforeAll(() => {
  // The stores read their table and endpoint from the environment: the run's DynamoDB Local.
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

resellersContract('DynamoDB', () => ({ store: resellers, commit: stagedWriteCommitter.commit }));
