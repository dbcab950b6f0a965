import { describe, expect, it } from 'vitest';
import {
  addCertificate,
  indexEmbeddedCertificates,
  listCertificates,
  revokeCertificate,
} from '../../../shared/domain/accounts/certificates.ts';
import type { Account } from '../../../shared/domain/accounts/model.ts';
import { ConcurrentChangeError, ConflictError, NotFoundError } from '../../../shared/domain/errors.ts';
import { commitFakeWrites } from '../support/commit.ts';
import { FakeUnitOfWork, refusalOf } from '../support/unit-of-work.ts';
import { anAccount, FakeCertificateSigner, MemoryAccounts, MemoryPartnerCertificates, now } from './fakes.ts';

/** An account stored before certificates per account: its one certificate lives inside it. */
const legacyAccount = anAccount({ certificatesVersion: 0 });
const { accountId } = legacyAccount;

function portsWith(account: Account = legacyAccount) {
  return {
    accounts: new MemoryAccounts(account),
    partnerCertificates: new MemoryPartnerCertificates(),
    certificates: new FakeCertificateSigner(),
  };
}

async function added(ports: ReturnType<typeof portsWith>, count: number) {
  const certificates = [];
  for (let index = 0; index < count; index++) {
    const uow = new FakeUnitOfWork();
    certificates.push(await addCertificate(ports, { accountId, csrPem: `csr ${index}` }, uow, now));
    uow.commit();
  }
  return certificates;
}

describe('certificates per account', () => {
  it('lists the certificate embedded in an account stored before certificates per account as its active one', async () => {
    const listed = await listCertificates(portsWith(), accountId);

    expect(listed).toEqual([
      {
        ...legacyAccount.certificate,
        accountId,
        status: 'Active',
        createdAt: legacyAccount.createdAt,
        revokedAt: null,
      },
    ]);
  });

  it('adds a certificate signed from the CSR, stores the embedded one beside it, and makes both active', async () => {
    const ports = portsWith();
    const uow = new FakeUnitOfWork();

    const certificate = await addCertificate(ports, { accountId, csrPem: 'the CSR' }, uow, now);
    uow.commit();

    expect(ports.certificates.signed).toEqual([{ csrPem: 'the CSR', accountId, now }]);
    expect(certificate).toMatchObject({ accountId, status: 'Active', createdAt: now.toISOString() });
    expect((await ports.accounts.find(accountId))?.activeCertificateFingerprints).toEqual([
      legacyAccount.certificate.fingerprintSha256,
      certificate.fingerprintSha256,
    ]);
    expect((await listCertificates(ports, accountId)).map((listed) => listed.serialNumber)).toEqual([
      certificate.serialNumber,
      legacyAccount.certificate.serialNumber,
    ]);
  });

  it('refuses a 4th active certificate with 409 CertificateLimitReached and signs nothing', async () => {
    const ports = portsWith();
    await added(ports, 2);

    const refusal = await refusalOf(() =>
      addCertificate(ports, { accountId, csrPem: 'one too many' }, new FakeUnitOfWork(), now),
    );

    expect(refusal).toBeInstanceOf(ConflictError);
    expect(refusal).toMatchObject({ code: 'CertificateLimitReached', details: { max_active: 3 } });
    expect(ports.certificates.signed).toHaveLength(2);
  });

  it('revokes a certificate: its fingerprint leaves the active ones and a revoked one counts no more', async () => {
    const ports = portsWith();
    const [second, third] = await added(ports, 2);
    const uow = new FakeUnitOfWork();

    const revoked = await revokeCertificate(
      ports,
      { accountId, serialNumber: (second?.serialNumber ?? '').toUpperCase() },
      uow,
      now,
    );
    uow.commit();
    await added(ports, 1);

    expect(revoked).toMatchObject({ status: 'Revoked', revokedAt: now.toISOString() });
    const account = await ports.accounts.find(accountId);
    expect(account?.activeCertificateFingerprints).toHaveLength(3);
    expect(account?.activeCertificateFingerprints).not.toContain(second?.fingerprintSha256);
    expect(account?.activeCertificateFingerprints).toContain(third?.fingerprintSha256);
  });

  it('revokes the embedded certificate of an account stored before certificates per account by storing it revoked', async () => {
    const ports = portsWith();
    const uow = new FakeUnitOfWork();

    await revokeCertificate(
      ports,
      { accountId, serialNumber: legacyAccount.certificate.serialNumber },
      uow,
      now,
    );
    uow.commit();

    expect(await listCertificates(ports, accountId)).toMatchObject([{ status: 'Revoked' }]);
    expect((await ports.accounts.find(accountId))?.activeCertificateFingerprints).toEqual([]);
  });

  it('refuses to revoke a revoked certificate with 409 CertificateInvalidState', async () => {
    const ports = portsWith();
    const [certificate] = await added(ports, 1);
    const serialNumber = certificate?.serialNumber ?? '';
    const uow = new FakeUnitOfWork();
    await revokeCertificate(ports, { accountId, serialNumber }, uow, now);
    uow.commit();

    const refusal = await refusalOf(() =>
      revokeCertificate(ports, { accountId, serialNumber }, new FakeUnitOfWork(), now),
    );

    expect(refusal).toMatchObject({ code: 'CertificateInvalidState', details: { status: 'Revoked' } });
  });

  it("answers 404 for an unknown serial, another account's, or an unknown account", async () => {
    const other = anAccount({ accountId: '0b3c6a7e-0000-4000-8000-000000000002', certificatesVersion: 0 });
    const ports = portsWith();
    await ports.accounts.create(other).apply();

    const unknown = await refusalOf(() =>
      revokeCertificate(ports, { accountId, serialNumber: 'dead' }, new FakeUnitOfWork(), now),
    );
    const noAccount = await refusalOf(() => listCertificates(ports, '0b3c6a7e-0000-4000-8000-000000000009'));
    await added(ports, 1);
    const [theirs] = await listCertificates(ports, accountId);
    const crossed = await refusalOf(() =>
      revokeCertificate(
        ports,
        { accountId: other.accountId, serialNumber: theirs?.serialNumber ?? '' },
        new FakeUnitOfWork(),
        now,
      ),
    );

    for (const refusal of [unknown, noAccount, crossed]) expect(refusal).toBeInstanceOf(NotFoundError);
  });

  it('lets only one of two concurrent changes commit, so no fingerprint is lost', async () => {
    const ports = portsWith();
    const first = new FakeUnitOfWork();
    const second = new FakeUnitOfWork();

    await addCertificate(ports, { accountId, csrPem: 'a' }, first, now);
    await addCertificate(ports, { accountId, csrPem: 'b' }, second, now);
    first.commit();

    expect(() => second.commit()).toThrow(ConcurrentChangeError);
  });

  it('stores the embedded certificates of older accounts as items, so the expiry index holds them, once', async () => {
    const ports = portsWith();
    const current = anAccount({ accountId: '0b3c6a7e-0000-4000-8000-000000000003' });
    await ports.accounts.create(current).apply();
    const withCommitter = { ...ports, committer: { commit: commitFakeWrites } };

    const first = await indexEmbeddedCertificates(withCommitter);
    const second = await indexEmbeddedCertificates(withCommitter);

    expect([first, second]).toEqual([1, 0]);
    expect(await ports.partnerCertificates.listOfAccount(accountId)).toMatchObject([
      { serialNumber: legacyAccount.certificate.serialNumber, status: 'Active' },
    ]);
    expect(await ports.partnerCertificates.listOfAccount(current.accountId)).toEqual([]);
    expect(await ports.accounts.find(accountId)).toMatchObject({
      certificatesVersion: 1,
      activeCertificateFingerprints: legacyAccount.activeCertificateFingerprints,
      updatedAt: legacyAccount.updatedAt,
    });
    const expiring = await ports.partnerCertificates.expiringBetween(
      new Date('2030-12-01T00:00:00.000Z'),
      new Date('2031-02-01T00:00:00.000Z'),
    );
    expect(expiring.map((certificate) => certificate.accountId)).toEqual([accountId]);
  });
});
