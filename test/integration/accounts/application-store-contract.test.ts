import { beforeAll } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { applicationStore } from '../../../shared/db/entities/application.ts';
import { endpoints } from '../../support/api.ts';
import { applicationStoreContract } from '../../support/contracts/application-store.ts';

beforeAll(() => {
  // The store reads its table and endpoint from the environment: the run's DynamoDB Local.
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

applicationStoreContract('DynamoDB', () => ({
  store: applicationStore,
  commit: stagedWriteCommitter.commit,
}));
