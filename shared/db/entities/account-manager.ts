import { config } from '../../config/env.ts';
import type { AccountManager } from '../../domain/accounts/model.ts';
import type { AccountManagerStore } from '../../domain/accounts/ports.ts';
import { ConflictError } from '../../domain/errors.ts';
import { queryGsi1Page } from '../paging.ts';
import type { DynamoWrite } from '../transaction.ts';
import { accountRecordKey } from './account.ts';

/**
 * An account manager: pk `ACCOUNT_ADMIN#<account_id>` (the account's administrative partition), sk
 * `MANAGER#<employee_id>`,
 * so one employee is assigned to one account at most once (a conditional put). Listing in the order of
 * assignment: gsi1pk `MANAGERS#<account_id>`, gsi1sk `MANAGER#<assigned_at>#<employee_id>`.
 */
const sortPrefix = 'MANAGER#';
export const accountManagerKeys = (accountId: string, employeeId: string) =>
  accountRecordKey(accountId, `${sortPrefix}${employeeId}`);
export const managerListPartitionPrefix = 'MANAGERS#';
const listPartition = (accountId: string) => `${managerListPartitionPrefix}${accountId}`;

export interface AccountManagerItem {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  type: 'AccountManager';
  account_id: string;
  employee_id: string;
  assigned_at: string;
  assigned_by: string;
}

export function accountManagerToItem(manager: AccountManager): AccountManagerItem {
  return {
    ...accountManagerKeys(manager.accountId, manager.employeeId),
    gsi1pk: listPartition(manager.accountId),
    gsi1sk: `${sortPrefix}${manager.assignedAt}#${manager.employeeId}`,
    type: 'AccountManager',
    account_id: manager.accountId,
    employee_id: manager.employeeId,
    assigned_at: manager.assignedAt,
    assigned_by: manager.assignedBy,
  };
}

export function accountManagerFromItem(item: Record<string, unknown>): AccountManager {
  return {
    accountId: String(item.account_id),
    employeeId: String(item.employee_id),
    assignedAt: String(item.assigned_at),
    assignedBy: String(item.assigned_by),
  };
}

export const accountManagerStore = {
  add(manager): DynamoWrite {
    return {
      description: `assign ${manager.employeeId} to account ${manager.accountId}`,
      item: {
        Put: {
          TableName: config().mainTableName,
          Item: accountManagerToItem(manager),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      onConditionFailed: () =>
        new ConflictError('AlreadyCompanyMember', `${manager.employeeId} manages this account already.`, {
          details: { employee_id: manager.employeeId },
        }),
    };
  },

  listOfAccount(accountId, page) {
    return queryGsi1Page(
      { ...page, gsi1pk: listPartition(accountId), skPrefix: sortPrefix },
      accountManagerFromItem,
    );
  },
} satisfies AccountManagerStore;
