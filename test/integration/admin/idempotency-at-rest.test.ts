import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import { asOperator, onboardAccount } from './operator.ts';

describe('stored idempotent responses', () => {
  it('never hold a client secret in plain text, yet replay it to the same request', async () => {
    // Prepare
    const { account } = await onboardAccount();
    const key = randomUUID();
    const body = { name: 'At-rest check', allowed_scopes: ['catalog.lounges'] };
    const path = `/v2/admin/accounts/${account.account_id}/applications`;

    // Act
    type Created = { client_id: string; client_secret: string };
    const created = await asOperator<Created>('POST', path, { body, idempotencyKey: key });
    const replayed = await asOperator<Created>('POST', path, { body, idempotencyKey: key });
    const stored = await documentClient().send(
      new ScanCommand({ TableName: endpoints().tables.idempotency }),
    );

    // Assess
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`${path}/${created.body.client_id}`);
    expect(replayed.headers['idempotency-status']).toBe('reused');
    expect(replayed.body.client_secret).toBe(created.body.client_secret);
    const everything = JSON.stringify(stored.Items);
    expect(everything).toContain('response_sealed');
    expect(everything).not.toContain(created.body.client_secret);
  });
});
