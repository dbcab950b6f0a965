import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { paginateQuery, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import { ddb } from '../client.ts';
import {
  holdPartitionPrefix,
  noShowPartitionPrefix,
  processingPartitionPrefix,
  sweepShards,
} from '../entities/booking.ts';

/**
 * One-off, after the deploy that moved the booking sweeps to the keys-only `sweeps` index
 * (docs/deploy.md): bookings written before it carry their sweep keys as gsi1pk/gsi1sk, where each
 * write copies the whole booking. Queries gsi1 for every shard of the three sweeps and moves each
 * entry's keys to sweep_pk/sweep_sk, on the condition the booking still carries the entry read (a
 * booking changed meanwhile was written with the new keys). Moves no change_id, so it publishes no
 * event; running it twice finds nothing left to move.
 */
export async function moveBookingSweeps(): Promise<{ moved: number }> {
  let moved = 0;
  for (const prefix of [holdPartitionPrefix, processingPartitionPrefix, noShowPartitionPrefix]) {
    for (let shard = 0; shard < sweepShards; shard++) {
      const pages = paginateQuery(
        { client: ddb() },
        {
          TableName: config().mainTableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': `${prefix}${shard}` },
          ProjectionExpression: 'pk, sk, gsi1pk, gsi1sk',
        },
      );
      for await (const page of pages) {
        for (const entry of page.Items ?? []) {
          try {
            await ddb().send(
              new UpdateCommand({
                TableName: config().mainTableName,
                Key: { pk: entry.pk, sk: entry.sk },
                UpdateExpression: 'SET sweep_pk = :pk, sweep_sk = :sk REMOVE gsi1pk, gsi1sk',
                ConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
                ExpressionAttributeValues: { ':pk': entry.gsi1pk, ':sk': entry.gsi1sk },
              }),
            );
            moved++;
          } catch (error) {
            if (!(error instanceof ConditionalCheckFailedException)) throw error;
          }
        }
      }
    }
  }
  return { moved };
}
