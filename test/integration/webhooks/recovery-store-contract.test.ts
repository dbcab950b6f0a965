import { beforeAll } from 'vitest';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { dispatchStore } from '../../../shared/db/entities/delivery.ts';
import { recoveryStore } from '../../../shared/db/entities/webhook-recovery.ts';
import { onOwnMainTable } from '../../support/contracts/own-table.ts';
import { recoveryStoreContract } from '../../support/contracts/recovery-store.ts';

// Its own table: the stage's webhook pipe would carry the recovery jobs to the stage's dispatcher.
beforeAll(() => onOwnMainTable('recovery-store-contract'));

recoveryStoreContract('DynamoDB', () => ({
  recoveries: recoveryStore,
  dispatch: dispatchStore,
  committer: stagedWriteCommitter,
}));
