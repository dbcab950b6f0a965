import { type IssuedCode, isRole } from '../../domain/employees/model.ts';
import type { OneTimeCodeStore } from '../../domain/employees/ports.ts';
import type { DynamoWrite } from '../transaction.ts';
import { type EntityTableOptions, takeUnexpired } from './login-state.ts';

/**
 * A one-time login code: pk `LOGIN_CODE#<base64url sha256 of the code>`, sk `LOGIN_CODE`, in the
 * main table. Only the hash is stored, so a table read yields no usable code. Expiry as for login
 * states: `ttl` for DynamoDB, `expires_at` checked by the conditional delete that spends it.
 */
export const oneTimeCodePartitionPrefix = 'LOGIN_CODE#';
export const oneTimeCodeKeys = (codeHash: string) => ({
  pk: `${oneTimeCodePartitionPrefix}${codeHash}`,
  sk: 'LOGIN_CODE',
});

export interface OneTimeCodeItem {
  pk: string;
  sk: string;
  entity: 'LoginCode';
  employee_id: string;
  roles: string[];
  code_challenge: string;
  redirect_uri: string;
  expires_at: string;
  ttl: number;
}

export function oneTimeCodeToItem(code: IssuedCode): OneTimeCodeItem {
  return {
    ...oneTimeCodeKeys(code.codeHash),
    entity: 'LoginCode',
    employee_id: code.employeeId,
    roles: [...code.roles],
    code_challenge: code.codeChallenge,
    redirect_uri: code.redirectUri,
    expires_at: code.expiresAt,
    ttl: Math.ceil(Date.parse(code.expiresAt) / 1000),
  };
}

export function oneTimeCodeFromItem(item: Record<string, unknown>): IssuedCode {
  const stored = Array.isArray(item.roles) ? item.roles : [];
  return {
    codeHash: String(item.pk).slice(oneTimeCodePartitionPrefix.length),
    employeeId: String(item.employee_id),
    roles: stored.filter((role): role is string => typeof role === 'string').filter(isRole),
    codeChallenge: String(item.code_challenge),
    redirectUri: String(item.redirect_uri),
    expiresAt: String(item.expires_at),
  };
}

export function dynamoOneTimeCodeStore(options: EntityTableOptions): OneTimeCodeStore {
  return {
    save(code: IssuedCode): DynamoWrite {
      return {
        description: 'LoginCode create',
        item: {
          Put: {
            TableName: options.tableName,
            Item: oneTimeCodeToItem(code),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      };
    },
    async consume(codeHash: string, now: Date): Promise<IssuedCode | undefined> {
      const item = await takeUnexpired(options, oneTimeCodeKeys(codeHash), now);
      return item ? oneTimeCodeFromItem(item) : undefined;
    },
  };
}
