import { PutCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import { ddb } from '../client.ts';
import { passRefItem } from '../entities/booking.ts';

/**
 * One-off, at the deploy that introduced redemptions (docs/redemptions.md, Storage): passes issued
 * before it have no `PASS#<pass_id>` reference, so a venue could not find their booking from the QR.
 * Scans the main table once for bookings with a pass and writes each reference (a Put of the same
 * content: running it twice, or beside issues that write their own, changes nothing). Passes live 30
 * days, so after that none is left to backfill; the only Scan in the service, and never on a request.
 */
export async function backfillPassReferences(): Promise<{ bookings: number; written: number }> {
  let bookings = 0;
  let written = 0;
  const pages = paginateScan(
    { client: ddb() },
    {
      TableName: config().mainTableName,
      FilterExpression: 'entity = :booking AND attribute_exists(pass)',
      ProjectionExpression: 'booking_id, account_id, pass.pass_id',
      ExpressionAttributeValues: { ':booking': 'Booking' },
    },
  );
  for await (const page of pages) {
    const found = (page.Items ?? []) as {
      booking_id: string;
      account_id: string;
      pass: { pass_id: string };
    }[];
    bookings += found.length;
    await Promise.all(
      found.map((booking) =>
        ddb().send(
          new PutCommand({
            TableName: config().mainTableName,
            Item: passRefItem({
              passId: booking.pass.pass_id,
              bookingId: booking.booking_id,
              accountId: booking.account_id,
            }),
          }),
        ),
      ),
    );
    written += found.length;
  }
  return { bookings, written };
}
