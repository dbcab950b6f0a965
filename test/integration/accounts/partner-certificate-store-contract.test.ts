import { beforeAll } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import {
  certificateExpiryIndex,
  partnerCertificateStore,
} from '../../../shared/db/entities/partner-certificate.ts';
import { endpoints } from '../../support/api.ts';
import { partnerCertificateStoreContract } from '../../support/contracts/partner-certificate-store.ts';

beforeAll(() => {
  // The store reads its table and endpoint from the environment: the run's DynamoDB Local.
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

partnerCertificateStoreContract('DynamoDB', () => ({
  store: { ...partnerCertificateStore, ...certificateExpiryIndex },
  commit: stagedWriteCommitter.commit,
}));
