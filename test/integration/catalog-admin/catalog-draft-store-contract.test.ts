import { beforeAll } from 'vitest';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { dynamoCatalogDraftStore } from '../../../shared/db/entities/catalog-draft.ts';
import { catalogDraftStoreContract } from '../../support/contracts/catalog-draft-store.ts';
import { onOwnMainTable } from '../../support/contracts/own-table.ts';

beforeAll(() => onOwnMainTable('catalog-draft-store-contract'));

catalogDraftStoreContract('DynamoDB', () => ({
  drafts: dynamoCatalogDraftStore,
  committer: stagedWriteCommitter,
}));
