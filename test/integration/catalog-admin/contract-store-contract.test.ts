import { beforeAll } from 'vitest';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { dynamoContractStore } from '../../../shared/db/entities/catalog-contract.ts';
import { contractStoreContract } from '../../support/contracts/contract-store.ts';
import { onOwnMainTable } from '../../support/contracts/own-table.ts';

beforeAll(() => onOwnMainTable('contract-store-contract'));

contractStoreContract('DynamoDB', () => ({
  contracts: dynamoContractStore,
  committer: stagedWriteCommitter,
}));
