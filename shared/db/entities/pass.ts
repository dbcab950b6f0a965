import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import type { Booking, Pass, PassStatus, ServiceType } from '../../domain/booking/model.ts';
import type { PassChange } from '../../domain/booking/ports.ts';
import { type BookingAction, type PassAction, passConflict } from '../../domain/booking/state.ts';
import { ddb } from '../client.ts';
import type { DynamoWrite } from '../transaction.ts';

/**
 * Pass: pk `ACCOUNT#<account_id>`, sk `PASS#<booking_id>`: one pass per booking, read with the booking's
 * own key, in the account's partition (tenant isolation by key).
 */
export const passKeys = (accountId: string, bookingId: string) => ({
  pk: `ACCOUNT#${accountId}`,
  sk: `PASS#${bookingId}`,
});

export interface PassItem {
  pk: string;
  sk: string;
  entity: 'Pass';
  pass_id: string;
  booking_id: string;
  account_id: string;
  service_type: ServiceType;
  service_id: string;
  status: PassStatus;
  guests_count: number;
  used_guests_count: number | null;
  valid_from: string;
  valid_until: string;
  token: string;
  created_at: string;
  updated_at: string;
}

export function passToItem(pass: Pass): PassItem {
  return {
    ...passKeys(pass.accountId, pass.bookingId),
    entity: 'Pass',
    pass_id: pass.passId,
    booking_id: pass.bookingId,
    account_id: pass.accountId,
    service_type: pass.serviceType,
    service_id: pass.serviceId,
    status: pass.status,
    guests_count: pass.guestsCount,
    used_guests_count: pass.usedGuestsCount,
    valid_from: pass.validFrom,
    valid_until: pass.validUntil,
    token: pass.token,
    created_at: pass.createdAt,
    updated_at: pass.updatedAt,
  };
}

export function passFromItem(item: Record<string, unknown>): Pass {
  const stored = item as unknown as PassItem;
  return {
    passId: stored.pass_id,
    bookingId: stored.booking_id,
    accountId: stored.account_id,
    serviceType: stored.service_type,
    serviceId: stored.service_id,
    status: stored.status,
    guestsCount: stored.guests_count,
    usedGuestsCount: stored.used_guests_count ?? null,
    validFrom: stored.valid_from,
    validUntil: stored.valid_until,
    token: stored.token,
    createdAt: stored.created_at,
    updatedAt: stored.updated_at,
  };
}

export async function findPass(accountId: string, bookingId: string): Promise<Pass | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: config().mainTableName,
      Key: passKeys(accountId, bookingId),
      ConsistentRead: true,
    }),
  );
  return Item ? passFromItem(Item) : undefined;
}

/**
 * A new pass (never overwriting one), or a status change conditional on the status the change was
 * decided on: a pass used meanwhile makes a cancel fail, a pass canceled meanwhile makes a use fail.
 */
export function passWrite(
  change: PassChange,
  booking: Booking,
  action: BookingAction | PassAction,
  now: Date,
): DynamoWrite {
  const onConditionFailed = (oldItem: Record<string, unknown> | undefined) =>
    passConflict(action, booking, oldItem ? passFromItem(oldItem) : undefined);
  if (change.kind === 'create') {
    return {
      description: `create pass ${change.pass.passId} of booking ${booking.bookingId}`,
      item: {
        Put: {
          TableName: config().mainTableName,
          Item: passToItem(change.pass),
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed,
    };
  }
  const used = change.usedGuestsCount === undefined ? '' : ', used_guests_count = :used';
  return {
    description: `pass ${change.passId} ${change.from} -> ${change.to}`,
    item: {
      Update: {
        TableName: config().mainTableName,
        Key: passKeys(booking.accountId, booking.bookingId),
        UpdateExpression: `SET #status = :to, updated_at = :now${used}`,
        ConditionExpression: '#status = :from AND pass_id = :passId',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':to': change.to,
          ':from': change.from,
          ':passId': change.passId,
          ':now': now.toISOString(),
          ...(change.usedGuestsCount === undefined ? {} : { ':used': change.usedGuestsCount }),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed,
  };
}
