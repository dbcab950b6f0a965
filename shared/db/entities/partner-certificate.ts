import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import type { CertificateStatus, PartnerCertificate } from '../../domain/accounts/model.ts';
import type { CertificateExpiryIndex, PartnerCertificateStore } from '../../domain/accounts/ports.ts';
import { ConflictError } from '../../domain/errors.ts';
import { ddb } from '../client.ts';
import type { DynamoWrite } from '../transaction.ts';
import { accountRecordKey, legacyAccountRecordKey } from './account.ts';

/**
 * Partner certificate: pk `ACCOUNT_ADMIN#<account_id>`, sk `CERTIFICATE#<serial>` (beside the account item).
 * While active it is in the expiry index: gsi1pk `CERTIFICATES#ACTIVE`, gsi1sk
 * `<not_after>#<account_id>#<serial>`; revoking removes those keys, so the index holds active ones only.
 */
export const certificateKeys = (accountId: string, serialNumber: string) =>
  accountRecordKey(accountId, `${certificatePrefix}${serialNumber}`);
const certificatePrefix = 'CERTIFICATE#';
export const certificateExpiryPartition = 'CERTIFICATES#ACTIVE';
const expiryPartition = certificateExpiryPartition;

export interface PartnerCertificateItem {
  pk: string;
  sk: string;
  gsi1pk?: string;
  gsi1sk?: string;
  type: 'PartnerCertificate';
  account_id: string;
  serial_number: string;
  fingerprint_sha256: string;
  subject: string;
  not_before: string;
  not_after: string;
  pem: string;
  status: CertificateStatus;
  created_at: string;
  revoked_at: string | null;
}

const expiryKeys = (certificate: PartnerCertificate) => ({
  gsi1pk: expiryPartition,
  gsi1sk: `${certificate.notAfter}#${certificate.accountId}#${certificate.serialNumber}`,
});

export function certificateToItem(certificate: PartnerCertificate): PartnerCertificateItem {
  return {
    ...certificateKeys(certificate.accountId, certificate.serialNumber),
    ...(certificate.status === 'Active' ? expiryKeys(certificate) : {}),
    type: 'PartnerCertificate',
    account_id: certificate.accountId,
    serial_number: certificate.serialNumber,
    fingerprint_sha256: certificate.fingerprintSha256,
    subject: certificate.subject,
    not_before: certificate.notBefore,
    not_after: certificate.notAfter,
    pem: certificate.pem,
    status: certificate.status,
    created_at: certificate.createdAt,
    revoked_at: certificate.revokedAt,
  };
}

export function certificateFromItem(item: Record<string, unknown>): PartnerCertificate {
  const stored = item as unknown as PartnerCertificateItem;
  return {
    accountId: stored.account_id,
    serialNumber: stored.serial_number,
    fingerprintSha256: stored.fingerprint_sha256,
    subject: stored.subject,
    notBefore: stored.not_before,
    notAfter: stored.not_after,
    pem: stored.pem,
    status: stored.status,
    createdAt: stored.created_at,
    revokedAt: stored.revoked_at,
  };
}

async function queryAll(input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

const newestFirst = (a: PartnerCertificate, b: PartnerCertificate) =>
  `${b.createdAt}#${b.serialNumber}`.localeCompare(`${a.createdAt}#${a.serialNumber}`);

export const partnerCertificateStore = {
  /** On a miss, the certificates where they were stored before the migration (docs/deploy.md). */
  async listOfAccount(accountId) {
    const inPartition = (key: { pk: string }) =>
      queryAll({
        TableName: config().mainTableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': key.pk, ':prefix': certificatePrefix },
        ConsistentRead: true,
      });
    const key = accountRecordKey(accountId, certificatePrefix);
    const items = await inPartition(key);
    const found = items.length > 0 ? items : await inPartition(legacyAccountRecordKey(key));
    return found.map(certificateFromItem).sort(newestFirst);
  },

  create(certificate): DynamoWrite {
    return {
      description: `create certificate ${certificate.serialNumber} of account ${certificate.accountId}`,
      item: {
        Put: {
          TableName: config().mainTableName,
          Item: certificateToItem(certificate),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    };
  },

  revoke(certificate, at): DynamoWrite {
    return {
      description: `revoke certificate ${certificate.serialNumber} of account ${certificate.accountId}`,
      item: {
        Update: {
          TableName: config().mainTableName,
          Key: certificateKeys(certificate.accountId, certificate.serialNumber),
          UpdateExpression: 'SET #status = :revoked, revoked_at = :now REMOVE gsi1pk, gsi1sk',
          ConditionExpression: 'attribute_exists(pk) AND #status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':revoked': 'Revoked', ':active': 'Active', ':now': at },
        },
      },
      onConditionFailed: () =>
        new ConflictError('CertificateInvalidState', 'The certificate is revoked already.', {
          details: { status: 'Revoked' },
        }),
    };
  },
} satisfies PartnerCertificateStore;

export const certificateExpiryIndex = {
  async expiringBetween(from, until) {
    const items = await queryAll({
      TableName: config().mainTableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :until',
      ExpressionAttributeValues: {
        ':pk': expiryPartition,
        ':from': from.toISOString(),
        // A key `<until>#...` sorts after the bare time: `until` itself is excluded.
        ':until': until.toISOString(),
      },
    });
    return items.map(certificateFromItem).filter((certificate) => certificate.status === 'Active');
  },
} satisfies CertificateExpiryIndex;
