import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../../shared/config/env.ts';
import { ddb } from '../../../shared/db/client.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { webhookStore, webhookToItem } from '../../../shared/db/entities/webhook.ts';
import { onOwnMainTable } from '../../support/contracts/own-table.ts';
import { webhookStoreContract } from '../../support/contracts/webhook-store.ts';
import { aWebhook } from '../../unit/webhooks/fakes.ts';

beforeAll(() => onOwnMainTable('webhook-store-contract'));

webhookStoreContract('DynamoDB', () => ({ webhooks: webhookStore, committer: stagedWriteCommitter }));

describe('the DynamoDB webhook store', () => {
  it('reads an item written before key formats as utf8, and rotates it keeping the old secret utf8', async () => {
    const webhook = aWebhook({
      accountId: randomUUID(),
      webhookId: randomUUID(),
      sealedSecret: 'sealed-old',
    });
    const { key_format: _format, previous_key_format: _previous, ...olderItem } = webhookToItem(webhook);
    await ddb().send(new PutCommand({ TableName: config().mainTableName, Item: olderItem }));

    const read = await webhookStore.findOfAccount(webhook.accountId);
    await stagedWriteCommitter.commit([
      webhookStore.rotateSecret(
        webhook,
        { sealedSecret: 'sealed-generated', keyFormat: 'standard', publicKey: null },
        '2030-06-02T12:00:00.000Z',
        '2030-06-01T12:00:00.000Z',
      ),
    ]);

    expect(read).toMatchObject({ keyFormat: 'utf8', previousKeyFormat: null });
    expect(await webhookStore.findOfAccount(webhook.accountId)).toMatchObject({
      sealedSecret: 'sealed-generated',
      keyFormat: 'standard',
      sealedPreviousSecret: 'sealed-old',
      previousKeyFormat: 'utf8',
    });
  });
});
