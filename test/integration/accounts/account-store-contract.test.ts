import { beforeAll } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { accountStore } from '../../../shared/db/entities/account.ts';
import { endpoints } from '../../support/api.ts';
import { accountStoreContract } from '../../support/contracts/account-store.ts';

beforeAll(() => {
  // The store reads its table and endpoint from the environment: the run's DynamoDB Local.
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

accountStoreContract('DynamoDB', () => ({ store: accountStore, commit: stagedWriteCommitter.commit }));
