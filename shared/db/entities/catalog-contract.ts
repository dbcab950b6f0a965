import { config } from '../../config/env.ts';
import { type Contract, type ContractTerms, termsOf } from '../../domain/catalog/catalog-stored.ts';
import type { ContractStore } from '../../domain/catalog-admin/ports.ts';
import { contractExists } from '../../domain/catalog-admin/service.ts';
import { ConcurrentChangeError } from '../../domain/errors.ts';
import type { DynamoWrite } from '../transaction.ts';
import { getAccountRecord } from './account.ts';
import { type ContractItem, contractFromItem, contractKey } from './catalog.ts';

/**
 * Account contracts as catalog administration writes them: pk `ACCOUNT_ADMIN#<id>`, sk `CATALOG_CONTRACT`
 * (the item every catalog request reads with the pointer, shared/db/entities/catalog.ts).
 */
function contractItem(accountId: string, terms: ContractTerms, at: Date): ContractItem {
  return {
    ...contractKey(accountId),
    type: 'CatalogContract',
    ...termsOf(terms),
    updated_at: at.toISOString(),
  };
}

export const dynamoContractStore = {
  async find(accountId: string): Promise<Contract | undefined> {
    const item = await getAccountRecord(contractKey(accountId));
    return item ? await contractFromItem(item) : undefined;
  },

  create(accountId: string, terms: ContractTerms, at: Date): DynamoWrite {
    return {
      description: `CatalogContract ${accountId} created`,
      item: {
        Put: {
          TableName: config().mainTableName,
          Item: contractItem(accountId, terms, at),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      onConditionFailed: () => contractExists(accountId),
    };
  },

  replace(accountId: string, current: Contract, terms: ContractTerms, at: Date): DynamoWrite {
    return {
      description: `CatalogContract ${accountId} replaced`,
      item: {
        Put: {
          TableName: config().mainTableName,
          Item: contractItem(accountId, terms, at),
          ConditionExpression: 'updated_at = :read',
          ExpressionAttributeValues: { ':read': current.updatedAt },
        },
      },
      onConditionFailed: () => new ConcurrentChangeError('The contract was replaced meanwhile.'),
    };
  },
} satisfies ContractStore;
