import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PendingLogin } from '../../domain/employees/model.ts';
import type { LoginStateStore } from '../../domain/employees/ports.ts';
import { ddb } from '../client.ts';

/**
 * A started employee login: pk `LOGIN_STATE#<state_id>`, sk `LOGIN_STATE`, in the main table. It
 * holds the identity provider's PKCE verifier and nonce, which must not travel through the browser.
 * `ttl` (epoch seconds) lets DynamoDB delete it after expiry; deletion may lag by hours (and never
 * happens on DynamoDB Local), so `consume` also refuses an expired item by its `expires_at`.
 */
export const loginStatePartitionPrefix = 'LOGIN_STATE#';
export const loginStateKeys = (stateId: string) => ({
  pk: `${loginStatePartitionPrefix}${stateId}`,
  sk: 'LOGIN_STATE',
});

export interface LoginStateItem {
  pk: string;
  sk: string;
  entity: 'LoginState';
  state_id: string;
  code_verifier: string;
  nonce: string;
  expires_at: string;
  ttl: number;
}

export function loginStateToItem(login: PendingLogin): LoginStateItem {
  return {
    ...loginStateKeys(login.stateId),
    entity: 'LoginState',
    state_id: login.stateId,
    code_verifier: login.codeVerifier,
    nonce: login.nonce,
    expires_at: login.expiresAt,
    ttl: Math.ceil(Date.parse(login.expiresAt) / 1000),
  };
}

export function loginStateFromItem(item: Record<string, unknown>): PendingLogin {
  return {
    stateId: String(item.state_id),
    codeVerifier: String(item.code_verifier),
    nonce: String(item.nonce),
    expiresAt: String(item.expires_at),
  };
}

export interface EntityTableOptions {
  tableName: string;
  /** The document client; the container's shared one unless a test brings its own. */
  client?: () => DynamoDBDocumentClient;
}

/**
 * Takes one item out of the table if it has not expired, returning what it held: a conditional
 * DeleteItem with ALL_OLD, so of two concurrent takers exactly one gets the item.
 */
export async function takeUnexpired(
  options: EntityTableOptions,
  key: Record<string, string>,
  now: Date,
): Promise<Record<string, unknown> | undefined> {
  try {
    const result = await (options.client ?? ddb)().send(
      new DeleteCommand({
        TableName: options.tableName,
        Key: key,
        ConditionExpression: 'attribute_exists(pk) AND expires_at > :now',
        ExpressionAttributeValues: { ':now': now.toISOString() },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return result.Attributes;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

export function dynamoLoginStateStore(options: EntityTableOptions): LoginStateStore {
  return {
    async save(login: PendingLogin): Promise<void> {
      await (options.client ?? ddb)().send(
        new PutCommand({
          TableName: options.tableName,
          Item: loginStateToItem(login),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },
    async consume(stateId: string, now: Date): Promise<PendingLogin | undefined> {
      const item = await takeUnexpired(options, loginStateKeys(stateId), now);
      return item ? loginStateFromItem(item) : undefined;
    },
  };
}
