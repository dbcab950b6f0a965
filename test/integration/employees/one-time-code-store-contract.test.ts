import { beforeAll } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { dynamoOneTimeCodeStore } from '../../../shared/db/entities/one-time-code.ts';
import { endpoints } from '../../support/api.ts';
import { oneTimeCodeStoreContract } from '../../support/contracts/one-time-code-store.ts';

beforeAll(() => {
  // The committer reads its endpoint from the environment: the run's DynamoDB Local.
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

oneTimeCodeStoreContract('DynamoDB', () => ({
  store: dynamoOneTimeCodeStore({ tableName: endpoints().tables.main }),
  commit: stagedWriteCommitter.commit,
}));
