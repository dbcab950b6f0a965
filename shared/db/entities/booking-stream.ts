import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { Booking } from '../../domain/booking/model.ts';
import { bookingFromItem, changeOfItem } from './booking.ts';

/** A booking's stream record, decoded: the item is its own outbox (docs/booking.md, Events). */
export interface BookingStreamRecord {
  before: Booking | null;
  after: Booking;
  /** The change the new image records, unless the old image recorded it already. */
  newChange: { id: string; at: string } | undefined;
  /** The booking was created by this write. */
  inserted: boolean;
}

const itemOf = (image: Record<string, unknown> | undefined) =>
  image ? unmarshall(image as Record<string, AttributeValue>) : undefined;

/** Undefined for a record that does not leave a booking behind (another entity, a removal). */
export function bookingStreamRecordOf(record: DynamoDBRecord): BookingStreamRecord | undefined {
  const after = itemOf(record.dynamodb?.NewImage);
  if (after?.entity !== 'Booking') return undefined;
  const before = itemOf(record.dynamodb?.OldImage);
  const change = changeOfItem(after);
  const isNew = change !== undefined && change.id !== (before ? changeOfItem(before)?.id : undefined);
  return {
    before: before ? bookingFromItem(before) : null,
    after: bookingFromItem(after),
    newChange: isNew ? change : undefined,
    inserted: record.eventName === 'INSERT',
  };
}
