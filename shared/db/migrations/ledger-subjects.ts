import { paginateScan, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import { ddb } from '../client.ts';
import { ledgerSubjectAttributes } from '../entities/ledger.ts';

/**
 * One-off, at the deploy that gave the support tools a booking's and an eSIM's ledger lines
 * (docs/support.md): lines written before it lack the gsi1 keys, so a booking's detail would not show
 * them. Scans the main table once for lines about a booking or an eSIM without `gsi1pk` and sets the
 * keys the line's own fields give (the same values on every run: safe to repeat). Lines are never
 * updated otherwise, so this publishes nothing. Never on a request.
 */
export async function backfillLedgerSubjects(): Promise<{ lines: number; written: number }> {
  let lines = 0;
  let written = 0;
  const pages = paginateScan(
    { client: ddb() },
    {
      TableName: config().mainTableName,
      FilterExpression:
        'entity = :line AND attribute_not_exists(gsi1pk) AND (attribute_exists(booking_id) OR attribute_exists(iccid))',
      ProjectionExpression: 'pk, sk, account_id, line_id, booking_id, iccid',
      ExpressionAttributeValues: { ':line': 'LedgerLine' },
    },
  );
  for await (const page of pages) {
    const found = (page.Items ?? []) as {
      pk: string;
      sk: string;
      account_id: string;
      line_id: string;
      booking_id?: string;
      iccid?: string;
    }[];
    lines += found.length;
    await Promise.all(
      found.map(async (item) => {
        const keys = ledgerSubjectAttributes({
          accountId: item.account_id,
          lineId: item.line_id,
          bookingId: item.booking_id,
          iccid: item.iccid,
        });
        if (!keys) return;
        await ddb().send(
          new UpdateCommand({
            TableName: config().mainTableName,
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':pk': keys.gsi1pk, ':sk': keys.gsi1sk },
          }),
        );
        written += 1;
      }),
    );
  }
  return { lines, written };
}
