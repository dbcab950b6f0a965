import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import {
  accountKeys,
  accountStore,
  accountToItem,
  findActiveCertificateFingerprints,
  legacyAccountRecordKey,
} from '../../../shared/db/entities/account.ts';
import { accountManagerStore, accountManagerToItem } from '../../../shared/db/entities/account-manager.ts';
import { contractKey } from '../../../shared/db/entities/catalog.ts';
import { dynamoContractStore } from '../../../shared/db/entities/catalog-contract.ts';
import { resellerKey, resellers } from '../../../shared/db/entities/esim-pool.ts';
import {
  certificateToItem,
  partnerCertificateStore,
} from '../../../shared/db/entities/partner-certificate.ts';
import { migrateAccountPartitionsPage } from '../../../shared/db/migrations/account-partitions.ts';
import type { Account } from '../../../shared/domain/accounts/model.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';

/*
 * Accounts stored before their administrative items had a partition of their own (`ACCOUNT#<id>`
 * then, `ACCOUNT_ADMIN#<id>` now): reads find them where they are, and `npm run
 * migrate:account-partitions` moves them (docs/deploy.md).
 */

const db = documentClient();
const table = () => endpoints().tables.main;

beforeAll(() => {
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

const at = '2001-01-01T00:00:00.000Z';

function anAccount(): Account {
  const accountId = randomUUID();
  return {
    accountId,
    name: `Legacy ${accountId}`,
    kind: 'partner',
    status: 'Active',
    plan: 'standard',
    certificate: {
      serialNumber: '0a1b',
      fingerprintSha256: 'ff00',
      subject: `CN=${accountId}`,
      notBefore: '2030-01-01T00:00:00.000Z',
      notAfter: '2031-01-01T00:00:00.000Z',
      pem: '-----BEGIN CERTIFICATE-----\n...\n-----END CERTIFICATE-----\n',
    },
    activeCertificateFingerprints: ['ff00'],
    certificatesVersion: 1,
    applicationCount: 0,
    // Long ago: the accounts listing of a shared stage shows these last.
    createdAt: at,
    updatedAt: at,
  };
}

const atLegacyKey = <T extends { pk: string; sk: string }>(item: T): T => ({
  ...item,
  ...legacyAccountRecordKey(item),
});

/** An account with all its administrative items where they were stored before. */
async function legacyAccount(): Promise<Account> {
  const account = anAccount();
  const { accountId } = account;
  const items = [
    accountToItem(account),
    accountManagerToItem({ accountId, employeeId: 'employee-1', assignedAt: at, assignedBy: 'operator' }),
    {
      ...contractKey(accountId),
      type: 'CatalogContract',
      lounges: 'all',
      fast_tracks: [],
      tariffs: 'all',
      updated_at: at,
    },
    {
      ...resellerKey(accountId),
      entity: 'EsimReseller',
      account_id: accountId,
      reseller_id: 'r-1',
      linked_at: at,
    },
    certificateToItem({
      accountId,
      ...account.certificate,
      status: 'Active',
      createdAt: at,
      revokedAt: null,
    }),
  ];
  for (const item of items) {
    await db.send(new PutCommand({ TableName: table(), Item: atLegacyKey(item) }));
  }
  return account;
}

async function storedAt(key: { pk: string; sk: string }) {
  return (await db.send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
}

async function migrateAll(): Promise<number> {
  let moved = 0;
  let cursor: string | undefined;
  do {
    const page = await migrateAccountPartitionsPage(cursor);
    moved += page.moved;
    cursor = page.nextCursor;
  } while (cursor);
  return moved;
}

describe('account records stored in the partner’s partition before the migration', () => {
  it('are read where they are until moved', async () => {
    const account = await legacyAccount();
    const { accountId } = account;

    expect(await accountStore.find(accountId)).toEqual(account);
    expect(await findActiveCertificateFingerprints(accountId)).toEqual(['ff00']);
    expect((await partnerCertificateStore.listOfAccount(accountId)).map((each) => each.serialNumber)).toEqual(
      ['0a1b'],
    );
    expect(await dynamoContractStore.find(accountId)).toMatchObject({ lounges: 'all', tariffs: 'all' });
    expect(await resellers.find(accountId)).toEqual({ accountId, resellerId: 'r-1', linkedAt: at });
    expect((await accountManagerStore.listOfAccount(accountId, { limit: 10 })).items).toEqual([
      { accountId, employeeId: 'employee-1', assignedAt: at, assignedBy: 'operator' },
    ]);
  });

  it('are moved by the migration, which a second run finds nothing left for', async () => {
    const account = await legacyAccount();
    const { accountId } = account;

    expect(await migrateAll()).toBeGreaterThanOrEqual(5);

    for (const key of [accountKeys(accountId), contractKey(accountId), resellerKey(accountId)]) {
      expect(await storedAt(key), key.sk).toBeDefined();
      expect(await storedAt(legacyAccountRecordKey(key)), key.sk).toBeUndefined();
    }
    expect(await accountStore.find(accountId)).toEqual(account);
    expect((await partnerCertificateStore.listOfAccount(accountId)).map((each) => each.serialNumber)).toEqual(
      ['0a1b'],
    );
    expect((await accountManagerStore.listOfAccount(accountId, { limit: 10 })).items).toHaveLength(1);
    expect(await migrateAll()).toBe(0);
  });

  it('keeps an item written to the new key since the deploy over the old one, and deletes the old', async () => {
    const { accountId } = await legacyAccount();
    const newer = {
      ...contractKey(accountId),
      type: 'CatalogContract',
      lounges: [],
      fast_tracks: [],
      tariffs: [],
    };
    await db.send(
      new PutCommand({ TableName: table(), Item: { ...newer, updated_at: '2002-01-01T00:00:00.000Z' } }),
    );

    await migrateAll();

    expect(await storedAt(contractKey(accountId))).toMatchObject({
      lounges: [],
      updated_at: '2002-01-01T00:00:00.000Z',
    });
    expect(await storedAt(legacyAccountRecordKey(contractKey(accountId)))).toBeUndefined();
  });
});
