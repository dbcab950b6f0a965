import { paginateScan, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import { ddb } from '../client.ts';
import { bookingFromItem, bookingLookupAttributes } from '../entities/booking.ts';

/**
 * One-off, at the deploy that introduced the support tools (docs/support.md): bookings written before
 * it lack the lookup indexes' keys, so no search finds them. Scans the main table once for bookings
 * without `booking_ref` and sets the keys each booking's fields give (an update of the same values:
 * running it twice, or beside writes that set their own, changes nothing; it moves no `change_id`, so
 * it publishes no event). Never on a request.
 */
export async function backfillBookingLookups(): Promise<{ bookings: number; written: number }> {
  let bookings = 0;
  let written = 0;
  const pages = paginateScan(
    { client: ddb() },
    {
      TableName: config().mainTableName,
      FilterExpression: 'entity = :booking AND attribute_not_exists(booking_ref)',
      ExpressionAttributeValues: { ':booking': 'Booking' },
    },
  );
  for await (const page of pages) {
    const found = page.Items ?? [];
    bookings += found.length;
    await Promise.all(
      found.map((item) => {
        const attributes = Object.entries(bookingLookupAttributes(bookingFromItem(item)));
        return ddb().send(
          new UpdateCommand({
            TableName: config().mainTableName,
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: `SET ${attributes.map((_, index) => `#a${index} = :v${index}`).join(', ')}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: Object.fromEntries(
              attributes.map(([name], index) => [`#a${index}`, name]),
            ),
            ExpressionAttributeValues: Object.fromEntries(
              attributes.map(([, value], index) => [`:v${index}`, value]),
            ),
          }),
        );
      }),
    );
    written += found.length;
  }
  return { bookings, written };
}
