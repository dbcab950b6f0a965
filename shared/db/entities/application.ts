import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Scope } from '../../auth/scopes.ts';
import { config } from '../../config/env.ts';
import type {
  AccountStatus,
  ApplicationRecord,
  ApplicationStatus,
  Page,
  PageRequest,
} from '../../domain/accounts/model.ts';
import { ServiceUnavailableError } from '../../domain/errors.ts';
import { ddb } from '../client.ts';
import { queryGsi1Page } from '../paging.ts';
import type { DynamoWrite } from '../transaction.ts';

/**
 * Application: pk `APPLICATION#<client_id>`, sk `APPLICATION`, so the token endpoint finds it with one
 * GetItem on the client_id alone. An account's applications: gsi1pk `ACCOUNT#<account_id>`,
 * gsi1sk `APPLICATION#<created_at>#<client_id>`.
 */
export const applicationKeys = (clientId: string) => ({ pk: `APPLICATION#${clientId}`, sk: 'APPLICATION' });
const accountPartition = (accountId: string) => `ACCOUNT#${accountId}`;
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
    createdAt: stored.created_at,
    updatedAt: stored.updated_at,
  };
}

/** Strongly consistent: a disable or a secret rotation takes effect on the very next token request. */
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

export async function listApplicationsOfAccount(
  accountId: string,
  page: PageRequest,
): Promise<Page<ApplicationRecord>> {
  const { items, nextCursor } = await queryGsi1Page({
    gsi1pk: accountPartition(accountId),
    skPrefix: listPrefix,
    limit: page.limit,
    cursor: page.cursor,
    newestFirst: true,
  });
  return { items: items.map(applicationFromItem), nextCursor };
}

export function putNewApplication(application: ApplicationRecord): DynamoWrite {
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
}

const changedConcurrently = () =>
  new ServiceUnavailableError('The application changed while this request ran; retry the request.', {
    retryAfter: 1,
  });

export function disableApplicationWrite(application: ApplicationRecord, now: string): DynamoWrite {
  return {
    description: `disable application ${application.clientId}`,
    item: {
      Update: {
        TableName: config().mainTableName,
        Key: applicationKeys(application.clientId),
        UpdateExpression: 'SET #status = :disabled, updated_at = :now',
        ConditionExpression: 'attribute_exists(pk) AND account_id = :account',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':disabled': 'Disabled',
          ':now': now,
          ':account': application.accountId,
        },
      },
    },
    onConditionFailed: changedConcurrently,
  };
}

/** Conditional on the hash it replaces: of two concurrent rotations only one secret is ever handed out. */
export function replaceSecretWrite(
  application: ApplicationRecord,
  secretHash: string,
  now: string,
): DynamoWrite {
  return {
    description: `rotate the secret of application ${application.clientId}`,
    item: {
      Update: {
        TableName: config().mainTableName,
        Key: applicationKeys(application.clientId),
        UpdateExpression: 'SET secret_hash = :hash, secret_rotated_at = :now, updated_at = :now',
        ConditionExpression: 'attribute_exists(pk) AND secret_hash = :previous',
        ExpressionAttributeValues: { ':hash': secretHash, ':now': now, ':previous': application.secretHash },
      },
    },
    onConditionFailed: changedConcurrently,
  };
}

/** Copies an account's new status onto one of its applications (read by the token endpoint). */
export function copyAccountStatusWrite(clientId: string, status: AccountStatus): DynamoWrite {
  return {
    description: `copy account status to application ${clientId}`,
    item: {
      Update: {
        TableName: config().mainTableName,
        Key: applicationKeys(clientId),
        UpdateExpression: 'SET account_status = :status',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':status': status },
      },
    },
    onConditionFailed: changedConcurrently,
  };
}
