import type {
  Account,
  AccountManager,
  Application,
  PartnerCertificate,
} from '../../domain/accounts/model.ts';

/** Accounts, their applications and managers as operators and employees read them (shared/schemas/admin.ts). */
export function accountView(account: Account) {
  const { certificate } = account;
  return {
    account_id: account.accountId,
    name: account.name,
    kind: account.kind,
    status: account.status,
    plan: account.plan,
    certificate: {
      serial_number: certificate.serialNumber,
      fingerprint_sha256: certificate.fingerprintSha256,
      subject: certificate.subject,
      not_before: certificate.notBefore,
      not_after: certificate.notAfter,
    },
    created_at: account.createdAt,
    updated_at: account.updatedAt,
  };
}

export function certificateView(certificate: PartnerCertificate) {
  return {
    serial_number: certificate.serialNumber,
    fingerprint_sha256: certificate.fingerprintSha256,
    subject: certificate.subject,
    not_before: certificate.notBefore,
    not_after: certificate.notAfter,
    status: certificate.status,
    created_at: certificate.createdAt,
    revoked_at: certificate.revokedAt,
  };
}

export function applicationView(application: Application) {
  return {
    client_id: application.clientId,
    account_id: application.accountId,
    name: application.name,
    allowed_scopes: application.allowedScopes,
    status: application.status,
    created_at: application.createdAt,
    updated_at: application.updatedAt,
    secret_rotated_at: application.secretRotatedAt,
  };
}

export function accountManagerView(manager: AccountManager) {
  return {
    account_id: manager.accountId,
    employee_id: manager.employeeId,
    assigned_at: manager.assignedAt,
    assigned_by: manager.assignedBy,
  };
}
