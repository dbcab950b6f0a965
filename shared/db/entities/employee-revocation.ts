import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { EmployeeRevocation } from '../../domain/employees/model.ts';
import type { EmployeeRevocationStore } from '../../domain/employees/ports.ts';
import { employeeInvalidState } from '../../domain/employees/revocation.ts';
import { ddb } from '../client.ts';
import type { DynamoWrite } from '../transaction.ts';
import type { EntityTableOptions } from './login-state.ts';

/**
 * An employee's revocation: pk `EMPLOYEE#<employee_id>`, sk `REVOCATION`, in the main table. One item
 * per employee, never deleted: a lift sets `status` to Reinstated and keeps `revoked_at`, which still
 * refuses the tokens issued before it.
 */
export const employeeRevocationPartitionPrefix = 'EMPLOYEE#';
export const employeeRevocationKeys = (employeeId: string) => ({
  pk: `${employeeRevocationPartitionPrefix}${employeeId}`,
  sk: 'REVOCATION',
});

export interface EmployeeRevocationItem {
  pk: string;
  sk: string;
  type: 'EmployeeRevocation';
  employee_id: string;
  status: EmployeeRevocation['status'];
  revoked_at: string;
  revoked_by: string;
  reason: string;
  reinstated_at: string | null;
  reinstated_by: string | null;
}

export function employeeRevocationToItem(revocation: EmployeeRevocation): EmployeeRevocationItem {
  return {
    ...employeeRevocationKeys(revocation.employeeId),
    type: 'EmployeeRevocation',
    employee_id: revocation.employeeId,
    status: revocation.status,
    revoked_at: revocation.revokedAt,
    revoked_by: revocation.revokedBy,
    reason: revocation.reason,
    reinstated_at: revocation.reinstatedAt,
    reinstated_by: revocation.reinstatedBy,
  };
}

const optional = (value: unknown) => (typeof value === 'string' ? value : null);

export function employeeRevocationFromItem(item: Record<string, unknown>): EmployeeRevocation {
  return {
    employeeId: String(item.employee_id),
    // Anything but a lift recorded as such refuses: a damaged item fails closed.
    status: item.status === 'Reinstated' ? 'Reinstated' : 'Revoked',
    revokedAt: String(item.revoked_at),
    revokedBy: String(item.revoked_by),
    reason: String(item.reason),
    reinstatedAt: optional(item.reinstated_at),
    reinstatedBy: optional(item.reinstated_by),
  };
}

export function dynamoEmployeeRevocationStore(options: EntityTableOptions): EmployeeRevocationStore {
  const client = options.client ?? ddb;
  return {
    async find(employeeId) {
      const { Item } = await client().send(
        new GetCommand({
          TableName: options.tableName,
          Key: employeeRevocationKeys(employeeId),
          ConsistentRead: true,
        }),
      );
      return Item ? employeeRevocationFromItem(Item) : undefined;
    },

    revoke(revocation): DynamoWrite {
      return {
        description: `revoke employee ${revocation.employeeId}`,
        item: {
          Put: {
            TableName: options.tableName,
            Item: employeeRevocationToItem(revocation),
            ConditionExpression: 'attribute_not_exists(pk) OR #status = :reinstated',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':reinstated': 'Reinstated' },
          },
        },
        onConditionFailed: () =>
          employeeInvalidState(revocation.employeeId, `${revocation.employeeId} is revoked already.`),
      };
    },

    reinstate(employeeId, by, at): DynamoWrite {
      return {
        description: `reinstate employee ${employeeId}`,
        item: {
          Update: {
            TableName: options.tableName,
            Key: employeeRevocationKeys(employeeId),
            UpdateExpression: 'SET #status = :reinstated, reinstated_at = :at, reinstated_by = :by',
            ConditionExpression: '#status = :revoked',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':reinstated': 'Reinstated',
              ':revoked': 'Revoked',
              ':at': at,
              ':by': by,
            },
          },
        },
        onConditionFailed: () => employeeInvalidState(employeeId, `${employeeId} is not revoked.`),
      };
    },
  };
}
