import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import type { ServiceType } from '../../domain/booking/model.ts';
import type { PageRequest } from '../../domain/ports.ts';
import type { Redemption, RedemptionStatus } from '../../domain/redemptions/model.ts';
import type { RedemptionStore, VenueRedemptionsQuery } from '../../domain/redemptions/ports.ts';
import { ddb } from '../client.ts';
import { decodeCursor, decodeIndexCursor, encodeCursor, indexCursor } from '../paging.ts';
import type { DynamoWrite } from '../transaction.ts';

/**
 * A redemption: pk `REDEMPTION#<pass_id>`, sk `REDEMPTION`, so a pass has at most one (a conditional
 * put, in the transaction that marks the pass used). A venue's redemptions in the order recorded:
 * gsi1pk `VENUE_REDEMPTIONS#<venue_id>`, gsi1sk `REDEMPTION#<recorded_at>#<redemption_id>`. A Disputed
 * one is also listed, in the same transaction, under pk `REDEMPTIONS#Disputed`, sk
 * `REDEMPTION#<recorded_at>#<redemption_id>` (a copy: a redemption never changes), the employees'
 * queue; disputes are rare, so one partition takes them (docs/capacity.md).
 */
export const redemptionPartitionPrefix = 'REDEMPTION#';
export const redemptionListPartitionPrefix = 'REDEMPTIONS#';
export const venueRedemptionsPartitionPrefix = 'VENUE_REDEMPTIONS#';
export const redemptionKeys = (passId: string) => ({
  pk: `${redemptionPartitionPrefix}${passId}`,
  sk: 'REDEMPTION',
});
const sortPrefix = 'REDEMPTION#';
const venuePartition = (venueId: string) => `${venueRedemptionsPartitionPrefix}${venueId}`;
const statusPartition = (status: RedemptionStatus) => `${redemptionListPartitionPrefix}${status}`;
const sortKeyOf = (redemption: Redemption) =>
  `${sortPrefix}${redemption.recordedAt}#${redemption.redemptionId}`;

interface RedemptionFields {
  entity: 'Redemption' | 'RedemptionListing';
  redemption_id: string;
  pass_id: string;
  booking_id: string;
  account_id: string;
  service_type: ServiceType;
  item_id: string;
  venue_id: string;
  device_id: string | null;
  admitted_guests: number;
  scanned_at: string;
  recorded_at: string;
  status: RedemptionStatus;
}

export interface RedemptionItem extends RedemptionFields {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
}

function fieldsOf(redemption: Redemption, entity: RedemptionFields['entity']): RedemptionFields {
  return {
    entity,
    redemption_id: redemption.redemptionId,
    pass_id: redemption.passId,
    booking_id: redemption.bookingId,
    account_id: redemption.accountId,
    service_type: redemption.serviceType,
    item_id: redemption.itemId,
    venue_id: redemption.venueId,
    device_id: redemption.deviceId,
    admitted_guests: redemption.admittedGuests,
    scanned_at: redemption.scannedAt,
    recorded_at: redemption.recordedAt,
    status: redemption.status,
  };
}

export function redemptionToItem(redemption: Redemption): RedemptionItem {
  return {
    ...redemptionKeys(redemption.passId),
    gsi1pk: venuePartition(redemption.venueId),
    gsi1sk: sortKeyOf(redemption),
    ...fieldsOf(redemption, 'Redemption'),
  };
}

export function redemptionFromItem(item: Record<string, unknown>): Redemption {
  const stored = item as unknown as RedemptionFields;
  return {
    redemptionId: stored.redemption_id,
    passId: stored.pass_id,
    bookingId: stored.booking_id,
    accountId: stored.account_id,
    serviceType: stored.service_type,
    itemId: stored.item_id,
    venueId: stored.venue_id,
    deviceId: stored.device_id ?? null,
    admittedGuests: stored.admitted_guests,
    scannedAt: stored.scanned_at,
    recordedAt: stored.recorded_at,
    status: stored.status,
  };
}

const isStatusPosition = (position: Record<string, unknown>): position is { sk: string } =>
  Object.keys(position).length === 1 && /^REDEMPTION#[\w:.-]{1,40}#[0-9a-f-]{36}$/.test(String(position.sk));

export const redemptionStore = {
  create(redemption, taken): DynamoWrite[] {
    const table = config().mainTableName;
    const write: DynamoWrite = {
      description: `redemption of pass ${redemption.passId}: ${redemption.status}`,
      item: {
        Put: {
          TableName: table,
          Item: redemptionToItem(redemption),
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: (oldItem) => taken(oldItem ? redemptionFromItem(oldItem) : undefined),
    };
    if (redemption.status !== 'Disputed') return [write];
    const listing = {
      pk: statusPartition('Disputed'),
      sk: sortKeyOf(redemption),
      ...fieldsOf(redemption, 'RedemptionListing'),
    };
    return [
      write,
      {
        description: `listing of disputed redemption ${redemption.redemptionId}`,
        item: { Put: { TableName: table, Item: listing } },
      },
    ];
  },

  async findByPass(passId) {
    const { Item } = await ddb().send(
      new GetCommand({
        TableName: config().mainTableName,
        Key: redemptionKeys(passId),
        ConsistentRead: true,
      }),
    );
    return Item ? redemptionFromItem(Item) : undefined;
  },

  async listOfVenue(venueId: string, query: VenueRedemptionsQuery) {
    const gsi1pk = venuePartition(venueId);
    const start =
      query.cursor === undefined ? undefined : decodeIndexCursor(query.cursor, gsi1pk, sortPrefix);
    const result = await ddb().send(
      new QueryCommand({
        TableName: config().mainTableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :from',
        // Keys hold toISOString's form (milliseconds): `since` without them must compare alike.
        ExpressionAttributeValues: {
          ':pk': gsi1pk,
          ':from': `${sortPrefix}${query.since === undefined ? '' : new Date(query.since).toISOString()}`,
        },
        Limit: query.limit + 1,
        ...(start ? { ExclusiveStartKey: { ...start } } : {}),
      }),
    );
    const found = result.Items ?? [];
    const items = found.slice(0, query.limit);
    const last = items.at(-1);
    return {
      items: items.map(redemptionFromItem),
      nextCursor: found.length > query.limit && last ? indexCursor(last) : null,
    };
  },

  async listByStatus(status: Extract<RedemptionStatus, 'Disputed'>, page: PageRequest) {
    const pk = statusPartition(status);
    const start =
      page.cursor === undefined ? undefined : { pk, sk: decodeCursor(page.cursor, isStatusPosition).sk };
    const result = await ddb().send(
      new QueryCommand({
        TableName: config().mainTableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': sortPrefix },
        ScanIndexForward: false,
        Limit: page.limit + 1,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    const found = result.Items ?? [];
    const items = found.slice(0, page.limit);
    const last = items.at(-1);
    return {
      items: items.map(redemptionFromItem),
      nextCursor: found.length > page.limit && last ? encodeCursor({ sk: last.sk }) : null,
    };
  },
} satisfies RedemptionStore;
