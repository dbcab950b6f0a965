import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import type { Account, AccountKind, AccountStatus } from '../../domain/accounts/model.ts';
import type { AccountStore } from '../../domain/accounts/ports.ts';
import { ConcurrentChangeError, ConflictError } from '../../domain/errors.ts';
import { isPlanName, type PlanName } from '../../domain/quotas/plans.ts';
import { quotaSettingsByStage } from '../../domain/quotas/settings.ts';
import { ddb } from '../client.ts';
import { queryGsi1Page } from '../paging.ts';
import type { DynamoWrite } from '../transaction.ts';

/**
 * Account: pk `ACCOUNT_ADMIN#<id>`, sk `ACCOUNT`. Listing all accounts: gsi1pk `ACCOUNTS`,
 * gsi1sk `ACCOUNT#<created_at>#<id>` (newest first). The account's applications share its id as
 * gsi1pk (shared/db/entities/application.ts).
 */
/** The partner's partition: the items of everything its calls change (bookings, eSIMs, webhook, rate windows). */
export const accountPartitionPrefix = 'ACCOUNT#';
export const accountPartition = (accountId: string) => `${accountPartitionPrefix}${accountId}`;
/**
 * The account's administrative partition: its record, managers, catalog contract, eSIM reseller link
 * and partner certificates, which only employees' functions write. Apart from `ACCOUNT#<id>` because
 * IAM's dynamodb:LeadingKeys sees the partition key only, and partner-facing functions write that one.
 */
export const accountRecordsPartitionPrefix = 'ACCOUNT_ADMIN#';
export const accountRecordKey = (accountId: string, sk: string) => ({
  pk: `${accountRecordsPartitionPrefix}${accountId}`,
  sk,
});
/**
 * Where the administrative items were stored before: `npm run migrate:account-partitions` moves them
 * (docs/deploy.md). Until it has run on every stage, reads that miss look here; delete with it.
 */
export const legacyAccountRecordKey = (key: { pk: string; sk: string }) => ({
  pk: key.pk.replace(accountRecordsPartitionPrefix, accountPartitionPrefix),
  sk: key.sk,
});

/**
 * One administrative item, strongly consistent; on a miss, at its key before the migration (a second
 * read, only for items that do not exist once every item has moved).
 */
export async function getAccountRecord(
  key: { pk: string; sk: string },
  projection?: string,
): Promise<Record<string, unknown> | undefined> {
  const read = async (Key: { pk: string; sk: string }) =>
    (
      await ddb().send(
        new GetCommand({
          TableName: config().mainTableName,
          Key,
          ConsistentRead: true,
          ...(projection ? { ProjectionExpression: projection } : {}),
        }),
      )
    ).Item;
  return (await read(key)) ?? (await read(legacyAccountRecordKey(key)));
}

export const accountKeys = (accountId: string) => accountRecordKey(accountId, 'ACCOUNT');
/** gsi1pk of every account record. */
export const accountListPartition = 'ACCOUNTS';
const listPartition = accountListPartition;
const listPrefix = 'ACCOUNT#';

export interface AccountItem {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  type: 'Account';
  account_id: string;
  name: string;
  kind: AccountKind;
  status: AccountStatus;
  /** Absent on accounts created before plans existed: they read as the stage's default plan. */
  plan?: PlanName;
  certificate_serial_number: string;
  certificate_fingerprint_sha256: string;
  certificate_subject: string;
  certificate_not_before: string;
  certificate_not_after: string;
  certificate_pem: string;
  /** Absent on accounts stored before certificates per account: their one certificate is the one above. */
  active_certificate_fingerprints?: string[];
  certificates_version?: number;
  application_count: number;
  created_at: string;
  updated_at: string;
}

export function accountToItem(account: Account): AccountItem {
  const { certificate } = account;
  return {
    ...accountKeys(account.accountId),
    gsi1pk: listPartition,
    gsi1sk: `${listPrefix}${account.createdAt}#${account.accountId}`,
    type: 'Account',
    account_id: account.accountId,
    name: account.name,
    kind: account.kind,
    status: account.status,
    plan: account.plan,
    certificate_serial_number: certificate.serialNumber,
    certificate_fingerprint_sha256: certificate.fingerprintSha256,
    certificate_subject: certificate.subject,
    certificate_not_before: certificate.notBefore,
    certificate_not_after: certificate.notAfter,
    certificate_pem: certificate.pem,
    active_certificate_fingerprints: account.activeCertificateFingerprints,
    certificates_version: account.certificatesVersion,
    application_count: account.applicationCount,
    created_at: account.createdAt,
    updated_at: account.updatedAt,
  };
}

/** The account's active certificate fingerprints, from the item or a projection of it. */
export function activeFingerprintsOfItem(
  item: Pick<AccountItem, 'active_certificate_fingerprints' | 'certificate_fingerprint_sha256'>,
): string[] {
  return item.active_certificate_fingerprints ?? [item.certificate_fingerprint_sha256];
}

export function accountFromItem(item: Record<string, unknown>): Account {
  const stored = item as unknown as AccountItem;
  return {
    accountId: stored.account_id,
    name: stored.name,
    kind: stored.kind,
    status: stored.status,
    plan: isPlanName(stored.plan) ? stored.plan : quotaSettingsByStage[config().stage].defaultPlan,
    certificate: {
      serialNumber: stored.certificate_serial_number,
      fingerprintSha256: stored.certificate_fingerprint_sha256,
      subject: stored.certificate_subject,
      notBefore: stored.certificate_not_before,
      notAfter: stored.certificate_not_after,
      pem: stored.certificate_pem,
    },
    activeCertificateFingerprints: activeFingerprintsOfItem(stored),
    certificatesVersion: stored.certificates_version ?? 0,
    applicationCount: stored.application_count,
    createdAt: stored.created_at,
    updatedAt: stored.updated_at,
  };
}

/**
 * The fingerprints authentication compares a call's client certificate with (shared/auth/
 * certificate-standing.ts): a strongly consistent read of two attributes of the account item, or
 * undefined when there is no such account.
 */
export async function findActiveCertificateFingerprints(accountId: string): Promise<string[] | undefined> {
  const item = await getAccountRecord(
    accountKeys(accountId),
    'active_certificate_fingerprints, certificate_fingerprint_sha256',
  );
  return item ? activeFingerprintsOfItem(item as unknown as AccountItem) : undefined;
}

export const accountStore = {
  async find(accountId) {
    const item = await getAccountRecord(accountKeys(accountId));
    return item ? accountFromItem(item) : undefined;
  },

  list(page) {
    return queryGsi1Page(
      { ...page, gsi1pk: listPartition, skPrefix: listPrefix, newestFirst: true },
      accountFromItem,
    );
  },

  create(account): DynamoWrite {
    return {
      description: `create account ${account.accountId}`,
      item: {
        Put: {
          TableName: config().mainTableName,
          Item: accountToItem(account),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    };
  },

  countNewApplication(accountId, maxApplications, refusal): DynamoWrite {
    return {
      description: `count an application on account ${accountId}`,
      item: {
        Update: {
          TableName: config().mainTableName,
          Key: accountKeys(accountId),
          UpdateExpression: 'SET application_count = application_count + :one',
          ConditionExpression: 'attribute_exists(pk) AND #status = :active AND application_count < :max',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':one': 1, ':active': 'Active', ':max': maxApplications },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: (oldItem) => refusal(oldItem ? accountFromItem(oldItem) : undefined),
    };
  },

  /**
   * Conditional on the application count read: an application created since would keep a copy of the
   * account status `Active`.
   */
  disable(account, at): DynamoWrite {
    return {
      description: `disable account ${account.accountId}`,
      item: {
        Update: {
          TableName: config().mainTableName,
          Key: accountKeys(account.accountId),
          UpdateExpression: 'SET #status = :disabled, updated_at = :now',
          ConditionExpression: 'attribute_exists(pk) AND application_count = :seen',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':disabled': 'Disabled',
            ':now': at,
            ':seen': account.applicationCount,
          },
        },
      },
      onConditionFailed: () =>
        new ConcurrentChangeError('The account changed while it was being disabled; retry the request.'),
    };
  },

  changePlan(accountId, plan, at): DynamoWrite {
    return {
      description: `change the plan of account ${accountId}`,
      item: {
        Update: {
          TableName: config().mainTableName,
          Key: accountKeys(accountId),
          UpdateExpression: 'SET #plan = :plan, updated_at = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#plan': 'plan' },
          ExpressionAttributeValues: { ':plan': plan, ':now': at },
        },
      },
      onConditionFailed: () =>
        new ConcurrentChangeError('The account changed while its plan was being set; retry the request.'),
    };
  },

  /** Conditional as `disable`, and on the account still being disabled (two enables: one wins, one 409). */
  enable(account, at): DynamoWrite {
    return {
      description: `enable account ${account.accountId}`,
      item: {
        Update: {
          TableName: config().mainTableName,
          Key: accountKeys(account.accountId),
          UpdateExpression: 'SET #status = :active, updated_at = :now',
          ConditionExpression: 'attribute_exists(pk) AND #status = :disabled AND application_count = :seen',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':active': 'Active',
            ':disabled': 'Disabled',
            ':now': at,
            ':seen': account.applicationCount,
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: (oldItem) =>
        oldItem?.status === 'Active'
          ? new ConflictError('AccountInvalidState', 'The account is active already.', {
              details: { status: 'Active' },
            })
          : new ConcurrentChangeError('The account changed while it was being enabled; retry the request.'),
    };
  },

  /** Conditional on the certificates version read (absent on an account stored before it: 0). */
  setActiveCertificates(account, fingerprints, at): DynamoWrite {
    const seen = account.certificatesVersion;
    return {
      description: `set the active certificates of account ${account.accountId}`,
      item: {
        Update: {
          TableName: config().mainTableName,
          Key: accountKeys(account.accountId),
          UpdateExpression:
            'SET active_certificate_fingerprints = :fingerprints, certificates_version = :next, updated_at = :now',
          ConditionExpression:
            seen === 0
              ? 'attribute_exists(pk) AND attribute_not_exists(certificates_version)'
              : 'attribute_exists(pk) AND certificates_version = :seen',
          ExpressionAttributeValues: {
            ':fingerprints': [...fingerprints],
            ':next': seen + 1,
            ':now': at,
            ...(seen === 0 ? {} : { ':seen': seen }),
          },
        },
      },
      onConditionFailed: () =>
        new ConcurrentChangeError(
          "The account's certificates changed while this request ran; retry the request.",
        ),
    };
  },
} satisfies AccountStore;
