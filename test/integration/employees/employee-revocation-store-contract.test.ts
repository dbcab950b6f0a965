import { beforeAll } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { dynamoEmployeeRevocationStore } from '../../../shared/db/entities/employee-revocation.ts';
import { endpoints } from '../../support/api.ts';
import { employeeRevocationStoreContract } from '../../support/contracts/employee-revocation-store.ts';

beforeAll(() => {
  // The committer reads its endpoint from the environment: the run's DynamoDB Local.
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

employeeRevocationStoreContract('DynamoDB', () => ({
  store: dynamoEmployeeRevocationStore({ tableName: endpoints().tables.main }),
  commit: stagedWriteCommitter.commit,
}));
