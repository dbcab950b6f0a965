import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import type { AccountStatus, ApplicationRecord, ApplicationStatus } from '../../domain/accounts/model.ts';
import type { ApplicationStore } from '../../domain/accounts/ports.ts';
import { ServiceUnavailableError } from '../../domain/errors.ts';
import type { Scope } from '../../vocabulary/scopes.ts';
import { ddb } from '../client.ts';
import { queryGsi1Page } from '../paging.ts';
import type { DynamoWrite, TransactItem } from '../transaction.ts';
import { accountPartition } from './account.ts';

/**
 * Application: pk `APPLICATION#<client_id>`, sk `APPLICATION`, so the token endpoint finds it with one
 * GetItem on the client_id alone. An account's applications: gsi1pk `ACCOUNT#<account_id>`,
 * gsi1sk `APPLICATION#<created_at>#<client_id>`.
 */
export const applicationPartitionPrefix = 'APPLICATION#';
export const applicationKeys = (clientId: string) => ({
  pk: `${applicationPartitionPrefix}${clientId}`,
  sk: 'APPLICATION',
});
const listPrefix = 'APPLICATION#';

export interface ApplicationItem {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  type: 'Application';
  client_id: string;
  account_id: string;
  name: string;
  allowed_scopes: Scope[];
  status: ApplicationStatus;
  account_status: AccountStatus;
  secret_hash: string;
  secret_rotated_at: string | null;
  /** Absent on items written before token generations: generation 0. */
  token_generation?: number;
  created_at: string;
  updated_at: string;
}

export function applicationToItem(application: ApplicationRecord): ApplicationItem {
  return {
    ...applicationKeys(application.clientId),
    gsi1pk: accountPartition(application.accountId),
    gsi1sk: `${listPrefix}${application.createdAt}#${application.clientId}`,
    type: 'Application',
    client_id: application.clientId,
    account_id: application.accountId,
    name: application.name,
    allowed_scopes: application.allowedScopes,
    status: application.status,
    account_status: application.accountStatus,
    secret_hash: application.secretHash,
    secret_rotated_at: application.secretRotatedAt,
    token_generation: application.tokenGeneration,
    created_at: application.createdAt,
    updated_at: application.updatedAt,
  };
}

export function applicationFromItem(item: Record<string, unknown>): ApplicationRecord {
  const stored = item as unknown as ApplicationItem;
  return {
    clientId: stored.client_id,
    accountId: stored.account_id,
    name: stored.name,
    allowedScopes: stored.allowed_scopes,
    status: stored.status,
    accountStatus: stored.account_status,
    secretHash: stored.secret_hash,
    secretRotatedAt: stored.secret_rotated_at ?? null,
    tokenGeneration: stored.token_generation ?? 0,
    createdAt: stored.created_at,
    updatedAt: stored.updated_at,
  };
}

const changedConcurrently = () =>
  new ServiceUnavailableError('The application changed while this request ran; retry the request.', {
    retryAfter: 1,
  });

function applicationUpdate(
  description: string,
  clientId: string,
  update: Omit<NonNullable<TransactItem['Update']>, 'TableName' | 'Key'>,
): DynamoWrite {
  return {
    description,
    item: { Update: { TableName: config().mainTableName, Key: applicationKeys(clientId), ...update } },
    onConditionFailed: changedConcurrently,
  };
}

/** Strongly consistent: a disable or a secret rotation holds from the very next token request. */
export async function findApplication(clientId: string): Promise<ApplicationRecord | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: config().mainTableName,
      Key: applicationKeys(clientId),
      ConsistentRead: true,
    }),
  );
  return Item ? applicationFromItem(Item) : undefined;
}

export const applicationStore = {
  find: findApplication,

  listOfAccount(accountId, page) {
    const list = { gsi1pk: accountPartition(accountId), skPrefix: listPrefix, newestFirst: true };
    return queryGsi1Page({ ...page, ...list }, applicationFromItem);
  },

  create(application): DynamoWrite {
    return {
      description: `create application ${application.clientId}`,
      item: {
        Put: {
          TableName: config().mainTableName,
          Item: applicationToItem(application),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    };
  },

  disable(application, at): DynamoWrite {
    return applicationUpdate(`disable application ${application.clientId}`, application.clientId, {
      UpdateExpression: 'SET #status = :disabled, updated_at = :now ADD token_generation :one',
      ConditionExpression: 'attribute_exists(pk) AND account_id = :account',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':disabled': 'Disabled',
        ':now': at,
        ':account': application.accountId,
        ':one': 1,
      },
    });
  },

  enable(application, at): DynamoWrite {
    return applicationUpdate(`enable application ${application.clientId}`, application.clientId, {
      UpdateExpression: 'SET #status = :active, updated_at = :now',
      ConditionExpression: 'attribute_exists(pk) AND account_id = :account AND #status = :disabled',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':active': 'Active',
        ':disabled': 'Disabled',
        ':now': at,
        ':account': application.accountId,
      },
    });
  },

  replaceSecret(application, secretHash, at): DynamoWrite {
    return applicationUpdate(
      `rotate the secret of application ${application.clientId}`,
      application.clientId,
      {
        UpdateExpression:
          'SET secret_hash = :hash, secret_rotated_at = :now, updated_at = :now ADD token_generation :one',
        ConditionExpression: 'attribute_exists(pk) AND secret_hash = :previous',
        ExpressionAttributeValues: {
          ':hash': secretHash,
          ':now': at,
          ':previous': application.secretHash,
          ':one': 1,
        },
      },
    );
  },

  copyAccountStatus(clientId, status): DynamoWrite {
    return applicationUpdate(`copy account status to application ${clientId}`, clientId, {
      ...(status === 'Disabled'
        ? {
            UpdateExpression: 'SET account_status = :status ADD token_generation :one',
            ExpressionAttributeValues: { ':status': status, ':one': 1 },
          }
        : {
            UpdateExpression: 'SET account_status = :status',
            ExpressionAttributeValues: { ':status': status },
          }),
      ConditionExpression: 'attribute_exists(pk)',
    });
  },
} satisfies ApplicationStore;
