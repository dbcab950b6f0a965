import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../functions/certificate-expiry/handler.ts';
import { certificateExpiryIndex } from '../../../shared/db/entities/partner-certificate.ts';
import { checkCertificateExpiry } from '../../../shared/domain/accounts/certificate-expiry.ts';
import { partnerCertificateSigner } from '../../../shared/pki/partner-ca.ts';
import { TestClock, useClock } from '../../../shared/util/clock.ts';
import { type ApiResponse, type ClientIdentity, endpoints } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import { asAdmin, asSupport, employeeLogin } from '../../support/employees.ts';
import {
  addApplication,
  asOperator,
  clientCredentials,
  onboardAccount,
  partnerKeyAndCsr,
} from '../admin/operator.ts';
import { type OwnGateway, ownGateway } from '../quotas/own-gateway.ts';

/** The stage trusts what it read about an account's certificates for 2 s (PRINCIPAL_STATUS_TTL_SECONDS). */
const boundMs = 2_000;

/**
 * The partner API of this file's own (its functions and their caches read this file's clock), so the
 * bound passes without a real wait, as in test/integration/auth/revocation.test.ts.
 */
const clock = TestClock.running();
const db = documentClient();
let partnerApi: OwnGateway;
let restoreClock: () => void;

beforeAll(async () => {
  restoreClock = useClock(clock);
  partnerApi = await ownGateway({ host: 'api', clock });
});
afterAll(async () => {
  await partnerApi.close();
  await employeeLogin.close();
  restoreClock();
});

interface Certificate {
  serial_number: string;
  fingerprint_sha256: string;
  not_before: string;
  not_after: string;
  status: string;
  revoked_at: string | null;
  certificate_pem?: string;
}

const certificatesOf = (accountId: string) => `/v2/admin/accounts/${accountId}/certificates`;

/** A partner's new key and the certificate the operator has signed for it. */
async function addCertificate(
  accountId: string,
): Promise<{ response: ApiResponse<Certificate>; identity: ClientIdentity }> {
  const { csrPem, keyPem } = await partnerKeyAndCsr();
  const response = await asOperator<Certificate>('POST', certificatesOf(accountId), {
    body: { csr_pem: csrPem },
  });
  return { response, identity: { cert: response.body.certificate_pem ?? '', key: keyPem } };
}

const revoke = (accountId: string, serial: string) =>
  asOperator<Certificate>('POST', `${certificatesOf(accountId)}/${serial}/revoke`);

async function partnerWithToken() {
  const onboarded = await onboardAccount();
  const application = await addApplication(onboarded.account.account_id);
  const issued = await clientCredentials(application.client_id, application.client_secret);
  if (!issued.body.access_token) throw new Error(`no token: ${JSON.stringify(issued.body)}`);
  return { ...onboarded, token: issued.body.access_token };
}

const listLounges = (token: string, cert: ClientIdentity) =>
  partnerApi.client.request('GET', '/v2/catalog/lounges?limit=1', { token, cert });

describe('certificates per account', () => {
  it('rotate: a second certificate works at once, and the first is refused with 401 once revoked and the bound has passed', async () => {
    const { account, identity: first, token } = await partnerWithToken();
    expect((await listLounges(token, first)).status).toBe(200);

    const { response: added, identity: second } = await addCertificate(account.account_id);
    const withSecond = await listLounges(token, second);
    const revoked = await revoke(account.account_id, account.certificate.serial_number);
    clock.advance(boundMs);
    const withFirst = await listLounges(token, first);

    expect(added.status).toBe(201);
    expect(added.headers.location).toBe(certificatesOf(account.account_id));
    expect(added.body).toMatchObject({ status: 'Active', revoked_at: null });
    expect(added.body.fingerprint_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(withSecond.status).toBe(200);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({
      serial_number: account.certificate.serial_number,
      status: 'Revoked',
    });
    expect(withFirst.status).toBe(401);
    expect(withFirst.body).toMatchObject({
      code: 'Unauthorized',
      details: { reason: 'certificate_not_active' },
    });
    expect(withFirst.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect((await listLounges(token, second)).status).toBe(200);
  });

  it('lists every certificate of the account, newest first, with serial, fingerprint, validity and status', async () => {
    const { account } = await onboardAccount();
    const { response: added } = await addCertificate(account.account_id);
    await revoke(account.account_id, account.certificate.serial_number);

    const listed = await asOperator<{ items: Certificate[] }>('GET', certificatesOf(account.account_id));
    const bySupport = await asSupport<{ items: Certificate[] }>(
      'GET',
      `/api/v1/admin/accounts/${account.account_id}/certificates`,
    );

    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item) => [item.serial_number, item.status])).toEqual([
      [added.body.serial_number, 'Active'],
      [account.certificate.serial_number, 'Revoked'],
    ]);
    expect(listed.body.items[1]).toMatchObject({
      not_before: account.certificate.not_before,
      not_after: account.certificate.not_after,
    });
    expect(listed.body.items[0]).not.toHaveProperty('certificate_pem');
    expect(bySupport.status).toBe(200);
    expect(bySupport.body).toEqual(listed.body);
  });

  it('refuses a 4th active certificate with 409 CertificateLimitReached', async () => {
    const { account } = await onboardAccount();
    await addCertificate(account.account_id);
    await addCertificate(account.account_id);

    const { response: fourth } = await addCertificate(account.account_id);

    expect(fourth.status).toBe(409);
    expect(fourth.body).toMatchObject({ code: 'CertificateLimitReached', details: { max_active: 3 } });
  });

  it('refuses to revoke a revoked certificate with 409 CertificateInvalidState', async () => {
    const { account } = await onboardAccount();
    await revoke(account.account_id, account.certificate.serial_number);

    const again = await revoke(account.account_id, account.certificate.serial_number);

    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CertificateInvalidState', details: { status: 'Revoked' } });
  });

  it("answers 404 for another account's certificate, an unknown serial and an unknown account", async () => {
    const { account: mine } = await onboardAccount();
    const { account: theirs } = await onboardAccount();

    const crossed = await revoke(mine.account_id, theirs.certificate.serial_number);
    const unknown = await revoke(mine.account_id, 'deadbeef');
    const noAccount = await asOperator('GET', certificatesOf('0b3c6a7e-0000-4000-8000-00000000dead'));

    for (const response of [crossed, unknown, noAccount]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'ResourceNotFound' });
    }
  });

  it('refuses a serial that is not hex with 422, and a support employee changing certificates with 403', async () => {
    const { account } = await onboardAccount();
    const { csrPem } = await partnerKeyAndCsr();

    const notHex = await revoke(account.account_id, 'not-a-serial');
    const supportAdds = await asSupport('POST', `/api/v1/admin/accounts/${account.account_id}/certificates`, {
      body: { csr_pem: csrPem },
    });
    const badCsr = await asOperator('POST', certificatesOf(account.account_id), {
      body: { csr_pem: 'nope' },
    });

    expect(notHex.status).toBe(422);
    expect(supportAdds.status).toBe(403);
    expect(badCsr.status).toBe(422);
    expect(badCsr.body).toMatchObject({ code: 'ValidationError' });
  });

  it('lets an employee revoke the last active certificate: the account is cut off until it gets a new one', async () => {
    const { account, identity, token } = await partnerWithToken();
    expect((await listLounges(token, identity)).status).toBe(200);

    const revoked = await asAdmin<Certificate>(
      'POST',
      `/api/v1/admin/accounts/${account.account_id}/certificates/${account.certificate.serial_number}/revoke`,
    );
    clock.advance(boundMs);
    const cutOff = await listLounges(token, identity);
    const { identity: fresh } = await addCertificate(account.account_id);

    const audit = await asAdmin<{ data: { action: string; actor: { type: string }; target: unknown }[] }>(
      'GET',
      `/api/v1/admin/audit-log?target=${account.certificate.serial_number}`,
    );

    expect(revoked.status).toBe(200);
    expect(cutOff.status).toBe(401);
    expect((await listLounges(token, fresh)).status).toBe(200);
    expect(audit.body.data).toMatchObject([
      {
        action: 'employeeRevokeAccountCertificate',
        actor: { type: 'employee' },
        target: { type: 'certificate', id: account.certificate.serial_number },
      },
    ]);
  });

  it("keeps the account views as they were: the first certificate stays the account's `certificate`", async () => {
    const { account } = await onboardAccount();
    await addCertificate(account.account_id);

    const read = await asOperator<typeof account>('GET', `/v2/admin/accounts/${account.account_id}`);

    expect(read.body.certificate).toEqual(account.certificate);
  });

  it('refuses with 401 a certificate the partner CA signed for the account but the service never recorded', async () => {
    const { account, identity, token } = await partnerWithToken();
    const { csrPem, keyPem } = await partnerKeyAndCsr();
    // What a retried create discards with its failed transaction: a valid signature, no record.
    const unrecorded = await partnerCertificateSigner.signPartnerCsr({
      csrPem,
      accountId: account.account_id,
      now: new Date(),
    });

    const refused = await listLounges(token, { cert: unrecorded.certificatePem, key: keyPem });

    expect((await listLounges(token, identity)).status).toBe(200);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ details: { reason: 'certificate_not_active' } });
  });

  it('keeps an account stored before certificates per account working, and stores its certificate at the first change', async () => {
    const { account, identity, token } = await partnerWithToken();
    const key = { pk: `ACCOUNT_ADMIN#${account.account_id}` };
    await db.send(
      new UpdateCommand({
        TableName: endpoints().tables.main,
        Key: { ...key, sk: 'ACCOUNT' },
        UpdateExpression: 'REMOVE active_certificate_fingerprints, certificates_version',
      }),
    );
    await db.send(
      new DeleteCommand({
        TableName: endpoints().tables.main,
        Key: { ...key, sk: `CERTIFICATE#${account.certificate.serial_number}` },
      }),
    );
    clock.advance(boundMs);

    const works = await listLounges(token, identity);
    const listed = await asOperator<{ items: Certificate[] }>('GET', certificatesOf(account.account_id));
    const { response: added, identity: second } = await addCertificate(account.account_id);
    const afterChange = await asOperator<{ items: Certificate[] }>('GET', certificatesOf(account.account_id));

    expect(works.status).toBe(200);
    expect(listed.body.items).toMatchObject([
      { serial_number: account.certificate.serial_number, status: 'Active' },
    ]);
    expect(added.status).toBe(201);
    expect(afterChange.body.items.map((item) => item.serial_number)).toEqual([
      added.body.serial_number,
      account.certificate.serial_number,
    ]);
    expect((await listLounges(token, identity)).status).toBe(200);
    expect((await listLounges(token, second)).status).toBe(200);
  });

  // Last: it moves this file's clock most of a year ahead.
  it('the daily expiry check finds an active certificate 30 days before it expires, from the index, and no revoked one', async () => {
    const { account } = await onboardAccount();
    const { response: added } = await addCertificate(account.account_id);
    await revoke(account.account_id, account.certificate.serial_number);
    const serialsDue = async () =>
      (await checkCertificateExpiry(certificateExpiryIndex, clock.now())).expiringSoon
        .filter((certificate) => certificate.accountId === account.account_id)
        .map((certificate) => certificate.serialNumber);
    const notAfter = Date.parse(added.body.not_after);

    const aYearAhead = await serialsDue();
    clock.advanceTo(new Date(notAfter - 31 * 86_400_000));
    const thirtyOneDaysAhead = await serialsDue();
    clock.advanceTo(new Date(notAfter - 29 * 86_400_000));
    const twentyNineDaysAhead = await serialsDue();
    const run = await handler();

    expect(aYearAhead).toEqual([]);
    expect(thirtyOneDaysAhead).toEqual([]);
    expect(twentyNineDaysAhead).toEqual([added.body.serial_number]);
    expect(run.expiring_soon).toBeGreaterThanOrEqual(1);
    expect(run.days_until_first_expiry).toBeLessThanOrEqual(29);
  });
});
