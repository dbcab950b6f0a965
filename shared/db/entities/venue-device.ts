import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import type { Device, DevicePublicJwk, DeviceStatus } from '../../domain/venues/model.ts';
import type { DeviceStore } from '../../domain/venues/ports.ts';
import { deviceDisabled, deviceNotFound } from '../../domain/venues/service.ts';
import { ddb } from '../client.ts';
import { queryGsi1Page } from '../paging.ts';
import type { DynamoWrite } from '../transaction.ts';

/**
 * A venue's device: pk `DEVICE#<id>`, sk `DEVICE`, so the token endpoint finds it with one GetItem on
 * the client_id alone. A venue's devices: gsi1pk `VENUE#<venue_id>`, gsi1sk `DEVICE#<created_at>#<id>`.
 */
export const devicePartitionPrefix = 'DEVICE#';
export const deviceKeys = (deviceId: string) => ({ pk: `${devicePartitionPrefix}${deviceId}`, sk: 'DEVICE' });
const venuePartition = (venueId: string) => `VENUE#${venueId}`;
const listPrefix = 'DEVICE#';

export interface DeviceItem {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  type: 'Device';
  device_id: string;
  venue_id: string;
  name: string;
  public_jwk: DevicePublicJwk;
  jwk_thumbprint: string;
  status: DeviceStatus;
  created_at: string;
  updated_at: string;
}

export function deviceToItem(device: Device): DeviceItem {
  return {
    ...deviceKeys(device.deviceId),
    gsi1pk: venuePartition(device.venueId),
    gsi1sk: `${listPrefix}${device.createdAt}#${device.deviceId}`,
    type: 'Device',
    device_id: device.deviceId,
    venue_id: device.venueId,
    name: device.name,
    public_jwk: device.publicJwk,
    jwk_thumbprint: device.jwkThumbprint,
    status: device.status,
    created_at: device.createdAt,
    updated_at: device.updatedAt,
  };
}

export function deviceFromItem(item: Record<string, unknown>): Device {
  const stored = item as unknown as DeviceItem;
  return {
    deviceId: stored.device_id,
    venueId: stored.venue_id,
    name: stored.name,
    publicJwk: stored.public_jwk,
    jwkThumbprint: stored.jwk_thumbprint,
    status: stored.status,
    createdAt: stored.created_at,
    updatedAt: stored.updated_at,
  };
}

export const deviceStore = {
  async find(deviceId) {
    const { Item } = await ddb().send(
      new GetCommand({ TableName: config().mainTableName, Key: deviceKeys(deviceId), ConsistentRead: true }),
    );
    return Item ? deviceFromItem(Item) : undefined;
  },

  listOfVenue(venueId, page) {
    return queryGsi1Page(
      { ...page, gsi1pk: venuePartition(venueId), skPrefix: listPrefix, newestFirst: true },
      deviceFromItem,
    );
  },

  create(device): DynamoWrite {
    return {
      description: `create device ${device.deviceId}`,
      item: {
        Put: {
          TableName: config().mainTableName,
          Item: deviceToItem(device),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    };
  },

  disable(device, at): DynamoWrite {
    return {
      description: `disable device ${device.deviceId}`,
      item: {
        Update: {
          TableName: config().mainTableName,
          Key: deviceKeys(device.deviceId),
          UpdateExpression: 'SET #status = :disabled, updated_at = :now',
          ConditionExpression: 'attribute_exists(pk) AND venue_id = :venue AND #status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':disabled': 'Disabled',
            ':active': 'Active',
            ':venue': device.venueId,
            ':now': at,
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: (oldItem) =>
        oldItem?.venue_id === device.venueId
          ? deviceDisabled(device.deviceId)
          : deviceNotFound(device.deviceId),
    };
  },
} satisfies DeviceStore;
