import { partnerCertificateStoreContract } from '../../support/contracts/partner-certificate-store.ts';
import { commitFakeWrites } from '../support/commit.ts';
import { MemoryPartnerCertificates } from './fakes.ts';

const store = new MemoryPartnerCertificates();
partnerCertificateStoreContract('in memory', () => ({ store, commit: commitFakeWrites }));
