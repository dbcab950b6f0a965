import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { catalogVersions } from '../../../shared/db/entities/catalog.ts';
import { catalogVersionsContract } from '../../support/contracts/catalog-versions.ts';
import { onOwnMainTable } from '../../support/contracts/own-table.ts';

// The pointer is one item per table: a table of its own for every case.
catalogVersionsContract('DynamoDB', async () => {
  await onOwnMainTable('catalog-versions-contract');
  return { versions: catalogVersions, committer: stagedWriteCommitter };
});
