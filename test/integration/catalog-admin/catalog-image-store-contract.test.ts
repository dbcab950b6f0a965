import { beforeAll } from 'vitest';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { dynamoCatalogImageStore } from '../../../shared/db/entities/catalog-image.ts';
import { catalogImageStoreContract } from '../../support/contracts/catalog-image-store.ts';
import { onOwnMainTable } from '../../support/contracts/own-table.ts';

beforeAll(() => onOwnMainTable('catalog-image-store-contract'));

catalogImageStoreContract('DynamoDB', () => ({
  images: dynamoCatalogImageStore,
  committer: stagedWriteCommitter,
}));
