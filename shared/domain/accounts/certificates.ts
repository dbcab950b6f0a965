import type { WriteCommitter } from '../employees/ports.ts';
import { ConcurrentChangeError, ConflictError, NotFoundError } from '../errors.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import {
  type Account,
  issuedCertificate,
  maxActiveCertificatesPerAccount,
  type PartnerCertificate,
} from './model.ts';
import type { AccountPorts } from './ports.ts';
import { getAccount } from './service.ts';

/*
 * Certificates per account (docs/accounts.md, Certificates): an account holds up to three active mTLS
 * client certificates, so a partner rolls one over before it expires and a leaked key is cut off by
 * revoking its certificate alone. Every change writes the certificate item and the account's list of
 * active fingerprints (what authentication reads) in one transaction, conditional on the account's
 * certificates not having changed since they were read.
 */

type CertificatePorts = Pick<AccountPorts, 'accounts' | 'partnerCertificates'>;

/**
 * An account stored before certificates per account holds its first certificate only inside the
 * account item (`certificatesVersion` 0): it reads as that account's one active certificate, and the
 * first change stores it as an item of its own.
 */
function embeddedCertificate(account: Account): PartnerCertificate {
  return {
    ...account.certificate,
    accountId: account.accountId,
    status: 'Active',
    createdAt: account.createdAt,
    revokedAt: null,
  };
}

async function certificatesOf(ports: CertificatePorts, account: Account): Promise<PartnerCertificate[]> {
  if (account.certificatesVersion === 0) return [embeddedCertificate(account)];
  return ports.partnerCertificates.listOfAccount(account.accountId);
}

/** Every certificate of the account, revoked ones included, newest first. */
export async function listCertificates(
  ports: CertificatePorts,
  accountId: string,
): Promise<PartnerCertificate[]> {
  return certificatesOf(ports, await getAccount(ports, accountId));
}

/**
 * Signs the partner's CSR for the account as another active certificate; a 4th active one is a 409
 * CertificateLimitReached. The certificate works for calls from the commit on (authentication caches
 * an account's fingerprints for a bounded time, and an unknown fingerprint is read again at once).
 */
export async function addCertificate(
  ports: Pick<AccountPorts, 'accounts' | 'partnerCertificates' | 'certificates'>,
  input: { accountId: string; csrPem: string },
  uow: UnitOfWork,
  now: Date,
): Promise<PartnerCertificate> {
  const account = await getAccount(ports, input.accountId);
  const active = account.activeCertificateFingerprints;
  if (active.length >= maxActiveCertificatesPerAccount) {
    throw new ConflictError(
      'CertificateLimitReached',
      `An account holds at most ${maxActiveCertificatesPerAccount} active certificates; revoke one first.`,
      { details: { max_active: maxActiveCertificatesPerAccount } },
    );
  }
  const signed = await ports.certificates.signPartnerCsr({
    csrPem: input.csrPem,
    accountId: account.accountId,
    now,
  });
  const timestamp = now.toISOString();
  const certificate = issuedCertificate(account.accountId, signed, timestamp);
  uow.stage(
    ports.accounts.setActiveCertificates(account, [...active, certificate.fingerprintSha256], timestamp),
    ports.partnerCertificates.create(certificate),
    ...(account.certificatesVersion === 0
      ? [ports.partnerCertificates.create(embeddedCertificate(account))]
      : []),
  );
  return certificate;
}

/**
 * Revokes one certificate of the account: calls with it are refused (401) within the bound of the
 * authentication cache. The last active certificate may be revoked too, which cuts the account off
 * until it gets a new one: a leaked key must stop working at once, whatever else it leaves. Another
 * account's serial is a 404, as a missing one; a revoked one a 409 CertificateInvalidState.
 */
export async function revokeCertificate(
  ports: CertificatePorts,
  input: { accountId: string; serialNumber: string },
  uow: UnitOfWork,
  now: Date,
): Promise<PartnerCertificate> {
  const account = await getAccount(ports, input.accountId);
  const serialNumber = input.serialNumber.toLowerCase();
  const certificate = (await certificatesOf(ports, account)).find(
    (found) => found.serialNumber === serialNumber,
  );
  if (!certificate) {
    throw new NotFoundError(
      'ResourceNotFound',
      `No certificate ${serialNumber} in account ${account.accountId}.`,
    );
  }
  if (certificate.status === 'Revoked') {
    throw new ConflictError('CertificateInvalidState', 'The certificate is revoked already.', {
      details: { status: certificate.status },
    });
  }
  const timestamp = now.toISOString();
  const revoked: PartnerCertificate = { ...certificate, status: 'Revoked', revokedAt: timestamp };
  uow.stage(
    ports.accounts.setActiveCertificates(
      account,
      account.activeCertificateFingerprints.filter(
        (fingerprint) => fingerprint !== certificate.fingerprintSha256,
      ),
      timestamp,
    ),
    account.certificatesVersion === 0
      ? ports.partnerCertificates.create(revoked)
      : ports.partnerCertificates.revoke(certificate, timestamp),
  );
  return revoked;
}

/**
 * Stores the embedded certificate of each account stored before certificates per account as an item
 * of its own (what its first change would do), so the expiry index holds it: those are the accounts
 * whose certificates expire first. The daily expiry check runs it before it counts; once every
 * account is done it only pages through the account list. An account changed meanwhile did it itself.
 */
export async function indexEmbeddedCertificates(
  ports: CertificatePorts & { committer: WriteCommitter },
): Promise<number> {
  let stored = 0;
  let cursor: string | undefined;
  do {
    const page = await ports.accounts.list({ limit: 200, cursor });
    for (const account of page.items) {
      if (account.certificatesVersion !== 0) continue;
      try {
        await ports.committer.commit([
          ports.accounts.setActiveCertificates(
            account,
            account.activeCertificateFingerprints,
            account.updatedAt,
          ),
          ports.partnerCertificates.create(embeddedCertificate(account)),
        ]);
        stored++;
      } catch (error) {
        if (!(error instanceof ConcurrentChangeError)) throw error;
      }
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return stored;
}
