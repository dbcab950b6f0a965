import { beforeAll } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { esimSettingsStore } from '../../../shared/db/entities/esim-settings.ts';
import { endpoints } from '../../support/api.ts';
import { esimSettingsStoreContract } from '../../support/contracts/esim-settings-store.ts';

beforeAll(() => {
  // The stores read their table and endpoint from the environment: the run's DynamoDB Local.
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

esimSettingsStoreContract('DynamoDB', () => ({
  store: esimSettingsStore,
  commit: stagedWriteCommitter.commit,
}));
