import { beforeAll } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { redemptionStore } from '../../../shared/db/entities/redemption.ts';
import { endpoints } from '../../support/api.ts';
import { redemptionStoreContract } from '../../support/contracts/redemption-store.ts';

beforeAll(() => {
  // The store reads its table and endpoint from the environment: the run's DynamoDB Local.
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

redemptionStoreContract('DynamoDB', () => ({ store: redemptionStore, commit: stagedWriteCommitter.commit }));
