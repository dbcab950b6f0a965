import { beforeAll } from 'vitest';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { webhookStore } from '../../../shared/db/entities/webhook.ts';
import { onOwnMainTable } from '../../support/contracts/own-table.ts';
import { webhookStoreContract } from '../../support/contracts/webhook-store.ts';

beforeAll(() => onOwnMainTable('webhook-store-contract'));

webhookStoreContract('DynamoDB', () => ({ webhooks: webhookStore, committer: stagedWriteCommitter }));
