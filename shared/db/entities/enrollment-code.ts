import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import type { EnrollmentCode } from '../../domain/venues/model.ts';
import type { EnrollmentCodeStore } from '../../domain/venues/ports.ts';
import { enrollmentCodeInvalid } from '../../domain/venues/service.ts';
import { ddb } from '../client.ts';
import type { DynamoWrite } from '../transaction.ts';

/**
 * An enrollment code: pk `ENROLLMENT#<base64url sha256 of the code>`, sk `ENROLLMENT`. Spending it
 * sets `spent_at` and `device_id` (kept for the record until `ttl`), on the condition that it was
 * unspent and unexpired, so a code enrolls one device. `ttl` lets DynamoDB delete it a day after
 * expiry; readers never rely on that (expires_at is checked).
 */
export const enrollmentCodePartitionPrefix = 'ENROLLMENT#';
export const enrollmentCodeKeys = (codeHash: string) => ({
  pk: `${enrollmentCodePartitionPrefix}${codeHash}`,
  sk: 'ENROLLMENT',
});
const keptAfterExpiryMs = 24 * 60 * 60 * 1000;

export interface EnrollmentCodeItem {
  pk: string;
  sk: string;
  type: 'EnrollmentCode';
  venue_id: string;
  created_at: string;
  expires_at: string;
  spent_at?: string;
  device_id?: string;
  ttl: number;
}

export function enrollmentCodeToItem(code: EnrollmentCode): EnrollmentCodeItem {
  return {
    ...enrollmentCodeKeys(code.codeHash),
    type: 'EnrollmentCode',
    venue_id: code.venueId,
    created_at: code.createdAt,
    expires_at: code.expiresAt,
    ttl: Math.ceil((Date.parse(code.expiresAt) + keptAfterExpiryMs) / 1000),
  };
}

export function enrollmentCodeFromItem(item: Record<string, unknown>): EnrollmentCode {
  const stored = item as unknown as EnrollmentCodeItem;
  return {
    codeHash: stored.pk.slice(enrollmentCodePartitionPrefix.length),
    venueId: stored.venue_id,
    createdAt: stored.created_at,
    expiresAt: stored.expires_at,
  };
}

export const enrollmentCodeStore = {
  save(code): DynamoWrite {
    return {
      description: `create an enrollment code for venue ${code.venueId}`,
      item: {
        Put: {
          TableName: config().mainTableName,
          Item: enrollmentCodeToItem(code),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    };
  },

  async findUnspent(codeHash) {
    const { Item } = await ddb().send(
      new GetCommand({
        TableName: config().mainTableName,
        Key: enrollmentCodeKeys(codeHash),
        ConsistentRead: true,
      }),
    );
    return Item && Item.spent_at === undefined ? enrollmentCodeFromItem(Item) : undefined;
  },

  spend(codeHash, deviceId, now): DynamoWrite {
    return {
      description: 'spend an enrollment code',
      item: {
        Update: {
          TableName: config().mainTableName,
          Key: enrollmentCodeKeys(codeHash),
          UpdateExpression: 'SET spent_at = :now, device_id = :device',
          ConditionExpression:
            'attribute_exists(pk) AND attribute_not_exists(spent_at) AND expires_at > :now',
          ExpressionAttributeValues: { ':now': now.toISOString(), ':device': deviceId },
        },
      },
      onConditionFailed: enrollmentCodeInvalid,
    };
  },
} satisfies EnrollmentCodeStore;
