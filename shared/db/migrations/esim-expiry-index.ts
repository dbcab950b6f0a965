import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { paginateQuery, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import { ddb } from '../client.ts';
import { esimKeys, esimToItem, expiryPartition, findEsim } from '../entities/esim.ts';

/**
 * One-off, at the deploy that introduced expiry notices (docs/esim.md, Expiry notices): eSIMs written
 * before it are indexed at their `expires_at`, so the sweep would reach them only at their expiry and
 * send no notice. Pages the expiry index (a Query: every eSIM still running is in it), reads each eSIM
 * and moves its entry to the next due time the service computes now. Conditional on the version and
 * entry read, so an eSIM changed meanwhile (whose change indexed it anew) is left alone; running it
 * twice changes nothing.
 */
export async function reindexEsimExpiry(): Promise<{ esims: number; moved: number }> {
  let esims = 0;
  let moved = 0;
  const pages = paginateQuery(
    { client: ddb() },
    {
      TableName: config().mainTableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': expiryPartition },
      ProjectionExpression: 'pk, sk, gsi1sk',
    },
  );
  for await (const page of pages) {
    for (const entry of page.Items ?? []) {
      const [, accountId = '', iccid = ''] = String(entry.gsi1sk).split('#');
      const esim = await findEsim(accountId, iccid);
      if (!esim) continue;
      esims++;
      const indexed = esimToItem(esim).gsi1sk;
      if (indexed === undefined || indexed === entry.gsi1sk) continue;
      try {
        await ddb().send(
          new UpdateCommand({
            TableName: config().mainTableName,
            Key: esimKeys(accountId, iccid),
            UpdateExpression: 'SET gsi1sk = :indexed',
            // The entry as read, too: anything that moved it meanwhile knew better.
            ConditionExpression: '#version = :read AND gsi1sk = :entry',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':indexed': indexed, ':read': esim.version, ':entry': entry.gsi1sk },
          }),
        );
        moved++;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
  }
  return { esims, moved };
}
