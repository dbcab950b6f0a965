import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PartnerCertificate } from '../../../shared/domain/accounts/model.ts';
import type {
  CertificateExpiryIndex,
  PartnerCertificateStore,
} from '../../../shared/domain/accounts/ports.ts';
import { ConflictError } from '../../../shared/domain/errors.ts';
import type { StagedWrite } from '../../../shared/domain/unit-of-work.ts';
import { refusalOf, type StagingStore } from './staging.ts';

/**
 * What every partner certificate store does, the in-memory one of the unit tests and DynamoDB's alike:
 * creates refuse an existing serial, an account's certificates list newest first, a revoke holds once,
 * and the expiry index holds the active ones only.
 */
export function partnerCertificateStoreContract(
  name: string,
  subject: () => StagingStore<PartnerCertificateStore & CertificateExpiryIndex>,
): void {
  const store = () => subject().store;
  const commit = (...writes: StagedWrite[]) => subject().commit(writes);
  // Far in the future: the expiry index of a shared stage holds no other test's certificates there.
  const notAfterBase = Date.parse('2290-01-01T00:00:00.000Z') + Math.floor(Math.random() * 1e9) * 1000;
  const aCertificate = (accountId: string, createdAt: string, notAfter: number): PartnerCertificate => ({
    accountId,
    serialNumber: randomBytes(8).toString('hex'),
    fingerprintSha256: randomBytes(32).toString('hex'),
    subject: `CN=${accountId}, OU=Partners, O=Partner Travel Services`,
    notBefore: '2030-01-01T00:00:00.000Z',
    notAfter: new Date(notAfter).toISOString(),
    pem: '-----BEGIN CERTIFICATE-----\n...\n-----END CERTIFICATE-----\n',
    status: 'Active',
    createdAt,
    revokedAt: null,
  });

  describe(`the partner certificate store contract: ${name}`, () => {
    it("lists an account's certificates newest first, once committed, and no other account's", async () => {
      const accountId = randomUUID();
      const older = aCertificate(accountId, '2030-01-01T00:00:00.000Z', notAfterBase);
      const newer = aCertificate(accountId, '2030-02-01T00:00:00.000Z', notAfterBase);
      await commit(
        store().create(older),
        store().create(aCertificate(randomUUID(), older.createdAt, notAfterBase)),
      );

      const write = store().create(newer);
      const beforeCommit = await store().listOfAccount(accountId);
      await commit(write);

      expect(beforeCommit).toEqual([older]);
      expect(await store().listOfAccount(accountId)).toEqual([newer, older]);
    });

    it('refuses to create a certificate over an existing one', async () => {
      const certificate = aCertificate(randomUUID(), '2030-01-01T00:00:00.000Z', notAfterBase);
      await commit(store().create(certificate));

      const refused = await refusalOf(commit(store().create({ ...certificate, pem: 'other' })));

      expect(refused).toBeInstanceOf(Error);
      expect((await store().listOfAccount(certificate.accountId))[0]?.pem).toBe(certificate.pem);
    });

    it('revokes once: a second revoke answers CertificateInvalidState, and the index drops it', async () => {
      const accountId = randomUUID();
      const kept = aCertificate(accountId, '2030-01-01T00:00:00.000Z', notAfterBase + 1000);
      const revoked = aCertificate(accountId, '2030-01-02T00:00:00.000Z', notAfterBase + 2000);
      await commit(store().create(kept), store().create(revoked));
      const window = [new Date(notAfterBase), new Date(notAfterBase + 3000)] as const;
      const indexedOfAccount = async () =>
        (await store().expiringBetween(...window))
          .filter((certificate) => certificate.accountId === accountId)
          .map((certificate) => certificate.serialNumber);
      const indexedBefore = await indexedOfAccount();

      await commit(store().revoke(revoked, '2030-03-01T00:00:00.000Z'));
      const twice = await refusalOf(commit(store().revoke(revoked, '2030-03-02T00:00:00.000Z')));

      expect(indexedBefore).toEqual([kept.serialNumber, revoked.serialNumber]);
      expect(twice).toBeInstanceOf(ConflictError);
      expect(twice).toMatchObject({ code: 'CertificateInvalidState' });
      expect(await store().listOfAccount(accountId)).toEqual([
        { ...revoked, status: 'Revoked', revokedAt: '2030-03-01T00:00:00.000Z' },
        kept,
      ]);
      expect(await indexedOfAccount()).toEqual([kept.serialNumber]);
    });

    it('finds in the index only what expires within [from, until)', async () => {
      const accountId = randomUUID();
      const inside = aCertificate(accountId, '2030-01-01T00:00:00.000Z', notAfterBase + 10_000);
      const atUntil = aCertificate(accountId, '2030-01-01T00:00:00.000Z', notAfterBase + 20_000);
      await commit(store().create(inside), store().create(atUntil));

      const found = await store().expiringBetween(
        new Date(notAfterBase + 10_000),
        new Date(notAfterBase + 20_000),
      );

      expect(found.filter((certificate) => certificate.accountId === accountId)).toEqual([inside]);
    });
  });
}
