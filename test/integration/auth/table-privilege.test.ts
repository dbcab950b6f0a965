import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { checkKeyAccess, runAs } from '../../../infra/local/key-access.ts';
import { accountKeys } from '../../../shared/db/entities/account.ts';
import { applicationKeys } from '../../../shared/db/entities/application.ts';
import { oneTimeCodeKeys, oneTimeCodeToItem } from '../../../shared/db/entities/one-time-code.ts';
import { certificateKeys } from '../../../shared/db/entities/partner-certificate.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient, dynamoClient } from '../../support/aws.ts';

/*
 * Issue 34: code running in the booking function could plant a one-time login code with roles
 * ["admin"] and swap it for an admin employee token. The stage's DynamoDB Local, with the check the
 * local stage puts on its functions' client (infra/local/key-access.ts, IAM's dynamodb:LeadingKeys in
 * AWS), refuses it: the booking function owns no LOGIN_CODE# partition.
 */

const checked = dynamoClient();
const asFunctions = (() => {
  checkKeyAccess(checked, endpoints().tables);
  return documentClient(checked);
})();
const unchecked = documentClient();

afterAll(() => {
  checked.destroy();
});

function plantedAdminCode() {
  const codeHash = createHash('sha256').update(randomBytes(32)).digest('base64url');
  return oneTimeCodeToItem({
    codeHash,
    employeeId: `attacker-${randomUUID()}`,
    roles: ['admin'],
    codeChallenge: createHash('sha256').update('verifier').digest('base64url'),
    redirectUri: 'https://attacker.example/callback',
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
  });
}

async function stored(key: { pk: string; sk: string }) {
  return (
    await unchecked.send(
      new GetCommand({ TableName: endpoints().tables.main, Key: key, ConsistentRead: true }),
    )
  ).Item;
}

describe('least privilege inside the main table, on the local stage', () => {
  it('refuses the booking function a one-time login code carrying the admin role (AccessDeniedException)', async () => {
    const code = plantedAdminCode();

    const planting = runAs('booking', () =>
      asFunctions.send(new PutCommand({ TableName: endpoints().tables.main, Item: code })),
    );

    await expect(planting).rejects.toMatchObject({ name: 'AccessDeniedException' });
    expect(await stored(oneTimeCodeKeys(code.pk.slice('LOGIN_CODE#'.length)))).toBeUndefined();
  });

  it('refuses a whole transaction of the booking function when one of its items is a login code', async () => {
    const code = plantedAdminCode();
    const booking = { pk: `ACCOUNT#${randomUUID()}`, sk: `BOOKING#${randomUUID()}`, entity: 'Probe' };

    const transaction = runAs('booking', () =>
      asFunctions.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: endpoints().tables.main, Item: booking } },
            { Put: { TableName: endpoints().tables.main, Item: code } },
          ],
        }),
      ),
    );

    await expect(transaction).rejects.toMatchObject({ name: 'AccessDeniedException' });
    expect(await stored({ pk: booking.pk, sk: booking.sk })).toBeUndefined();
  });

  it('refuses the booking, eSIM and webhooks functions a change to an application (its scopes, its status)', async () => {
    for (const name of ['booking', 'esim', 'webhooks', 'sandbox', 'booking-processor'] as const) {
      const change = runAs(name, () =>
        asFunctions.send(
          new UpdateCommand({
            TableName: endpoints().tables.main,
            Key: applicationKeys(`client-${randomUUID()}`),
            UpdateExpression: 'SET scopes = :scopes',
            ExpressionAttributeValues: { ':scopes': ['identity.account:*'] },
          }),
        ),
      );

      await expect(change, name).rejects.toMatchObject({ name: 'AccessDeniedException' });
    }
  });

  it('lets the auth function, which owns login codes, write and delete one', async () => {
    const code = plantedAdminCode();
    const key = { pk: code.pk, sk: code.sk };

    await runAs('auth', () =>
      asFunctions.send(new PutCommand({ TableName: endpoints().tables.main, Item: code })),
    );
    expect(await stored(key)).toMatchObject({ roles: ['admin'] });
    await runAs('auth', () =>
      asFunctions.send(new DeleteCommand({ TableName: endpoints().tables.main, Key: key })),
    );
    expect(await stored(key)).toBeUndefined();
  });

  describe('an account record, which only employees’ functions write', () => {
    const partnerFacing = ['booking', 'esim', 'webhooks', 'sandbox', 'booking-processor'] as const;

    async function storedAccount() {
      const accountId = randomUUID();
      const item = { ...accountKeys(accountId), type: 'Account', account_id: accountId, status: 'Disabled' };
      await unchecked.send(new PutCommand({ TableName: endpoints().tables.main, Item: item }));
      return accountId;
    }

    it('refuses the partner-facing functions a change to the account’s status (nothing stored)', async () => {
      const accountId = await storedAccount();

      for (const name of partnerFacing) {
        const enabling = runAs(name, () =>
          asFunctions.send(
            new UpdateCommand({
              TableName: endpoints().tables.main,
              Key: accountKeys(accountId),
              UpdateExpression: 'SET #status = :active',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':active': 'Active' },
            }),
          ),
        );

        await expect(enabling, name).rejects.toMatchObject({ name: 'AccessDeniedException' });
      }
      expect(await stored(accountKeys(accountId))).toMatchObject({ status: 'Disabled' });
    });

    it('refuses the partner-facing functions a partner certificate of their own (nothing stored)', async () => {
      const accountId = await storedAccount();
      const key = certificateKeys(accountId, randomBytes(8).toString('hex'));

      for (const name of partnerFacing) {
        const planting = runAs(name, () =>
          asFunctions.send(
            new PutCommand({
              TableName: endpoints().tables.main,
              Item: { ...key, type: 'PartnerCertificate', status: 'Active', fingerprint_sha256: 'planted' },
            }),
          ),
        );

        await expect(planting, name).rejects.toMatchObject({ name: 'AccessDeniedException' });
      }
      expect(await stored(key)).toBeUndefined();
    });

    it('lets the admin function, which owns account records, change the account’s status', async () => {
      const accountId = await storedAccount();

      await runAs('admin', () =>
        asFunctions.send(
          new UpdateCommand({
            TableName: endpoints().tables.main,
            Key: accountKeys(accountId),
            UpdateExpression: 'SET #status = :active',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':active': 'Active' },
          }),
        ),
      );

      expect(await stored(accountKeys(accountId))).toMatchObject({ status: 'Active' });
    });
  });
});
