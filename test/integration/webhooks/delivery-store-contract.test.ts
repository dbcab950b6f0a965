import { beforeAll } from 'vitest';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { deliveryStore, dispatchStore } from '../../../shared/db/entities/delivery.ts';
import { webhookStore } from '../../../shared/db/entities/webhook.ts';
import { deliveryStoreContract } from '../../support/contracts/delivery-store.ts';
import { onOwnMainTable } from '../../support/contracts/own-table.ts';

beforeAll(() => onOwnMainTable('delivery-store-contract'));

deliveryStoreContract('DynamoDB', () => ({
  deliveries: deliveryStore,
  dispatch: dispatchStore,
  webhooks: webhookStore,
  committer: stagedWriteCommitter,
}));
