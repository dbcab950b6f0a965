import 'reflect-metadata';
import { randomUUID, webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as x509 from '@peculiar/x509';
import { describe, expect, it } from 'vitest';
import { createCsr, generateKeyPair } from '../../../shared/pki/certificates.ts';
import { api, request, stage } from '../../support/api.ts';
import {
  addApplication,
  asOperator,
  type CreatedAccount,
  type CreatedApplication,
  claimsOf,
  clientCredentials,
  onboardAccount,
  partnerKeyAndCsr,
} from './operator.ts';

interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

async function allAccounts(): Promise<CreatedAccount[]> {
  const found: CreatedAccount[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${cursor}` : '';
    const page = await asOperator<Page<CreatedAccount>>('GET', `/v2/admin/accounts?limit=200${query}`);
    found.push(...page.body.data);
    cursor = page.body.next_cursor;
  } while (cursor);
  return found;
}

/** Other test files create accounts on the same stage at the same time: count by a unique name. */
async function accountsNamed(name: string): Promise<CreatedAccount[]> {
  return (await allAccounts()).filter((account) => account.name === name);
}

async function rsaCsr(modulusLength: number): Promise<string> {
  const algorithm = {
    name: 'RSASSA-PKCS1-v1_5',
    hash: 'SHA-256',
    publicExponent: new Uint8Array([1, 0, 1]),
    modulusLength,
  };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  return (
    await x509.Pkcs10CertificateRequestGenerator.create({
      name: 'CN=acme',
      keys,
      signingAlgorithm: algorithm,
    })
  ).toString('pem');
}

/** Flips one base64 character inside the signature at the end of the DER. */
function tamper(csrPem: string): string {
  const lines = csrPem.trim().split('\n');
  const last = lines.length - 2;
  const line = lines[last] ?? '';
  const index = Math.max(0, line.length - 6);
  lines[last] = `${line.slice(0, index)}${line[index] === 'A' ? 'B' : 'A'}${line.slice(index + 1)}`;
  return `${lines.join('\n')}\n`;
}

describe('onboarding a partner end to end', () => {
  it('creates an account from a CSR, whose certificate then carries an application token to the API', async () => {
    const { csrPem, keyPem } = await partnerKeyAndCsr();
    const name = `Acme Travel ${randomUUID()}`;

    const created = await asOperator<CreatedAccount>('POST', '/v2/admin/accounts', {
      body: { name, csr_pem: csrPem },
    });
    expect(created.status).toBe(201);
    const account = created.body;
    expect(created.headers.location).toBe(`/v2/admin/accounts/${account.account_id}`);
    expect(account).toMatchObject({ name, kind: 'partner', status: 'Active' });
    expect(new x509.X509Certificate(account.certificate_pem).subject).toContain(`CN=${account.account_id}`);
    expect(account.certificate.serial_number).toBe(
      new x509.X509Certificate(account.certificate_pem).serialNumber,
    );

    const application = await addApplication(account.account_id, ['catalog.lounges', 'booking.lounges']);
    expect(application.allowed_scopes).toEqual(['catalog.lounges:read', 'booking.lounges:write']);
    expect(application.client_secret).toMatch(/^ptss_/);

    const tokenResponse = await clientCredentials(application.client_id, application.client_secret);
    expect(tokenResponse.status).toBe(200);
    const token = tokenResponse.body.access_token ?? '';
    expect(claimsOf(token).account_id).toBe(account.account_id);

    const identity = { cert: account.certificate_pem, key: keyPem };
    const call = await request('GET', '/v2/catalog/lounges', { cert: identity, token });
    expect(call.status).toBe(200);

    const withAnotherAccountsCertificate = await request('GET', '/v2/catalog/lounges', { cert: 0, token });
    expect(withAnotherAccountsCertificate.status).toBe(403);
  });
});

describe('accounts', () => {
  it('are read back without the certificate PEM', async () => {
    const { account } = await onboardAccount();

    const response = await asOperator('GET', `/v2/admin/accounts/${account.account_id}`);

    const { certificate_pem: _pem, ...withoutPem } = account;
    expect(response.status).toBe(200);
    expect(response.body).toEqual(withoutPem);
  });

  it('answer 404 for an unknown id', async () => {
    const response = await asOperator('GET', `/v2/admin/accounts/${randomUUID()}`);

    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'ResourceNotFound' });
  });

  it('are listed newest first, page by page', async () => {
    const first = await onboardAccount();
    const second = await onboardAccount();

    const page1 = await asOperator<Page<CreatedAccount>>('GET', '/v2/admin/accounts?limit=1');
    const page2 = await asOperator<Page<CreatedAccount>>(
      'GET',
      `/v2/admin/accounts?limit=1&cursor=${page1.body.next_cursor}`,
    );

    expect(page1.status).toBe(200);
    expect(page1.body.data).toHaveLength(1);
    expect(page1.body.next_cursor).toEqual(expect.any(String));
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.data[0]?.account_id).not.toBe(page1.body.data[0]?.account_id);
    const ids = (await allAccounts()).map((account) => account.account_id);
    expect(ids.indexOf(second.account.account_id)).toBeLessThan(ids.indexOf(first.account.account_id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuse a cursor that was tampered with: 422', async () => {
    const forged = Buffer.from(
      JSON.stringify({ pk: 'x', sk: 'y', gsi1pk: 'ACCOUNT#other', gsi1sk: 'z' }),
    ).toString('base64url');

    const response = await asOperator('GET', `/v2/admin/accounts?cursor=${forged}`);

    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      code: 'ValidationError',
      details: { errors: [{ path: 'query.cursor' }] },
    });
  });

  it('refuse a limit above 200: 422', async () => {
    expect((await asOperator('GET', '/v2/admin/accounts?limit=201')).status).toBe(422);
  });

  it('are disabled once, then stay disabled', async () => {
    const { account } = await onboardAccount();

    const first = await asOperator<CreatedAccount>(
      'POST',
      `/v2/admin/accounts/${account.account_id}/disable`,
    );
    const again = await asOperator<CreatedAccount>(
      'POST',
      `/v2/admin/accounts/${account.account_id}/disable`,
    );
    const newApplication = await asOperator('POST', `/v2/admin/accounts/${account.account_id}/applications`, {
      body: { name: 'late', allowed_scopes: ['webhooks'] },
    });

    expect(first.status).toBe(200);
    expect(first.body.status).toBe('Disabled');
    expect(again.body).toEqual(first.body);
    expect(newApplication.status).toBe(422);
  });
});

describe('account creation with a bad CSR', () => {
  const create = (csrPem: string) =>
    asOperator('POST', '/v2/admin/accounts', { body: { name: 'Bad CSR', csr_pem: csrPem } });

  it.each([
    ['not PEM', async () => 'hello, I am not a CSR'],
    [
      'PEM without a PKCS#10 request',
      async () => '-----BEGIN CERTIFICATE REQUEST-----\nbm90IGEgY3Ny\n-----END CERTIFICATE REQUEST-----',
    ],
    [
      'a signature that does not verify',
      async () => tamper(await createCsr(await generateKeyPair(), 'acme')),
    ],
    ['a weak RSA key (1024 bits)', async () => rsaCsr(1024)],
    ['a certificate instead of a CSR', async () => readFileSync(stage().ca_cert, 'utf8')],
  ])('answers 422 ValidationError on body.csr_pem for %s', async (_case, makeCsr) => {
    const csrPem = await makeCsr();

    const response = await create(csrPem);

    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      code: 'ValidationError',
      details: { errors: [{ path: 'body.csr_pem' }] },
    });
  });

  it('refuses unknown fields: 422', async () => {
    const { csrPem } = await partnerKeyAndCsr();

    const response = await asOperator('POST', '/v2/admin/accounts', {
      body: { name: 'x', csr_pem: csrPem, kind: 'operator' },
    });

    expect(response.status).toBe(422);
  });
});

describe('applications', () => {
  it('refuse unknown scope names and the identity scopes on a partner account: 422', async () => {
    const { account } = await onboardAccount();
    const path = `/v2/admin/accounts/${account.account_id}/applications`;

    const unknown = await asOperator('POST', path, {
      body: { name: 'x', allowed_scopes: ['webhooks', 'catalog.all'] },
    });
    const identity = await asOperator('POST', path, {
      body: { name: 'x', allowed_scopes: ['identity.account:*'] },
    });

    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ details: { errors: [{ path: 'body.allowed_scopes.1' }] } });
    expect(identity.status).toBe(422);
  });

  it('answer 404 on an unknown account', async () => {
    const response = await asOperator('POST', `/v2/admin/accounts/${randomUUID()}/applications`, {
      body: { name: 'x', allowed_scopes: ['webhooks'] },
    });

    expect(response.status).toBe(404);
  });

  it('are listed and read back, never with their secret', async () => {
    const { account } = await onboardAccount();
    const first = await addApplication(account.account_id);
    const second = await addApplication(account.account_id);

    const list = await asOperator<Page<CreatedApplication>>(
      'GET',
      `/v2/admin/accounts/${account.account_id}/applications`,
    );
    const one = await asOperator<CreatedApplication>(
      'GET',
      `/v2/admin/accounts/${account.account_id}/applications/${first.client_id}`,
    );

    expect(list.status).toBe(200);
    expect(list.body.data.map((application) => application.client_id)).toEqual([
      second.client_id,
      first.client_id,
    ]);
    expect(list.body.next_cursor).toBeNull();
    expect(JSON.stringify(list.body)).not.toContain('ptss_');
    const { client_secret: _secret, ...withoutSecret } = first;
    expect(one.body).toEqual(withoutSecret);
  });

  it('of another account answer 404, like a missing one', async () => {
    const owner = await onboardAccount();
    const other = await onboardAccount();
    const application = await addApplication(owner.account.account_id);

    const response = await asOperator(
      'GET',
      `/v2/admin/accounts/${other.account.account_id}/applications/${application.client_id}`,
    );

    expect(response.status).toBe(404);
  });

  it('show the time of the last secret rotation and the new secret once', async () => {
    const { account } = await onboardAccount();
    const application = await addApplication(account.account_id);

    const rotated = await asOperator<CreatedApplication>(
      'POST',
      `/v2/admin/accounts/${account.account_id}/applications/${application.client_id}/rotate-secret`,
    );

    expect(rotated.status).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    expect(rotated.body.client_secret).not.toBe(application.client_secret);
    expect(rotated.body.secret_rotated_at).toEqual(expect.any(String));
  });

  it('may only be managed with the identity scopes', async () => {
    const partner = api(0);
    const token = await partner.token();

    const response = await partner.request('POST', `/v2/admin/accounts/${partner.accountId}/applications`, {
      token,
      body: { name: 'self-service', allowed_scopes: ['webhooks'] },
      headers: { 'idempotency-key': randomUUID() },
    });

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ details: { required_scope: 'identity.application:*' } });
  });
});

describe('idempotent account creation', () => {
  it('replays the first response for the same key and body, creating nothing twice', async () => {
    const { csrPem } = await partnerKeyAndCsr();
    const name = `Replay ${randomUUID()}`;
    const key = randomUUID();

    const first = await asOperator<CreatedAccount>('POST', '/v2/admin/accounts', {
      body: { name, csr_pem: csrPem },
      idempotencyKey: key,
    });
    const second = await asOperator<CreatedAccount>('POST', '/v2/admin/accounts', {
      body: { csr_pem: csrPem, name },
      idempotencyKey: key,
    });

    expect(first.status).toBe(201);
    expect(first.headers['idempotency-status']).toBe('created');
    expect(second.status).toBe(201);
    expect(second.headers['idempotency-status']).toBe('reused');
    expect(second.headers['idempotency-key']).toBe(key);
    expect(second.body).toEqual(first.body);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await accountsNamed(name)).toHaveLength(1);
  });

  it('refuses the same key with a different body: 409 IdempotencyConflict, nothing created', async () => {
    const { csrPem } = await partnerKeyAndCsr();
    const name = `Conflict ${randomUUID()}`;
    const key = randomUUID();
    await asOperator('POST', '/v2/admin/accounts', { body: { name, csr_pem: csrPem }, idempotencyKey: key });

    const response = await asOperator('POST', '/v2/admin/accounts', {
      body: { name: `${name} (renamed)`, csr_pem: csrPem },
      idempotencyKey: key,
    });

    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'IdempotencyConflict' });
    expect(await accountsNamed(`${name} (renamed)`)).toHaveLength(0);
  });

  it('requires the Idempotency-Key header: 422', async () => {
    const { csrPem } = await partnerKeyAndCsr();
    const name = `No key ${randomUUID()}`;

    const response = await asOperator('POST', '/v2/admin/accounts', {
      body: { name, csr_pem: csrPem },
      idempotencyKey: null,
    });

    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ details: { errors: [{ path: 'headers.idempotency-key' }] } });
    expect(await accountsNamed(name)).toHaveLength(0);
  });

  it('creates exactly one account from 20 concurrent requests with one key', async () => {
    const { csrPem } = await partnerKeyAndCsr();
    const name = `Concurrent ${randomUUID()}`;
    const key = randomUUID();
    const before = await accountsNamed(name);

    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        asOperator<CreatedAccount>('POST', '/v2/admin/accounts', {
          body: { name, csr_pem: csrPem },
          idempotencyKey: key,
        }),
      ),
    );

    const after = await accountsNamed(name);
    expect(before).toHaveLength(0);
    expect(after).toHaveLength(1);
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    expect(new Set(responses.map((response) => response.body.account_id))).toEqual(
      new Set([after[0]?.account_id]),
    );
    expect(responses.filter((response) => response.headers['idempotency-status'] === 'created')).toHaveLength(
      1,
    );
  });
});
