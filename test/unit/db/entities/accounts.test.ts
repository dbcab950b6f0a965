import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountFromItem, accountStore, accountToItem } from '../../../../shared/db/entities/account.ts';
import {
  applicationFromItem,
  applicationStore,
  applicationToItem,
} from '../../../../shared/db/entities/application.ts';
import type { Account, ApplicationRecord } from '../../../../shared/domain/accounts/model.ts';
import { ConcurrentChangeError } from '../../../../shared/domain/errors.ts';
import { useLocalConfig } from '../../auth/local-config.ts';

const account: Account = {
  accountId: '0b3c6a7e-0000-4000-8000-000000000001',
  name: 'Acme',
  kind: 'partner',
  status: 'Active',
  plan: 'premium',
  certificate: {
    serialNumber: '0a1b',
    fingerprintSha256: 'ff00',
    subject: 'CN=0b3c6a7e-0000-4000-8000-000000000001',
    notBefore: '2030-01-01T00:00:00.000Z',
    notAfter: '2031-01-01T00:00:00.000Z',
    pem: '-----BEGIN CERTIFICATE-----\n...\n-----END CERTIFICATE-----\n',
  },
  activeCertificateFingerprints: ['ff00', 'ee11'],
  certificatesVersion: 2,
  applicationCount: 2,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-02T00:00:00.000Z',
};

const application: ApplicationRecord = {
  clientId: 'pts_abcdefghijklmnopqrstuvwx',
  accountId: account.accountId,
  name: 'Booking backend',
  allowedScopes: ['booking.lounges:write', 'webhooks'],
  status: 'Active',
  accountStatus: 'Active',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  secretRotatedAt: null,
  secretHash: 'hash',
  tokenGeneration: 0,
};

let cleanUp: () => Promise<void>;
beforeEach(async () => {
  ({ cleanUp } = await useLocalConfig());
});
afterEach(() => cleanUp());

describe('account items', () => {
  it('are keyed by account id and listed newest first under one index partition', () => {
    const item = accountToItem(account);

    expect(item).toMatchObject({
      pk: `ACCOUNT_ADMIN#${account.accountId}`,
      sk: 'ACCOUNT',
      gsi1pk: 'ACCOUNTS',
      gsi1sk: `ACCOUNT#2030-01-01T00:00:00.000Z#${account.accountId}`,
      type: 'Account',
      application_count: 2,
    });
  });

  it('map back to the same account', () => {
    expect(accountFromItem({ ...accountToItem(account) })).toEqual(account);
  });

  it('read an account stored before plans existed as on the default plan', () => {
    const { plan: _plan, ...withoutPlan } = accountToItem(account);

    expect(accountFromItem(withoutPlan).plan).toBe('standard');
  });

  it('read an account stored before certificates per account with its one certificate active', () => {
    const {
      active_certificate_fingerprints: _fingerprints,
      certificates_version: _version,
      ...legacy
    } = accountToItem(account);

    expect(accountFromItem(legacy)).toMatchObject({
      activeCertificateFingerprints: ['ff00'],
      certificatesVersion: 0,
    });
  });

  it('set the active certificates on the condition that the version read is still stored', () => {
    const next = accountStore.setActiveCertificates(account, ['ee11'], '2030-01-03T00:00:00.000Z');
    const first = accountStore.setActiveCertificates(
      { ...account, certificatesVersion: 0 },
      ['ff00', 'ee11'],
      '2030-01-03T00:00:00.000Z',
    );

    expect(next.item.Update).toMatchObject({
      ConditionExpression: 'attribute_exists(pk) AND certificates_version = :seen',
      ExpressionAttributeValues: { ':fingerprints': ['ee11'], ':next': 3, ':seen': 2 },
    });
    expect(first.item.Update?.ConditionExpression).toBe(
      'attribute_exists(pk) AND attribute_not_exists(certificates_version)',
    );
    expect(next.onConditionFailed?.(undefined)).toBeInstanceOf(ConcurrentChangeError);
  });

  it('change the plan of an existing account only', () => {
    const write = accountStore.changePlan(account.accountId, 'sandbox', '2030-01-03T00:00:00.000Z');

    expect(write.item.Update).toMatchObject({
      Key: { pk: `ACCOUNT_ADMIN#${account.accountId}`, sk: 'ACCOUNT' },
      UpdateExpression: 'SET #plan = :plan, updated_at = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':plan': 'sandbox', ':now': '2030-01-03T00:00:00.000Z' },
    });
    expect(write.onConditionFailed?.(undefined)).toBeInstanceOf(ConcurrentChangeError);
  });

  it('are created by one conditional put that never overwrites an account', () => {
    expect(accountStore.create(account).item).toEqual({
      Put: {
        TableName: 'main-test',
        ConditionExpression: 'attribute_not_exists(pk)',
        Item: accountToItem(account),
      },
    });
  });

  it('turn a refused count into the error the caller derives from the account found', () => {
    const write = accountStore.countNewApplication(account.accountId, 50, (found) =>
      found ? new Error(`refused on ${found.status}`) : new Error('no account'),
    );
    const disabled = accountToItem({ ...account, status: 'Disabled' });

    expect(write.onConditionFailed?.({ ...disabled }).message).toBe('refused on Disabled');
    expect(write.onConditionFailed?.(undefined).message).toBe('no account');
  });

  it('are disabled only while the application count is the one read', () => {
    const write = accountStore.disable(account, '2030-01-03T00:00:00.000Z');

    expect(write.item.Update).toMatchObject({
      ConditionExpression: 'attribute_exists(pk) AND application_count = :seen',
      ExpressionAttributeValues: { ':disabled': 'Disabled', ':seen': 2 },
    });
    expect(write.onConditionFailed?.(undefined)).toBeInstanceOf(ConcurrentChangeError);
  });

  it('count a new application only while the account is active and under the cap', () => {
    const write = accountStore.countNewApplication(account.accountId, 50, () => new Error('refused'));

    expect(write.item.Update).toMatchObject({
      ConditionExpression: 'attribute_exists(pk) AND #status = :active AND application_count < :max',
      ExpressionAttributeValues: { ':one': 1, ':active': 'Active', ':max': 50 },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
  });
});

describe('application items', () => {
  it('are keyed by client id alone and listed under their account', () => {
    expect(applicationToItem(application)).toMatchObject({
      pk: 'APPLICATION#pts_abcdefghijklmnopqrstuvwx',
      sk: 'APPLICATION',
      gsi1pk: `ACCOUNT#${account.accountId}`,
      gsi1sk: 'APPLICATION#2030-01-01T00:00:00.000Z#pts_abcdefghijklmnopqrstuvwx',
      account_status: 'Active',
      secret_hash: 'hash',
    });
  });

  it('map back to the same application', () => {
    expect(applicationFromItem({ ...applicationToItem(application) })).toEqual(application);
  });

  it('read an application stored before token generations as of the first generation', () => {
    const { token_generation: _none, ...before } = applicationToItem({ ...application, tokenGeneration: 2 });

    expect(applicationFromItem(before).tokenGeneration).toBe(0);
  });

  it('never hold a client secret, only its hash', () => {
    expect(Object.keys(applicationToItem(application))).not.toContain('client_secret');
  });

  it('get a new secret only in place of the hash that was read', () => {
    const write = applicationStore.replaceSecret(application, 'new-hash', '2030-01-03T00:00:00.000Z');

    expect(write.item.Update).toMatchObject({
      Key: { pk: 'APPLICATION#pts_abcdefghijklmnopqrstuvwx', sk: 'APPLICATION' },
      ConditionExpression: 'attribute_exists(pk) AND secret_hash = :previous',
      ExpressionAttributeValues: { ':hash': 'new-hash', ':previous': 'hash' },
    });
    expect(write.onConditionFailed?.(undefined)).toMatchObject({ code: 'ServiceUnavailable', retryAfter: 1 });
  });
});

describe('the token endpoint read', () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  afterEach(() => {
    dynamo.reset();
  });

  it('is one strongly consistent GetItem by client id', async () => {
    dynamo.on(GetCommand).resolves({ Item: applicationToItem(application) });

    const found = await applicationStore.find(application.clientId);

    expect(found).toEqual(application);
    expect(dynamo.calls()).toHaveLength(1);
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toEqual({
      TableName: 'main-test',
      Key: { pk: 'APPLICATION#pts_abcdefghijklmnopqrstuvwx', sk: 'APPLICATION' },
      ConsistentRead: true,
    });
  });
});
